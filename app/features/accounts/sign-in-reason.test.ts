import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { signInPurpose } from "./sign-in-reason.server";

describe.each(testEngines())("why the sign-in page was opened, on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  it("names the tier being adopted, from the database and not from the address", async () => {
    const tier = await insertTier(t.db, { name: "Purpose Guardian" });
    expect(await signInPurpose(t.db, `/adopt-hive-signup?tier=${tier.id}&paymentFrequency=annual`)).toBe("adopt Purpose Guardian");
    expect(await signInPurpose(t.db, "/adopt-hive-signup?tier=00000000-0000-4000-8000-000000000000")).toBe("adopt a hive");
    expect(await signInPurpose(t.db, "/adopt-hive-signup?tier=<b>Free</b>")).toBeNull();
  });

  it("says a booking is waiting for the widget and the portal's Glamping tab", async () => {
    expect(await signInPurpose(t.db, "/stanwood#reserve")).toBe("finish your booking");
    expect(await signInPurpose(t.db, "/adopt-hive-signup?tab=booking&location=x")).toBe("finish your booking");
  });

  it("has nothing to say for an ordinary visit", async () => {
    expect(await signInPurpose(t.db, "/adopt-hive-signup")).toBeNull();
    expect(await signInPurpose(t.db, "/blog")).toBeNull();
    expect(await signInPurpose(t.db, "/sponsor-profile")).toBe("see your sponsor profile");
  });
});
