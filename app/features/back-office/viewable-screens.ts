import type { Actor } from "~/features/accounts/actor";
import { can } from "~/features/accounts/permissions";
import { BACK_OFFICE_SCREENS } from "./screens";

/** The screens this person may open, in the menu's order (none before the first-login change). */
export const viewableScreens = (actor: Actor) => BACK_OFFICE_SCREENS.filter((screen) => can(actor, screen.module, "view"));
