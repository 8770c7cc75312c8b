import { eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { can } from "~/features/accounts/permissions";
import { isRecordId } from "~/features/back-office/record-id";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hives, hiveTiers, sponsors, users } from "~/platform/db/schema";
import { failed, succeeded, type Result } from "~/platform/result";
import type { CertificateFacts } from "./certificate-pdf.server";

/**
 * The adoption certificate (what sponsor programmes send): one A4 landscape page with the
 * sponsor's or company's name, the hive, the tier, the start date and the organisation's mark,
 * drawn on the server with pdf-lib. For the sponsor who owns the adoption, and for staff who may
 * view adoptions; only while the adoption is active.
 */
export type Certificate = { pdf: Uint8Array; filename: string };

export const CERTIFICATE_NOT_ACTIVE = "A certificate is made for an active adoption only.";
const NOT_FOUND = "There is no such adoption.";

export async function adoptionCertificate(db: Queryable, actor: Actor, adoptionId: string, now = new Date()): Promise<Result<Certificate>> {
  if (actor.kind === "anonymous") return failed(401, "Sign in to download your certificate.");
  if (!isRecordId(adoptionId)) return failed(404, NOT_FOUND);
  const [row] = await db
    .select({
      id: hiveAdoptions.id,
      userId: hiveAdoptions.userId,
      email: hiveAdoptions.email,
      status: hiveAdoptions.status,
      startDate: hiveAdoptions.startDate,
      hiveName: hiveAdoptions.hiveName,
      registryHive: hives.name,
      tierName: hiveTiers.name,
      companyName: sponsors.companyName,
      personName: users.name,
    })
    .from(hiveAdoptions)
    .innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId))
    .innerJoin(users, eq(users.id, hiveAdoptions.userId))
    .leftJoin(hives, eq(hives.id, hiveAdoptions.hiveId))
    .leftJoin(sponsors, eq(sponsors.userId, hiveAdoptions.userId))
    .where(eq(hiveAdoptions.id, adoptionId));
  // Someone else's adoption is "not found", not "forbidden": its existence is not theirs to learn.
  const allowed = row && (actor.kind === "staff" ? can(actor, "hive_adoptions", "view") : row.userId === actor.userId);
  if (!row || !allowed) return failed(404, NOT_FOUND);
  if (row.status !== "active") return failed(409, CERTIFICATE_NOT_ACTIVE);
  const sponsorName = row.companyName?.trim() || row.personName.trim() || row.email;
  const hive = [row.hiveName, row.registryHive && (row.hiveName ? `(${row.registryHive})` : row.registryHive)].filter(Boolean).join(" ") || "Hive to be assigned";
  const pdf = await drawCertificate({ sponsorName, hive, tierName: row.tierName, startDate: row.startDate, reference: row.id, issuedOn: now });
  return succeeded({ pdf, filename: `apiary-adoption-certificate-${row.id.slice(0, 8)}.pdf` });
}

/** pdf-lib is loaded with the first certificate, not at start: it costs start time and most starts draw none. */
export async function drawCertificate(facts: CertificateFacts): Promise<Uint8Array> {
  const pdf = await import("./certificate-pdf.server");
  return pdf.drawCertificate(facts);
}
