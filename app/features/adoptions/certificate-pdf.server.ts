import { format, parseISO } from "date-fns";
import { PDFDocument, rgb, StandardFonts, type PDFFont } from "pdf-lib";

/** The certificate's page, drawn with pdf-lib (see certificate.server.ts). */
export type CertificateFacts = { sponsorName: string; hive: string; tierName: string; startDate: string; reference: string; issuedOn: Date };

const FOREST = rgb(0.11, 0.25, 0.17);
const HONEY = rgb(0.95, 0.69, 0.2);
const INK = rgb(0.13, 0.13, 0.12);
const MUTED = rgb(0.38, 0.37, 0.34);

/**
 * The standard PDF fonts know Latin-1 (WinAnsi) only: a character they cannot draw is written
 * without its accent when it has one (ł → l), else as "?", so any name prints.
 */
// Letters whose accent is part of the letter (no decomposition to strip).
const BASE_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t" };

function printable(text: string, font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (known.has(char.codePointAt(0)!)) return char;
      const base = BASE_LETTERS[char] ?? char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return [...base].every((c) => known.has(c.codePointAt(0)!)) && base ? base : "?";
    })
    .join("");
}

export async function drawCertificate(facts: CertificateFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate of Hive Adoption: ${facts.sponsorName}`);
  doc.setSubject(`${facts.tierName}, ${facts.hive}, since ${facts.startDate}`);
  doc.setAuthor("Apiary");
  doc.setCreator("Apiary");
  doc.setCreationDate(facts.issuedOn);
  const page = doc.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const serifBold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const sansBold = await doc.embedFont(StandardFonts.HelveticaBold);

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: FOREST, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: HONEY, borderWidth: 1 });

  // The organisation's mark: a honeycomb cell with the name beside it.
  const cx = width / 2 - 52;
  const cy = height - 92;
  const r = 20;
  const hexagon = Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    return `${i === 0 ? "M" : "L"} ${(r * Math.cos(angle)).toFixed(2)} ${(r * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
  page.drawSvgPath(`${hexagon} Z`, { x: cx, y: cy, color: HONEY, borderColor: FOREST, borderWidth: 2 });
  page.drawText("Apiary", { x: cx + 30, y: cy - 10, size: 28, font: serifBold, color: FOREST });

  const centred = (text: string, y: number, size: number, font: PDFFont, color = INK) => {
    let shown = printable(text, font);
    let fontSize = size;
    // A long name shrinks to fit the page rather than running off it.
    while (font.widthOfTextAtSize(shown, fontSize) > width - 140 && fontSize > 10) fontSize -= 1;
    if (font.widthOfTextAtSize(shown, fontSize) > width - 140) shown = `${shown.slice(0, 80)}...`;
    page.drawText(shown, { x: (width - font.widthOfTextAtSize(shown, fontSize)) / 2, y, size: fontSize, font, color });
  };

  centred("Certificate of Hive Adoption", height - 170, 34, serifBold, FOREST);
  centred("This certifies that", height - 220, 15, sans, MUTED);
  centred(facts.sponsorName, height - 265, 30, serif);
  centred("has adopted", height - 305, 15, sans, MUTED);
  centred(facts.hive, height - 345, 24, serifBold, FOREST);
  centred(`${facts.tierName} tier, since ${format(parseISO(facts.startDate), "MMMM d, yyyy")}`, height - 380, 16, sans);
  centred("Thank you for keeping healthy colonies and forage for pollinators in the Pacific Northwest.", height - 425, 12, sans, MUTED);
  page.drawLine({ start: { x: 120, y: 92 }, end: { x: width - 120, y: 92 }, thickness: 0.5, color: HONEY });
  page.drawText(printable(`Adoption reference ${facts.reference}`, sans), { x: 120, y: 72, size: 9, font: sans, color: MUTED });
  const issued = `Issued ${format(facts.issuedOn, "MMMM d, yyyy")}`;
  page.drawText(issued, { x: width - 120 - sansBold.widthOfTextAtSize(issued, 9), y: 72, size: 9, font: sansBold, color: MUTED });
  return doc.save();
}
