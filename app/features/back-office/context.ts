import type { Actor } from "~/features/accounts/actor";
import type { RequestMeta } from "~/features/accounts/request-meta";
import type { Platform } from "~/platform/runtime.server";

/** What every back-office query and command is given: the platform, who asks, and from where. */
export type BackOfficeContext = { platform: Platform; actor: Actor; meta: RequestMeta };
