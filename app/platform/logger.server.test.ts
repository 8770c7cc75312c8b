import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogger, LEVEL } from "../../tests/setup/capture-logger";
import { insertStayAsset } from "../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../tests/setup/databases";
import { bookings, users } from "./db/schema";

describe.each(testEngines())("error logs on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  it("keep the SQLSTATE, the constraint and the query, never the values people typed", async () => {
    const { logger, lines } = captureLogger();
    const email = "rosa.private@example.com";
    await t.db.insert(users).values({ id: crypto.randomUUID(), email, name: "Rosa Private" });
    const duplicate = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), email, name: "Rosa Private" })
      .catch((error: unknown) => error);
    const { asset } = await insertStayAsset(t.db);
    const nul = await t.db
      .insert(bookings)
      .values({ assetId: asset.id, location: "x", guestName: "Ro\u0000sa", guestEmail: email, checkInDate: "2031-01-01", checkOutDate: "2031-01-02", numberOfNights: 1, totalAmount: "1.00", experienceType: "rv" })
      .catch((error: unknown) => error);

    logger.error({ err: duplicate }, "request failed");
    logger.error({ err: nul }, "request failed");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.level).toBe(LEVEL.error);
      const text = JSON.stringify(line);
      expect(text).not.toContain("rosa.private");
      expect(text).not.toContain("Rosa Private");
      expect(text).not.toContain("Ro\\u0000sa");
      expect(text).toContain("Failed query: insert into");
    }
    const [unique, badByte] = lines as unknown as { err: { cause: { code: string; constraint?: string } } }[];
    expect(unique!.err.cause.code).toBe("23505");
    expect(unique!.err.cause.constraint).toBe("users_email_unique");
    expect(badByte!.err.cause.code).toMatch(/^22/);
    // The rows are as they were.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe("request logs", () => {
  it("keep a guest's stay link out of the path", () => {
    const { logger, lines } = captureLogger();
    logger.info({ path: "/stay/AbCdEfGhIjKlMnOpQrStUvWx", status: 200 }, "request");
    logger.info({ path: "/stanwood", status: 200 }, "request");
    expect(lines.map((line) => line.path)).toEqual(["/stay/[link]", "/stanwood"]);
    expect(JSON.stringify(lines)).not.toContain("AbCdEfGhIjKlMnOpQrStUvWx");
  });

  it("keep an asset's calendar feed link out of the path", () => {
    const { logger, lines } = captureLogger();
    logger.info({ path: "/calendar/Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2.ics", status: 200 }, "request");
    logger.info({ path: "/calendar/Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2", status: 404 }, "request");
    logger.info({ path: "/calendar-sync", status: 404 }, "request");
    expect(lines.map((line) => line.path)).toEqual(["/calendar/[link].ics", "/calendar/[link]", "/calendar-sync"]);
    expect(JSON.stringify(lines)).not.toContain("Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2");
  });
});
