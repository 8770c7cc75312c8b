import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outboxMessages, profiles, securityAuditLog, smsOutbox, sponsors, userRoles, users, verifications } from "~/platform/db/schema";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { MailValidationError } from "~/platform/mail/validation";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { insertCustomer, insertUser } from "../../../tests/factories/accounts";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import { requestEmailCode, signInWithEmailCode, signInWithEmailLink } from "./email-code.server";
import { ADMIN_REFUSED_MESSAGE, CODE_ENDED_MESSAGE, CODE_WRONG_MESSAGE, CONTACT_EMAIL_NEEDED_MESSAGE, EMAIL_TAKEN_MESSAGE, PHONE_INVALID_MESSAGE } from "./messages";
import { placeholderEmail } from "./no-email";
import { requestPhoneCode, signInWithPhoneCode } from "./phone-code.server";
import { confirmContactEmail, requestContactEmailCode } from "./contact-email.server";
import { createAdoption } from "~/features/adoptions/adoptions.server";
import { createBooking } from "~/features/bookings/bookings.server";
import { insertTier } from "../../../tests/factories/sponsorships";
import { insertStayAsset } from "../../../tests/factories/stays";
import { resolveAuthState } from "./session.server";

const REDIRECT = "/adopt-hive-signup";
let address = 0;
/** Each test its own client address: the per-address limits of one never touch another. */
const meta = () => testMeta(`198.51.100.${++address}`);
let mailbox = 0;
const newEmail = (label: string) => `${label}-${++mailbox}-${Date.now()}@example.com`;

describe.each(testEngines())("sign-in by e-mailed link and code on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  async function lastMail(to: string) {
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.id)).limit(1);
    if (!mail) throw new Error(`no mail to ${to}`);
    return { mail, code: /^(\d{6}) is your Apiary sign-in code$/.exec(mail.subject)![1]!, token: new URL(/https?:\/\/\S+customer-auth\?link=[^\s\])]+/.exec(mail.text)![0]).searchParams.get("link")! };
  }
  const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

  it("sends one message with a link and a 6-digit code to an unknown address, and makes no account until it is used", async () => {
    const email = newEmail("newcomer");
    const sent = await requestEmailCode(platform, { email: email.toUpperCase() }, meta(), REDIRECT);
    expect(sent).toMatchObject({ ok: true, value: { email }, toast: { title: "Check your email" } });
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    expect(mails).toHaveLength(1);
    const { code, token, mail } = await lastMail(email);
    expect(mail.template).toBe("sign-in-code");
    expect(mail.text).toContain(code);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(await userByEmail(email)).toBeUndefined();
    // Stored hashed: neither the code, the link's secret nor the address appear in the row.
    const rows = await t.db.select().from(verifications).where(sql`${verifications.identifier} like 'otp:sign-in:email:%'`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(token.split(".")[1]);
    expect(rows.map((r) => r.identifier).join()).not.toContain(email);
  });

  it("answers an address with an account exactly as one without", async () => {
    const known = await insertCustomer(t.db, { email: newEmail("known") });
    const unknown = newEmail("unknown");
    const a = await requestEmailCode(platform, { email: known.email }, meta(), REDIRECT);
    const b = await requestEmailCode(platform, { email: unknown }, meta(), REDIRECT);
    const strip = (r: typeof a) => JSON.stringify(r).replaceAll(known.email, "X").replaceAll(unknown, "X");
    expect(strip(a)).toBe(strip(b));
  });

  it("the code creates the customer with profile, role and sponsor, verified, and opens a session", async () => {
    const email = newEmail("coded");
    await requestEmailCode(platform, { email }, meta(), REDIRECT);
    const { code } = await lastMail(email);
    const signedIn = await signInWithEmailCode(platform, { email, code: `${code.slice(0, 3)} ${code.slice(3)}` }, meta());
    expect(signedIn.ok).toBe(true);
    const user = await userByEmail(email);
    expect(user).toMatchObject({ emailVerified: true });
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([{ role: "customer" }]);
    expect(await t.db.select({ email: sponsors.email }).from(sponsors).where(eq(sponsors.userId, user!.id))).toEqual([{ email }]);
    expect(await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);
    expect(await t.db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user!.id))).toEqual([{ providerId: "email-code" }]);
    const state = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(signedIn.ok ? signedIn.value.headers : new Headers()) } }));
    expect(state.state.actor).toMatchObject({ kind: "customer", email, emailVerified: true });
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, user!.id), eq(securityAuditLog.eventType, "login_success")));
    expect(audit?.eventDetails).toMatchObject({ method: "email_code", portal: "customer", created: true });
    // Single use.
    expect(await signInWithEmailCode(platform, { email, code }, meta())).toMatchObject({ ok: false, message: CODE_ENDED_MESSAGE });
  });

  it("signs an existing customer in to their own account, and verifies the address", async () => {
    const customer = await insertCustomer(t.db, { email: newEmail("existing"), emailVerified: false });
    await requestEmailCode(platform, { email: customer.email }, meta(), REDIRECT);
    const { code } = await lastMail(customer.email);
    const signedIn = await signInWithEmailCode(platform, { email: customer.email, code }, meta());
    expect(signedIn).toMatchObject({ ok: true, value: { userId: customer.userId } });
    expect(await userByEmail(customer.email)).toMatchObject({ id: customer.userId, emailVerified: true });
  });

  it("the link signs in once; a code is dead after 10 minutes on the platform's clock", async () => {
    const email = newEmail("linked");
    await requestEmailCode(platform, { email }, meta(), REDIRECT);
    const { token } = await lastMail(email);
    expect(await signInWithEmailLink(platform, token, meta())).toMatchObject({ ok: true });
    expect(await signInWithEmailLink(platform, token, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await signInWithEmailLink(platform, "not-a-token", meta())).toMatchObject({ ok: false, status: 401 });

    const late = newEmail("late");
    await requestEmailCode(platform, { email: late }, meta(), REDIRECT);
    const { code, token: lateToken } = await lastMail(late);
    platform.clock.advance(10 * 60 * 1000);
    expect(await signInWithEmailCode(platform, { email: late, code }, meta())).toMatchObject({ ok: false, message: CODE_ENDED_MESSAGE });
    expect(await signInWithEmailLink(platform, lateToken, meta())).toMatchObject({ ok: false });
    expect(await userByEmail(late)).toBeUndefined();
  });

  it("five wrong codes end the code, even for the right one after", async () => {
    const email = newEmail("guesser");
    await requestEmailCode(platform, { email }, meta(), REDIRECT);
    const { code } = await lastMail(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) expect(await signInWithEmailCode(platform, { email, code: wrong }, meta())).toMatchObject({ ok: false, message: CODE_WRONG_MESSAGE, fieldErrors: { code: [CODE_WRONG_MESSAGE] } });
    expect(await signInWithEmailCode(platform, { email, code: wrong }, meta())).toMatchObject({ ok: false, message: CODE_ENDED_MESSAGE });
    expect(await signInWithEmailCode(platform, { email, code }, meta())).toMatchObject({ ok: false, message: CODE_ENDED_MESSAGE });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("a new code waits 60 s, then replaces the earlier one (its code and link stop working)", async () => {
    const email = newEmail("resender");
    await requestEmailCode(platform, { email }, meta(), REDIRECT);
    const first = await lastMail(email);
    platform.clock.advance(30_000);
    const early = await requestEmailCode(platform, { email }, meta(), REDIRECT);
    expect(early).toMatchObject({ ok: false, status: 429, message: expect.stringContaining("wait 30 seconds") });
    platform.clock.advance(30_000);
    expect(await requestEmailCode(platform, { email }, meta(), REDIRECT)).toMatchObject({ ok: true });
    const second = await lastMail(email);
    expect(second.mail.id).not.toBe(first.mail.id);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).toHaveLength(2);
    expect(await signInWithEmailLink(platform, first.token, meta())).toMatchObject({ ok: false });
    if (first.code !== second.code) expect(await signInWithEmailCode(platform, { email, code: first.code }, meta())).toMatchObject({ ok: false, message: CODE_WRONG_MESSAGE });
    expect(await signInWithEmailCode(platform, { email, code: second.code }, meta())).toMatchObject({ ok: true });
  });

  it("refuses a staff address with the spec's words and sends nothing", async () => {
    const staff = await insertUser(t.db, { email: newEmail("staff"), role: "admin" });
    const refused = await requestEmailCode(platform, { email: staff.email }, meta(), REDIRECT);
    expect(refused).toMatchObject({ ok: false, status: 403, message: ADMIN_REFUSED_MESSAGE, title: "Login Failed" });
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, staff.email))).toEqual([]);
  });

  it("limits requests per client address and per e-mail address", async () => {
    const from = meta();
    for (let i = 0; i < 10; i++) expect((await requestEmailCode(platform, { email: newEmail("many") }, from, REDIRECT)).ok).toBe(true);
    expect(await requestEmailCode(platform, { email: newEmail("many") }, from, REDIRECT)).toMatchObject({ ok: false, status: 429 });

    const email = newEmail("popular");
    for (let i = 0; i < 5; i++) {
      expect((await requestEmailCode(platform, { email }, meta(), REDIRECT)).ok).toBe(true);
      platform.clock.advance(60_000);
    }
    expect(await requestEmailCode(platform, { email }, meta(), REDIRECT)).toMatchObject({ ok: false, status: 429, message: expect.stringContaining("Too many attempts") });
  });

  it("the outbox refuses a stand-in address loudly", async () => {
    await expect(enqueueMail(t.db, { template: "contact", idempotencyKey: `x:${Date.now()}`, to: placeholderEmail("phone", "+13605550100"), subject: "s", html: "<p>h</p>", text: "h" })).rejects.toThrow(MailValidationError);
  });
});

/** Stands for the SMS provider: records each post, answering with the statuses queued in `answers` (then 201). */
async function startSmsProvider() {
  const posts: { auth: string | undefined; form: URLSearchParams; path: string }[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      posts.push({ auth: request.headers.authorization, form: new URLSearchParams(body), path: request.url ?? "" });
      const status = answers.shift() ?? 201;
      response.writeHead(status, { "content-type": "application/json" }).end(status === 201 ? '{"sid":"SM1"}' : '{"message":"down"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { posts, answers, url: `http://AC123:secret-token@127.0.0.1:${(server.address() as AddressInfo).port}/2010-04-01/Accounts/AC123/Messages.json`, close: () => new Promise((r) => server.close(r)) };
}

describe.each(testEngines())("sign-in by phone and text code on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  let provider: Awaited<ReturnType<typeof startSmsProvider>>;
  let n = 0;
  // 555-01xx numbers are reserved for fiction in North America; each test its own.
  const newPhone = () => `(425) 555-01${String(++n).padStart(2, "0")}`;
  const e164 = (typed: string) => `+1${typed.replace(/\D/g, "")}`;
  beforeAll(async () => {
    t = await open();
    provider = await startSmsProvider();
    platform = createTestPlatform(t, { SMS_URL: provider.url, SMS_FROM: "+13605550199" });
  });
  afterAll(async () => {
    await provider?.close();
    await t?.dispose();
  });

  async function lastText(to: string) {
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.id)).limit(1);
    return { text: text!, code: /^(\d{6}) is your Apiary sign-in code/.exec(text!.body)![1]! };
  }

  it("refuses a number that is not one, under the field", async () => {
    expect(await requestPhoneCode(platform, { phone: "+1 555 12" }, meta())).toMatchObject({ ok: false, fieldErrors: { phone: [PHONE_INVALID_MESSAGE] } });
    expect(await requestPhoneCode(platform, { phone: "" }, meta())).toMatchObject({ ok: false, fieldErrors: { phone: expect.any(Array) } });
  });

  it("texts a code to the E.164 number, and the code makes a phone customer with a sponsor record and no e-mail", async () => {
    const typed = newPhone();
    const phone = e164(typed);
    const sent = await requestPhoneCode(platform, { phone: typed }, meta());
    expect(sent).toMatchObject({ ok: true, value: { phone, shown: expect.stringMatching(/^\+1 425 555 01/) } });
    const { code, text } = await lastText(phone);
    expect(text.body).toContain(`#${code}`);
    expect(await t.db.select().from(users).where(eq(users.email, placeholderEmail("phone", phone)))).toEqual([]);

    const signedIn = await signInWithPhoneCode(platform, { phone, code }, meta());
    expect(signedIn.ok).toBe(true);
    const userId = signedIn.ok ? signedIn.value.userId : "";
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: placeholderEmail("phone", phone), emailVerified: false });
    expect(await t.db.select({ phone: sponsors.phoneNumber }).from(sponsors).where(eq(sponsors.userId, userId))).toEqual([{ phone }]);
    expect(await t.db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.id, userId))).toEqual([{ phone }]);
    expect(await t.db.select({ providerId: accounts.providerId, accountId: accounts.accountId }).from(accounts).where(eq(accounts.userId, userId))).toEqual([{ providerId: "phone", accountId: phone }]);

    // The next sign-in with the same number, typed another way, is the same account.
    platform.clock.advance(60_000);
    await requestPhoneCode(platform, { phone: phone }, meta());
    const again = await signInWithPhoneCode(platform, { phone: typed, code: (await lastText(phone)).code }, meta());
    expect(again).toMatchObject({ ok: true, value: { userId } });
  });

  it("keeps the code's rules: wrong tries counted, single use, expiry", async () => {
    const phone = e164(newPhone());
    await requestPhoneCode(platform, { phone }, meta());
    const { code } = await lastText(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await signInWithPhoneCode(platform, { phone, code: wrong }, meta())).toMatchObject({ ok: false, message: CODE_WRONG_MESSAGE });
    platform.clock.advance(10 * 60 * 1000 + 1);
    expect(await signInWithPhoneCode(platform, { phone, code }, meta())).toMatchObject({ ok: false, message: CODE_ENDED_MESSAGE });
  });

  it("refuses a staff member's number with the spec's words and texts nothing", async () => {
    const phone = e164(newPhone());
    const staff = await insertUser(t.db, { email: newEmail("staff-phone"), role: "admin" });
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: staff.userId, providerId: "phone", accountId: phone });
    expect(await requestPhoneCode(platform, { phone }, meta())).toMatchObject({ ok: false, status: 403, message: ADMIN_REFUSED_MESSAGE });
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone))).toEqual([]);
  });

  it("limits texts per number (3 an hour) and per client address (5 an hour)", async () => {
    const phone = e164(newPhone());
    for (let i = 0; i < 3; i++) {
      expect((await requestPhoneCode(platform, { phone }, meta())).ok).toBe(true);
      platform.clock.advance(60_000);
    }
    expect(await requestPhoneCode(platform, { phone }, meta())).toMatchObject({ ok: false, status: 429 });
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone))).toHaveLength(3);

    const from = meta();
    for (let i = 0; i < 5; i++) expect((await requestPhoneCode(platform, { phone: newPhone() }, from)).ok).toBe(true);
    expect(await requestPhoneCode(platform, { phone: newPhone() }, from)).toMatchObject({ ok: false, status: 429 });
  });

  it("posts texts to the provider in Twilio's form with basic auth, retrying one that failed", async () => {
    await t.db.update(smsOutbox).set({ status: "sent" });
    const phone = e164(newPhone());
    await requestPhoneCode(platform, { phone }, meta());
    const { text, code } = await lastText(phone);
    provider.answers.push(503);
    const before = provider.posts.length;
    await platform.sms.runOnce();
    const [failed] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, text.id));
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("503") });
    await platform.sms.drain();
    const [sent] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, text.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    const posts = provider.posts.slice(before);
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
      expect(post.auth).toBe(`Basic ${Buffer.from("AC123:secret-token").toString("base64")}`);
      expect(Object.fromEntries(post.form)).toEqual({ To: phone, From: "+13605550199", Body: expect.stringContaining(code) });
    }
  });

  it("asks a phone customer for an e-mail address before booking or adopting, proves it, then lets them carry on", async () => {
    const phone = e164(newPhone());
    await requestPhoneCode(platform, { phone }, meta());
    const signedIn = await signInWithPhoneCode(platform, { phone, code: (await lastText(phone)).code }, meta());
    const cookie = cookieOf(signedIn.ok ? signedIn.value.headers : new Headers());
    const actorNow = async () => (await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie } }))).state.actor;
    const actor = await actorNow();
    expect(actor).toMatchObject({ kind: "customer", emailVerified: false });

    const tier = await insertTier(t.db);
    const { asset } = await insertStayAsset(t.db);
    const outboxBefore = (await t.db.select().from(outboxMessages)).length;
    expect(await createAdoption(platform, actor, { tierId: tier.id })).toMatchObject({ ok: false, status: 409, message: CONTACT_EMAIL_NEEDED_MESSAGE });
    expect(await createBooking(platform, actor, { assetId: asset.id }, { clientAddress: "203.0.113.9" })).toMatchObject({ ok: false, status: 409, message: CONTACT_EMAIL_NEEDED_MESSAGE });
    expect(await t.db.select().from(outboxMessages)).toHaveLength(outboxBefore);

    // An address of another account is refused, and nothing is sent to it.
    const other = await insertCustomer(t.db, { email: newEmail("taken") });
    expect(await requestContactEmailCode(platform, actor, { email: other.email }, meta())).toMatchObject({ ok: false, status: 409, fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } });
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, other.email))).toEqual([]);

    const email = newEmail("now-reachable");
    expect(await requestContactEmailCode(platform, actor, { email }, meta())).toMatchObject({ ok: true });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    const code = /^(\d{6}) is your code/.exec(mail!.subject)![1]!;
    expect(mail!.text).not.toContain("customer-auth?link=");
    expect(await confirmContactEmail(platform, actor, { email, code: code === "000000" ? "111111" : "000000" }, meta())).toMatchObject({ ok: false, message: CODE_WRONG_MESSAGE });
    expect(await confirmContactEmail(platform, actor, { email, code }, meta())).toMatchObject({ ok: true, value: { email } });
    const userId = signedIn.ok ? signedIn.value.userId : "";
    expect(await t.db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId))).toEqual([{ email, verified: true }]);
    expect(await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId))).toEqual([{ email }]);
    expect(await t.db.select({ email: sponsors.email, phone: sponsors.phoneNumber }).from(sponsors).where(eq(sponsors.userId, userId))).toEqual([{ email, phone }]);

    // The same session now books and adopts under the address; the number still signs in.
    const after = await actorNow();
    expect(after).toMatchObject({ kind: "customer", email, emailVerified: true });
    expect(await createAdoption(platform, after, { tierId: tier.id })).toMatchObject({ ok: true });
    platform.clock.advance(60_000);
    await requestPhoneCode(platform, { phone }, meta());
    expect(await signInWithPhoneCode(platform, { phone, code: (await lastText(phone)).code }, meta())).toMatchObject({ ok: true, value: { userId } });
  });
});
