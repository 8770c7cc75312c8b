import { eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { hiveTiers } from "~/platform/db/schema";
import { isRecordId } from "../back-office/record-id";

/**
 * Why someone was sent to sign in, from where they go back to (a path on this site, already
 * checked): "finish your booking", "adopt Guardian". Null when the page has no story to tell.
 * Read from the path, never from text in the address, so nobody can make the page say anything else.
 */
export async function signInPurpose(db: Queryable, redirectTo: string): Promise<string | null> {
  const url = new URL(redirectTo, "http://apiary.local");
  const tierId = url.searchParams.get("tier");
  if (url.pathname === "/adopt-hive-signup" && url.searchParams.get("tab") === "booking") return "finish your booking";
  if (url.pathname === "/adopt-hive-signup" && tierId && isRecordId(tierId)) {
    const [tier] = await db.select({ name: hiveTiers.name }).from(hiveTiers).where(eq(hiveTiers.id, tierId));
    return tier ? `adopt ${tier.name}` : "adopt a hive";
  }
  if (url.hash === "#reserve") return "finish your booking";
  if (url.pathname === "/sponsor-profile") return "see your sponsor profile";
  return null;
}
