import { listActivity } from "~/features/activity/activity.server";
import { activateAdoption, activateAdoptions, addAdoption, deleteAdoption, listAdoptions, recordPayment, undoActivation, updateAdoption } from "~/features/adoptions/admin-adoptions.server";
import { ADOPTION_DECISION_FAILURES } from "~/features/adoptions/messages";
import { addAsset, deleteAsset, listAssets, updateAsset } from "~/features/assets/assets.server";
import { addCalendarImport, newCalendarLink, removeCalendarImport, syncCalendarNow } from "~/features/calendar-sync/calendar-sync-commands.server";
import { addBooking, confirmBooking, decideBookings, declineBooking, deleteBooking, listBookings, undoBookingDecision, updateBooking } from "~/features/bookings/admin-bookings.server";
import { BOOKING_DECISION_FAILURES, bookingsErrorTitle, bookingsListFailed } from "~/features/bookings/messages";
import { addTier, deleteTier, listTiers, updateTier } from "~/features/hive-tiers/hive-tiers.server";
import { addHive, deleteHive, listHives, postHiveUpdate, updateHive } from "~/features/hives/hives.server";
import { addPage, deletePage, listPages, updatePage } from "~/features/pages/pages.server";
import { POST_DELETE_FAILED, postsListFailed } from "~/features/posts/messages";
import { addPost, deletePost, listPosts, updatePost } from "~/features/posts/posts.server";
import { addLocation, deleteLocation, listLocations, updateLocation } from "~/features/locations/locations.server";
import { addMenuItem, deleteMenuItem, listMenuItems, moveMenuItem, setMenuItemVisibility, updateMenuItem } from "~/features/menu-items/menu-items.server";
import { MENU_ITEM_FAILURE_TITLES, MENU_ITEMS_LIST_FAILED } from "~/features/menu-items/messages";
import { addRolePermission, deleteRolePermission, listRolePermissions, saveRoleGrid, updateRolePermission } from "~/features/role-permissions/role-permissions.server";
import { addSsoProvider, deleteSsoProvider, listSsoProviders, updateSsoProvider } from "~/features/single-sign-on/sso-providers.server";
import { listSponsors } from "~/features/sponsors/sponsors.server";
import { endSessionsOf, setAccountAccess } from "~/features/users/account-access.server";
import { resetPasswordByStaff } from "~/features/users/staff-password-reset.server";
import { resetFactorsByStaff } from "~/features/accounts/second-factors.server";
import { PASSWORD_RESET_FAILED } from "~/features/users/messages";
import { listUsers, replaceUserRoles, updateUserProfile } from "~/features/users/users.server";
import { httpCode } from "~/platform/errors/classify";
import type { AppErrorRecord } from "~/platform/errors/classify";
import type { Refusal, Result } from "~/platform/result";
import type { BackOfficeContext } from "./context";
import type { ListParams } from "~/platform/list-params";
import type { ListPage } from "./paged-list.server";

/**
 * The server half of a screen: its list query and its commands, each checking permission itself,
 * and the spec's words for what failed where the screen has its own (messages.ts of its feature).
 */
export type ScreenServer = {
  list(ctx: BackOfficeContext, params: ListParams, page?: ListPage): Promise<{ rows: unknown[]; total: number }>;
  commands: Record<string, (ctx: BackOfficeContext, input: unknown) => Promise<Result<unknown>>>;
  /** The toast title of a refused command, by intent ("Failed to add menu item"); "Error" for the others. */
  failureTitles?: Readonly<Record<string, string | ((refusal: Refusal) => string)>>;
  /** With it, a list that can't be read leaves the screen up, empty, with this error toast, instead of the error page. */
  listFailure?: (error: AppErrorRecord) => { title: string; description: string };
};

const PASSWORD_RESET_FAILURE = { "reset-password": PASSWORD_RESET_FAILED };

/** Keyed by the screen's id (screens.ts); the authorization test checks the two lists agree. */
export const SCREEN_SERVERS: Readonly<Record<string, ScreenServer>> = {
  bookings: {
    list: listBookings,
    commands: {
      add: addBooking,
      edit: updateBooking,
      delete: deleteBooking,
      confirm: confirmBooking,
      decline: declineBooking,
      "bulk-confirm": decideBookings("confirmed"),
      "bulk-decline": decideBookings("cancelled"),
      undo: undoBookingDecision,
    },
    failureTitles: { delete: (refusal) => bookingsErrorTitle(httpCode(refusal.status)), ...BOOKING_DECISION_FAILURES },
    listFailure: bookingsListFailed,
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
      activate: activateAdoption,
      "bulk-activate": activateAdoptions,
      undo: undoActivation,
    },
    failureTitles: { ...PASSWORD_RESET_FAILURE, ...ADOPTION_DECISION_FAILURES },
  },
  hives: {
    list: listHives,
    commands: { add: addHive, edit: updateHive, delete: deleteHive, "post-update": postHiveUpdate },
  },
  sponsors: {
    list: listSponsors,
    commands: {
      "reset-password": (ctx, input) => resetPasswordByStaff(ctx, "sponsors", input),
      "reset-factors": (ctx, input) => resetFactorsByStaff(ctx, "sponsors", input),
    },
    failureTitles: PASSWORD_RESET_FAILURE,
  },
  users: {
    list: listUsers,
    commands: {
      "manage-roles": replaceUserRoles,
      "edit-profile": updateUserProfile,
      "reset-password": (ctx, input) => resetPasswordByStaff(ctx, "users", input),
      "reset-factors": (ctx, input) => resetFactorsByStaff(ctx, "users", input),
      "end-sessions": endSessionsOf,
      "account-access": setAccountAccess,
    },
    failureTitles: PASSWORD_RESET_FAILURE,
  },
  "role-permissions": {
    list: listRolePermissions,
    commands: { add: addRolePermission, edit: updateRolePermission, delete: deleteRolePermission, "save-grid": saveRoleGrid },
  },
  "single-sign-on": {
    list: listSsoProviders,
    commands: { add: addSsoProvider, edit: updateSsoProvider, delete: deleteSsoProvider },
  },
  activity: { list: listActivity, commands: {} },
  pages: {
    list: listPages,
    commands: { add: addPage, edit: updatePage, delete: deletePage },
  },
  posts: {
    list: listPosts,
    commands: { add: addPost, edit: updatePost, delete: deletePost },
    failureTitles: { delete: POST_DELETE_FAILED },
    listFailure: postsListFailed,
  },
  "menu-items": {
    list: listMenuItems,
    commands: { add: addMenuItem, edit: updateMenuItem, delete: deleteMenuItem, "set-visibility": setMenuItemVisibility, move: moveMenuItem },
    failureTitles: MENU_ITEM_FAILURE_TITLES,
    listFailure: () => MENU_ITEMS_LIST_FAILED,
  },
};
