import { describe, expect, it } from "vitest";
import { BOOKING_DECISION_WORDS } from "~/features/bookings/messages";
import { failed } from "~/platform/result";
import type { Toast } from "~/platform/toast";
import { redirectWithToast, withFlashToast } from "~/platform/toast.server";
import { BulkDecisionSchema, UNDO_SECONDS } from "./decisions";
import { decisionResult } from "./decisions.server";

describe("a decision's toast", () => {
  it("carries the Undo for the rows decided and says which were left out", () => {
    const result = decisionResult("d-1", { done: [{ id: "a", label: "Ana" }], skipped: [failed(409, "Bo is no longer waiting for a decision: it is confirmed now.")] }, BOOKING_DECISION_WORDS.confirm);
    expect(result).toMatchObject({
      ok: true,
      value: { decided: ["a"] },
      toast: { title: "Booking confirmed", detail: "Bo is no longer waiting for a decision: it is confirmed now.", action: { label: "Undo", fields: { intent: "undo", decision: "d-1", ids: ["a"] }, seconds: UNDO_SECONDS } },
    });
    // Nothing decided: the refusal itself, or every reason at once.
    expect(decisionResult("d-2", { done: [], skipped: [failed(404, "Gone.")] }, BOOKING_DECISION_WORDS.confirm)).toEqual(failed(404, "Gone."));
    expect(decisionResult("d-3", { done: [], skipped: [failed(404, "Gone."), failed(409, "Decided.")] }, BOOKING_DECISION_WORDS.confirm)).toEqual(failed(409, "Gone.\nDecided."));
  });

  it("fits the flash cookie with as many rows as a bulk decision may take, long names and all", async () => {
    const most = Array.from({ length: 60 }, () => crypto.randomUUID());
    const parsed = BulkDecisionSchema.safeParse({ ids: most });
    expect(parsed.success).toBe(false);
    const ids = most.slice(0, 50);
    expect(BulkDecisionSchema.parse({ ids }).ids).toHaveLength(50);
    const done = ids.map((id) => ({ id, label: `${"Featherstonehaugh-".repeat(5)}, Dec 13, 2031 – Dec 16, 2031` }));
    const result = decisionResult(crypto.randomUUID(), { done, skipped: [] }, BOOKING_DECISION_WORDS.decline);
    if (!result.ok) throw new Error(result.message);
    const secret = "a-secret-long-enough-for-the-cookie-0123456789";
    const response = await redirectWithToast("/admin/bookings", result.toast!, secret);
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie.length).toBeLessThan(4096);
    const shown: (Toast | null)[] = [];
    await withFlashToast(new Request("http://x/admin/bookings", { headers: { cookie: cookie.split(";")[0]! } }), secret, async (toast) => {
      shown.push(toast);
      return new Response("");
    });
    expect(shown[0]?.action?.fields.ids).toEqual(ids);
  });
});
