import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "~/platform/db/schema";
import { insertCustomer, insertSession } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { placeholderEmail } from "./no-email";
import { getSponsorAccount } from "./sponsor-account.server";

describe.each(testEngines())("the sponsor's account facts on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.dispose());

  it("counts the account's own live sessions and says whether it has a sponsor record", async () => {
    const me = await insertCustomer(t.db, { emailVerified: false });
    const other = await insertCustomer(t.db);
    expect(await getSponsorAccount(t.db, me)).toEqual({ email: me.email, signedInWith: null, emailVerified: false, hasSponsorRecord: true, activeSessions: 0 });

    await insertSession(t.db, me.userId);
    const ended = await insertSession(t.db, me.userId);
    await insertSession(t.db, other.userId);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, ended.id));
    expect(await getSponsorAccount(t.db, me)).toMatchObject({ activeSessions: 1 });
    await insertSession(t.db, me.userId);
    expect(await getSponsorAccount(t.db, me)).toMatchObject({ activeSessions: 2 });

    const orphan = await insertCustomer(t.db, { sponsor: false });
    expect(await getSponsorAccount(t.db, orphan)).toMatchObject({ hasSponsorRecord: false, activeSessions: 0 });
  });

  it("never shows a phone account's stand-in address: the number instead, and no e-mail yet", async () => {
    const phoneOnly = await insertCustomer(t.db, { email: placeholderEmail("phone", "+13605550123"), emailVerified: false });
    expect(await getSponsorAccount(t.db, phoneOnly)).toMatchObject({ email: "", signedInWith: { kind: "phone", shown: "+1 360 555 0123" } });
  });
});
