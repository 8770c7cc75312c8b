import { MapPin } from "lucide-react";
import { defineScreen } from "../back-office/screen";
import type { LocationRow } from "./locations.server";

export const locationsScreen = defineScreen<LocationRow>({
  id: "locations",
  module: "locations",
  path: "/admin/locations",
  routeFile: "routes/admin/locations.tsx",
  label: "Locations",
  heading: "Locations",
  description: "The properties where guests stay: their address, amenities and time zone.",
  icon: MapPin,
  group: "main",
  liveTables: ["locations", "assets"],
  list: {
    sorts: ["name", "address", "assets"],
    defaultSort: { id: "name", dir: "asc" },
    searchLabel: "Search by name or address",
    empty: "No locations found.",
  },
  columns: [
    { id: "name", header: "Name", value: (row) => row.name, sortable: true },
    { id: "address", header: "Address", value: (row) => row.address, cell: (row) => <span className="block min-w-48 whitespace-normal max-sm:min-w-0">{row.address}</span>, sortable: true },
    {
      id: "amenities",
      header: "Amenities",
      // The CSV has them all; the list shows the spec's first three and "+N".
      value: (row) => row.amenities.join(", "),
      cell: (row) =>
        row.amenities.length > 0 ? (
          <span className="flex flex-wrap gap-1.5">
            {row.amenities.slice(0, 3).map((amenity) => (
              <span key={amenity} className="rounded-full bg-forest-50 px-2 py-0.5 text-xs font-medium text-forest-800">
                {amenity}
              </span>
            ))}
            {row.amenities.length > 3 && <span className="rounded-full bg-cream-dark px-2 py-0.5 text-xs font-semibold text-ink-muted">+{row.amenities.length - 3}</span>}
          </span>
        ) : (
          <span className="text-ink-muted">—</span>
        ),
    },
    { id: "assets", header: "Assets", value: (row) => String(row.assetCount), sortable: true },
  ],
  commands: { add: "create", edit: "update", delete: "delete" },
});
