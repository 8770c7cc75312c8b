import { resetPasswordByStaff } from "~/features/users/staff-password-reset.server";
import { listUsers, replaceUserRoles, updateUserProfile } from "~/features/users/users.server";
import type { CommandResult } from "./command";
import type { BackOfficeContext } from "./context";
import type { ListParams } from "./list-params";

/** The server half of a screen: its list query and its commands, each checking permission itself. */
export type ScreenServer = {
  list(ctx: BackOfficeContext, params: ListParams, page?: { limit: number; offset: number }): Promise<{ rows: unknown[]; total: number }>;
  commands: Record<string, (ctx: BackOfficeContext, input: unknown) => Promise<CommandResult<unknown>>>;
};

/** Keyed by the screen's id (screens.ts); the authorization test checks the two lists agree. */
export const SCREEN_SERVERS: Readonly<Record<string, ScreenServer>> = {
  users: {
    list: listUsers,
    commands: {
      "manage-roles": replaceUserRoles,
      "edit-profile": updateUserProfile,
      "reset-password": (ctx, input) => resetPasswordByStaff(ctx, "users", input),
    },
  },
};
