import { listActivity } from "~/features/activity/activity.server";
import { addAdoption, deleteAdoption, listAdoptions, recordPayment, updateAdoption } from "~/features/adoptions/admin-adoptions.server";
import { addAsset, deleteAsset, listAssets, updateAsset } from "~/features/assets/assets.server";
import { addCalendarImport, newCalendarLink, removeCalendarImport, syncCalendarNow } from "~/features/calendar-sync/calendar-sync-commands.server";
import { addBooking, deleteBooking, listBookings, updateBooking } from "~/features/bookings/admin-bookings.server";
import { addTier, deleteTier, listTiers, updateTier } from "~/features/hive-tiers/hive-tiers.server";
import { addHive, deleteHive, listHives, postHiveUpdate, updateHive } from "~/features/hives/hives.server";
import { addPage, deletePage, listPages, updatePage } from "~/features/pages/pages.server";
import { addPost, deletePost, listPosts, updatePost } from "~/features/posts/posts.server";
import { addLocation, deleteLocation, listLocations, updateLocation } from "~/features/locations/locations.server";
import { addMenuItem, deleteMenuItem, listMenuItems, moveMenuItem, setMenuItemVisibility, updateMenuItem } from "~/features/menu-items/menu-items.server";
import { addRolePermission, deleteRolePermission, listRolePermissions, updateRolePermission } from "~/features/role-permissions/role-permissions.server";
import { listSponsors } from "~/features/sponsors/sponsors.server";
import { resetPasswordByStaff } from "~/features/users/staff-password-reset.server";
import { listUsers, replaceUserRoles, updateUserProfile } from "~/features/users/users.server";
import type { Result } from "~/platform/result";
import type { BackOfficeContext } from "./context";
import type { ListParams } from "~/platform/list-params";

/** The server half of a screen: its list query and its commands, each checking permission itself. */
export type ScreenServer = {
  list(ctx: BackOfficeContext, params: ListParams, page?: { limit: number; offset: number }): Promise<{ rows: unknown[]; total: number }>;
  commands: Record<string, (ctx: BackOfficeContext, input: unknown) => Promise<Result<unknown>>>;
};

/** Keyed by the screen's id (screens.ts); the authorization test checks the two lists agree. */
export const SCREEN_SERVERS: Readonly<Record<string, ScreenServer>> = {
  bookings: {
    list: listBookings,
    commands: { add: addBooking, edit: updateBooking, delete: deleteBooking },
  },
  assets: {
    list: listAssets,
    commands: { add: addAsset, edit: updateAsset, delete: deleteAsset, "calendar-add": addCalendarImport, "calendar-remove": removeCalendarImport, "calendar-sync": syncCalendarNow, "calendar-link": newCalendarLink },
  },
  locations: {
    list: listLocations,
    commands: { add: addLocation, edit: updateLocation, delete: deleteLocation },
  },
  "hive-tiers": {
    list: listTiers,
    commands: { add: addTier, edit: updateTier, delete: deleteTier },
  },
  "hive-adoptions": {
    list: listAdoptions,
    commands: {
      add: addAdoption,
      edit: updateAdoption,
      delete: deleteAdoption,
      payment: (ctx, input) => recordPayment(ctx, input),
      "reset-password": (ctx, input) => resetPasswordByStaff(ctx, "hive_adoptions", input),
    },
  },
  hives: {
    list: listHives,
    commands: { add: addHive, edit: updateHive, delete: deleteHive, "post-update": postHiveUpdate },
  },
  sponsors: {
    list: listSponsors,
    commands: { "reset-password": (ctx, input) => resetPasswordByStaff(ctx, "sponsors", input) },
  },
  users: {
    list: listUsers,
    commands: {
      "manage-roles": replaceUserRoles,
      "edit-profile": updateUserProfile,
      "reset-password": (ctx, input) => resetPasswordByStaff(ctx, "users", input),
    },
  },
  "role-permissions": {
    list: listRolePermissions,
    commands: { add: addRolePermission, edit: updateRolePermission, delete: deleteRolePermission },
  },
  activity: { list: listActivity, commands: {} },
  pages: {
    list: listPages,
    commands: { add: addPage, edit: updatePage, delete: deletePage },
  },
  posts: {
    list: listPosts,
    commands: { add: addPost, edit: updatePost, delete: deletePost },
  },
  "menu-items": {
    list: listMenuItems,
    commands: { add: addMenuItem, edit: updateMenuItem, delete: deleteMenuItem, "set-visibility": setMenuItemVisibility, move: moveMenuItem },
  },
};
