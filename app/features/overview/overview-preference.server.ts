import { eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { checkForm } from "~/features/accounts/form-input";
import { VALIDATION_ERROR_TITLE } from "~/features/accounts/messages";
import type { Queryable } from "~/platform/db/client.server";
import { staffPreferences } from "~/platform/db/schema";
import { failed, succeeded, type Result } from "~/platform/result";
import { OverviewPreferenceSchema } from "./overview.schema";

/**
 * Whether a staff member folded the day's overview away. Kept in the database with the person
 * (staff_preferences), not in a cookie: it follows them from the office computer to the phone
 * they walk the property with, and survives signing out.
 */
export async function overviewCollapsed(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ collapsed: staffPreferences.overviewCollapsed }).from(staffPreferences).where(eq(staffPreferences.userId, userId));
  return row?.collapsed ?? false;
}

/**
 * Remembers the staff member's choice. Anyone who works in the back-office may make it for
 * themselves (it shows nothing their role may not view); nobody else has an overview to fold.
 * A preference, not a change to the organisation's records: no audit row.
 */
export async function rememberOverview(db: Queryable, actor: Actor, form: unknown): Promise<Result<{ collapsed: boolean }>> {
  if (actor.kind !== "staff") return failed(403, "Only staff have an overview to show or hide.");
  const checked = checkForm(OverviewPreferenceSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { collapsed } = checked.value;
  await db
    .insert(staffPreferences)
    .values({ userId: actor.userId, overviewCollapsed: collapsed })
    .onConflictDoUpdate({ target: staffPreferences.userId, set: { overviewCollapsed: collapsed } });
  return succeeded({ collapsed });
}
