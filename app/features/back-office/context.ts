import type { Actor, AuthState } from "~/features/accounts/actor";
import type { RequestMeta } from "~/features/accounts/request-meta";
import type { Platform } from "~/platform/runtime.server";

/**
 * What every back-office query and command is given: the platform, who asks, and from where;
 * and the session they ask in, for the changes that want a fresh proof of who they are.
 */
export type BackOfficeContext = { platform: Platform; actor: Actor; meta: RequestMeta; session?: AuthState["session"] };
