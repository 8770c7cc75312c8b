import { inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sponsors } from "~/platform/db/schema";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertHive, insertTier } from "../../../tests/factories/sponsorships";
import { insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { adoptionCertificate, CERTIFICATE_NOT_ACTIVE, drawCertificate } from "./certificate.server";

/** The text a PDF draws: pdf-lib writes each string as <hex> Tj in WinAnsi, in (possibly deflated) content streams. */
async function textOf(pdf: Uint8Array) {
  const raw = Buffer.from(pdf).toString("latin1");
  const chunks = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    const bytes = Buffer.from(m[1]!, "latin1");
    try {
      return inflateSync(bytes).toString("latin1");
    } catch {
      return m[1]!;
    }
  });
  return chunks
    .join("\n")
    .match(/<([0-9A-Fa-f]+)>\s*Tj/g)!
    .map((hex) => Buffer.from(hex.slice(1, hex.indexOf(">")), "hex").toString("latin1"));
}

describe("the certificate's page", () => {
  it("is one landscape page naming the sponsor, hive, tier and start date, whatever letters the name has", async () => {
    const pdf = await drawCertificate({ sponsorName: "Zoë Łukasiewicz & Co 🐝", hive: "Buzz (Lakeside 1)", tierName: "Guardian", startDate: "2026-03-15", reference: "ad-42", issuedOn: new Date("2026-11-24T12:00:00Z") });
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getWidth()).toBeGreaterThan(doc.getPage(0).getHeight());
    expect(doc.getTitle()).toBe("Certificate of Hive Adoption: Zoë Łukasiewicz & Co 🐝");
    const text = await textOf(pdf);
    expect(text).toEqual(expect.arrayContaining(["Certificate of Hive Adoption", "Zoë Lukasiewicz & Co ?", "Buzz (Lakeside 1)", "Guardian tier, since March 15, 2026", "Adoption reference ad-42", "Issued November 24, 2026"]));
  });
});

describe.each(testEngines())("who gets an adoption's certificate on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  it("its sponsor and staff who may view adoptions, while it is active; nobody else learns it exists", async () => {
    const tier = await insertTier(t.db, { name: `Guardian ${crypto.randomUUID().slice(0, 6)}` });
    const hive = await insertHive(t.db, (await insertLocation(t.db)).id, { name: `Lakeside ${crypto.randomUUID().slice(0, 6)}` });
    const owner = await insertCustomer(t.db);
    await t.db.update(sponsors).set({ companyName: "Pollinator Partners LLC" }).where(eq(sponsors.userId, owner.userId));
    const adoption = await insertAdoption(t.db, owner, tier.id, { status: "active", hiveId: hive.id, hiveName: "Buzz", startDate: "2026-03-15" });

    const mine = await adoptionCertificate(t.db, owner, adoption.id);
    expect(mine).toMatchObject({ ok: true, value: { filename: `apiary-adoption-certificate-${adoption.id.slice(0, 8)}.pdf` } });
    const text = await textOf(mine.ok ? mine.value.pdf : new Uint8Array());
    expect(text).toEqual(expect.arrayContaining(["Pollinator Partners LLC", `Buzz (${hive.name})`, `${tier.name} tier, since March 15, 2026`]));

    expect(await adoptionCertificate(t.db, await insertUser(t.db), adoption.id)).toMatchObject({ ok: true });
    expect(await adoptionCertificate(t.db, await insertStaff(t.db, { hive_adoptions: ["view"] }), adoption.id)).toMatchObject({ ok: true });
    expect(await adoptionCertificate(t.db, await insertStaff(t.db, { bookings: ["view"] }), adoption.id)).toMatchObject({ ok: false, status: 404 });
    expect(await adoptionCertificate(t.db, await insertCustomer(t.db), adoption.id)).toMatchObject({ ok: false, status: 404 });
    expect(await adoptionCertificate(t.db, { kind: "anonymous" }, adoption.id)).toMatchObject({ ok: false, status: 401 });
    expect(await adoptionCertificate(t.db, owner, "not-an-id")).toMatchObject({ ok: false, status: 404 });

    const pending = await insertAdoption(t.db, owner, tier.id, { status: "pending" });
    expect(await adoptionCertificate(t.db, owner, pending.id)).toEqual({ ok: false, status: 409, message: CERTIFICATE_NOT_ACTIVE });
  });
});
