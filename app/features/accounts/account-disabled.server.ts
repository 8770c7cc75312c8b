import { failedAs, type Refusal } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { ACCOUNT_DISABLED_MESSAGE } from "./account-disabled";
import { recordAuditEvent } from "./audit.server";
import { LOGIN_FAILED_TITLE } from "./messages";
import type { RequestMeta } from "./request-meta";

/** A sign-in that proved who it is, refused because the account is disabled: recorded, and said with the spec's Login Failed. */
export async function refusedAsDisabled(platform: Pick<Platform, "db">, email: string | null, details: Record<string, unknown>, meta: RequestMeta): Promise<Refusal> {
  await recordAuditEvent(platform.db, { type: "login_refused", userId: typeof details.userId === "string" ? details.userId : null, details: { ...details, ...(email ? { email } : {}), reason: "account_disabled" } }, meta);
  return failedAs(LOGIN_FAILED_TITLE, 403, ACCOUNT_DISABLED_MESSAGE);
}
