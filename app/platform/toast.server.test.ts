import { describe, expect, it } from "vitest";
import { replyWithToast } from "./toast.server";

const SAVED = { title: "Saved", description: "All done.", variant: "success" } as const;

describe("answering on the page with a toast", () => {
  it("gives the same words a new id each time, so a second answer shows again, and keeps an id the toast has", () => {
    const first = replyWithToast({ intent: "x" }, SAVED);
    const second = replyWithToast({ intent: "x" }, SAVED);
    expect(first.data).toMatchObject({ intent: "x", toast: SAVED });
    expect(first.data.toast!.id).toBeTruthy();
    expect(second.data.toast!.id).not.toBe(first.data.toast!.id);
    expect(replyWithToast({}, { ...SAVED, id: "kept" }).data.toast!.id).toBe("kept");
    expect(replyWithToast({}, null, 409).data.toast).toBeNull();
    expect(replyWithToast({}, null, 409).init?.status).toBe(409);
  });
});
