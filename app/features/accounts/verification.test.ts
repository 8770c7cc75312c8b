import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { staffActor } from "../../../tests/factories/accounts";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { Actor } from "./actor";
import { STAFF_AT_CUSTOMER_DOOR } from "./customer-door";
import { requestMeta } from "./request-meta";
import { resolveAuthState } from "./session.server";
import { signUpCustomer } from "./sign-up.server";
import { resendVerificationEmail } from "./verification.server";
import { verificationLinkOutcome, verificationLinkToast, verifiedEmailOf } from "./verified-email";

describe("verifiedEmailOf", () => {
  const customer = (emailVerified: boolean): Actor => ({ kind: "customer", userId: "u1", email: "bee@example.com", name: "", emailVerified });
  it("gives the e-mail only once it is verified", () => {
    expect(verifiedEmailOf({ kind: "anonymous" })).toBeNull();
    expect(verifiedEmailOf(customer(false))).toBeNull();
    expect(verifiedEmailOf(customer(true))).toBe("bee@example.com");
    expect(
      verifiedEmailOf(staffActor({ userId: "a1", email: "admin@example.com" })),
    ).toBe("admin@example.com");
  });
});

describe("the verification link's landing", () => {
  it.each([
    ["verified=1", "verified"],
    ["verified=1&error=TOKEN_EXPIRED", "failed"],
    ["error=INVALID_TOKEN", "failed"],
    ["tab=bookings", null],
    ["verified=yes", null],
  ])("?%s → %s", (search, expected) => {
    expect(verificationLinkOutcome(new URLSearchParams(search))).toBe(expected);
  });

  it("asks a signed-out visitor to log in, and tells a signed-in one Email Verified only when the account says so", () => {
    const customer = (emailVerified: boolean): Actor => ({ kind: "customer", userId: "u1", email: "bee@example.com", name: "", emailVerified });
    expect(verificationLinkToast("verified", { kind: "anonymous" })).toMatchObject({ title: "Email Verified", description: "Thank you for confirming your email address. Please log in to continue." });
    expect(verificationLinkToast("failed", { kind: "anonymous" })).toMatchObject({ title: "Invalid or Expired Link", description: expect.stringContaining("Log in to send yourself a new one.") });
    expect(verificationLinkToast("verified", customer(true))).toEqual({ title: "Email Verified", description: "Thank you for confirming your email address.", variant: "success" });
    expect(verificationLinkToast("verified", customer(false))).toBeNull();
    expect(verificationLinkToast("failed", customer(false))).toMatchObject({ title: "Invalid or Expired Link", description: expect.stringContaining("Send yourself a new one below."), variant: "error" });
  });
});

describe.each(testEngines())("resending the verification e-mail on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  let actor: Extract<Actor, { kind: "customer" }>;
  let meta: ReturnType<typeof requestMeta>;

  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
    const created = await signUpCustomer(platform, { email: "moss@example.com", password: "first-password-1", companyName: undefined, phoneNumber: undefined }, testMeta());
    if (!created.ok) throw new Error("sign-up failed");
    const cookie = created.value.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const request = new Request("http://127.0.0.1:3999/sponsor-profile", { headers: { cookie, origin: "http://127.0.0.1:3999" } });
    const { state } = await resolveAuthState(platform, request);
    if (state.actor.kind !== "customer") throw new Error("not signed in");
    actor = state.actor;
    meta = requestMeta(request, "203.0.113.7");
  });
  afterAll(() => t?.dispose());

  const verifyMails = () =>
    t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, "moss@example.com"), eq(outboxMessages.template, "verify-email")));

  it("queues a new link to the account's own address, at most 3 an hour", async () => {
    expect(await verifyMails()).toHaveLength(1);
    // Straight after the sign-up: the same second (and so the same token), still a message of its own.
    const sent = await resendVerificationEmail(platform, actor, meta);
    expect(sent).toMatchObject({ ok: true, toast: { title: "Verification Email Sent", description: "We sent a new confirmation link to moss@example.com. It is valid for 24 hours.", variant: "success" } });
    const mails = await verifyMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/http:\/\/127\.0\.0\.1:3999\/api\/auth\/verify-email\?token=[^\s]+&callbackURL=%2Fsponsor-profile%3Fverified%3D1/);

    await resendVerificationEmail(platform, actor, meta);
    await resendVerificationEmail(platform, actor, meta);
    const refused = await resendVerificationEmail(platform, actor, meta);
    expect(refused).toMatchObject({ ok: false, status: 429, title: "Too Many Requests", message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) });
  });

  it("sends nothing once the address is verified", async () => {
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, actor.userId));
    const before = (await verifyMails()).length;
    const result = await resendVerificationEmail(platform, { ...actor, emailVerified: true }, meta);
    expect(result).toMatchObject({ ok: true, toast: { title: "Email Already Verified" } });
    expect(await verifyMails()).toHaveLength(before);
  });

  it("refuses staff at the customer door, sending nothing", async () => {
    const before = (await verifyMails()).length;
    const staff = staffActor({ email: "moss@example.com", emailVerified: false });
    expect(await resendVerificationEmail(platform, staff, meta)).toEqual({ ok: false, status: 403, message: STAFF_AT_CUSTOMER_DOOR.account });
    expect(await verifyMails()).toHaveLength(before);
  });
});
