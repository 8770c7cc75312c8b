import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { staffActor } from "../../../tests/factories/accounts";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { Actor } from "./actor";
import { requestMeta } from "./request-meta";
import { resolveAuthState } from "./session.server";
import { signUpCustomer } from "./sign-up.server";
import { resendVerificationEmail } from "./verification.server";
import { verificationLinkOutcome, verifiedEmailOf } from "./verified-email";

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
    expect(sent).toMatchObject({ ok: true, toast: { title: "Verification Email Sent" } });
    const mails = await verifyMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/http:\/\/127\.0\.0\.1:3999\/api\/auth\/verify-email\?token=[^\s]+&callbackURL=%2Fsponsor-profile%3Fverified%3D1/);

    await resendVerificationEmail(platform, actor, meta);
    await resendVerificationEmail(platform, actor, meta);
    const refused = await resendVerificationEmail(platform, actor, meta);
    expect(refused).toMatchObject({ ok: false, status: 429, toast: { title: "Too Many Requests" } });
  });

  it("sends nothing once the address is verified", async () => {
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, actor.userId));
    const before = (await verifyMails()).length;
    const result = await resendVerificationEmail(platform, { ...actor, emailVerified: true }, meta);
    expect(result).toMatchObject({ ok: true, toast: { title: "Email Already Verified" } });
    expect(await verifyMails()).toHaveLength(before);
  });
});
