// Relative imports down this chain: routes.ts loads it before the "~" alias exists.
import { activityScreen } from "../activity/activity.screen";
import { adoptionsScreen } from "../adoptions/adoptions.screen";
import { assetsScreen } from "../assets/assets.screen";
import { bookingsScreen } from "../bookings/bookings.screen";
import { hiveTiersScreen } from "../hive-tiers/hive-tiers.screen";
import { hivesScreen } from "../hives/hives.screen";
import { locationsScreen } from "../locations/locations.screen";
import { menuItemsScreen } from "../menu-items/menu-items.screen";
import { pagesScreen } from "../pages/pages.screen";
import { postsScreen } from "../posts/posts.screen";
import { rolePermissionsScreen } from "../role-permissions/role-permissions.screen";
import { ssoProvidersScreen } from "../single-sign-on/sso-providers.screen";
import { sponsorsScreen } from "../sponsors/sponsors.screen";
import { usersScreen } from "../users/users.screen";
import type { ScreenDeclaration } from "./screen";

/**
 * Every back-office screen, in the menu's order (the spec's: Bookings … Sponsors, User
 * Management, Role Permissions, then the Site group). A screen appears here once it exists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen has its own row type
export const BACK_OFFICE_SCREENS: readonly ScreenDeclaration<any>[] = [bookingsScreen, locationsScreen, assetsScreen, hiveTiersScreen, adoptionsScreen, hivesScreen, sponsorsScreen, usersScreen, rolePermissionsScreen, ssoProvidersScreen, activityScreen, pagesScreen, postsScreen, menuItemsScreen];

export const screenById = (id: string) => BACK_OFFICE_SCREENS.find((screen) => screen.id === id);
