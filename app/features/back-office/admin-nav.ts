import type { LucideIcon } from "lucide-react";
import { createContext } from "react";
import { BACK_OFFICE_SCREENS } from "./screens";

/** The requests waiting for a decision beside a menu entry (Bookings, Hive Adoptions), by screen id; given by the admin layout. */
export const MenuCounts = createContext<Readonly<Record<string, number>>>({});

export type AdminNavEntry = { id: string; label: string; to: string; icon: LucideIcon };

/**
 * The back-office menu, from the screen declarations in the spec's order: only the screens
 * that exist and that this person may view (`visible`, decided on the server).
 */
export function adminMenu(visible: readonly string[]) {
  const entries = BACK_OFFICE_SCREENS.filter((screen) => visible.includes(screen.id));
  const toEntry = (screen: (typeof entries)[number]): AdminNavEntry => ({ id: screen.id, label: screen.label, to: screen.path, icon: screen.icon });
  return {
    main: entries.filter((screen) => screen.group === "main").map(toEntry),
    site: entries.filter((screen) => screen.group === "site").map(toEntry),
  };
}
