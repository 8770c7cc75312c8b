import {
  CalendarDays,
  Caravan,
  FileText,
  HeartHandshake,
  Hexagon,
  Layers,
  ListOrdered,
  MapPin,
  Newspaper,
  ShieldCheck,
  Users,
  type LucideIcon,
} from "lucide-react";

export type AdminNavEntry = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Screens not built yet are listed, so the shape of the back-office is clear, but not linked. */
  ready: boolean;
};

/** The back-office menu in the spec's order; a screen's `ready` turns on when its route exists. */
export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { label: "Bookings", to: "/admin", icon: CalendarDays, ready: true },
  { label: "Locations", to: "/admin/locations", icon: MapPin, ready: false },
  { label: "Assets", to: "/admin/assets", icon: Caravan, ready: false },
  { label: "Hive Tiers", to: "/admin/hive-tiers", icon: Layers, ready: false },
  { label: "Hive Adoptions", to: "/admin/hive-adoptions", icon: Hexagon, ready: false },
  { label: "Sponsors", to: "/admin/sponsors", icon: HeartHandshake, ready: false },
  { label: "User Management", to: "/admin/users", icon: Users, ready: false },
  { label: "Role Permissions", to: "/admin/role-permissions", icon: ShieldCheck, ready: false },
];

export const ADMIN_SITE_NAV: readonly AdminNavEntry[] = [
  { label: "Pages", to: "/admin/pages", icon: FileText, ready: false },
  { label: "Posts", to: "/admin/posts", icon: Newspaper, ready: false },
  { label: "Menu Items", to: "/admin/menu-items", icon: ListOrdered, ready: false },
];
