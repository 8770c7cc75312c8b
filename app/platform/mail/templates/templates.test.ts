import { describe, expect, it } from "vitest";
import { renderTemplate, templateNames, type TemplateName, type TemplateProps } from ".";
import { MAIL_MARK_CID } from "../mail-mark-cid";

const stay = {
  bookingId: "bk_123",
  reference: "STA-3F9A0C",
  assetName: "Lakeside RV Trailer",
  guestName: "Rosa",
  guestEmail: "rosa@example.com",
  checkInDate: "2030-06-10",
  checkOutDate: "2030-06-13",
  numberOfGuests: 2,
  numberOfNights: 3,
  location: "Stanwood",
  totalAmount: "$450.00",
  manageUrl: "https://apiary.test/stay/tok",
};

/** One example of every template's props: the snapshots below render these. */
const SAMPLES: { [N in TemplateName]: TemplateProps<N> } = {
  contact: { name: "Rosa Lee", email: "rosa@example.com", subject: "Hive visit", message: "Could we visit in June?\nWe are four." },
  "booking-confirmation": stay,
  "adoption-confirmation": {
    adoptionId: "ad_9",
    userEmail: "bee@example.com",
    tierName: "Queen Bee",
    tierPrice: "$25.00",
    paymentFrequency: "monthly",
    paymentMethod: "Crypto",
    hiveName: null,
    honeyShare: "Up to 3 lb of raw honey each season (not guaranteed)",
    perks: ["Jar of honey", "Hive visit"],
    profileUrl: "https://apiary.test/sponsor-profile?tab=adoptions",
  },
  "verify-email": { url: "https://apiary.test/api/auth/verify-email?token=abc" },
  "password-reset": { url: "https://apiary.test/reset-password?token=abc" },
  "account-notice": { kind: "password-set-by-staff", loginUrl: "https://apiary.test/auth" },
  "booking-update": { ...stay, status: "confirmed", isUpdate: true },
  "booking-cancelled-notice": { ...stay, from: "link", bookingsUrl: "https://apiary.test/admin/bookings" },
  "stay-confirmed": stay,
  "adoption-update": {
    change: "activated",
    adoptionId: "ad_42",
    tierName: "Guardian",
    hiveName: "Buzz",
    paymentFrequency: "annual",
    price: "$599.00",
    startDate: "2026-03-15",
    endDate: "2027-03-14",
    profileUrl: "https://apiary.test/sponsor-profile?tab=adoptions",
    adoptUrl: "https://apiary.test/adopt-hive-signup",
  },
  "hive-update": { hiveName: "Lakeside 1", body: "The colony is strong.\nFirst nectar flow this week.", photos: 2, profileUrl: "https://apiary.test/sponsor-profile?tab=adoptions", unsubscribeUrl: "https://apiary.test/hive-updates/unsubscribe/tok" },
  "hive-moved": { fromHive: "Lakeside 2", toHive: "Orchard 1", location: "Stanwood", reason: "The colony was lost over winter.", tierName: "Guardian", profileUrl: "https://apiary.test/sponsor-profile?tab=adoptions" },
  "payment-receipt": {
    receiptNumber: "5f0c2a9e-3b1d-4c7a-9e21-8d4f6b0a1c33",
    tierName: "Guardian",
    hiveName: "Buzz",
    amount: "$25.00",
    paymentMethod: "Credit card",
    paymentDate: "2026-11-20",
    totalPaid: "$150.00",
    profileUrl: "https://apiary.test/sponsor-profile?tab=adoptions",
  },
  "sign-in-code": { code: "042917", url: "https://apiary.test/customer-auth?link=abc", purpose: "sign-in" },
  "email-change": { kind: "changed", email: "new-rosa@example.com", url: "https://apiary.test/email-change?undo=abc" },
};

describe("mail templates", () => {
  it("renders the contact message with visitor text escaped in html and kept in text", async () => {
    const mail = await renderTemplate("contact", {
      name: "<script>alert(1)</script>",
      email: "rosa@example.com",
      subject: "Hive visit",
      message: "First line\nSecond <b>line</b>",
    });
    expect(mail.subject).toBe("New contact message: Hive visit");
    expect(mail.html).not.toContain("<script>alert(1)</script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<b>line</b>");
    expect(mail.text).toContain("First line\nSecond <b>line</b>");
    expect(mail.text).toContain("rosa@example.com");
    expect(mail.text).toContain("Apiary");
  });

  it("renders the booking confirmation with the short code, the stay's own name, dates, total and the promise to follow up", async () => {
    const mail = await renderTemplate("booking-confirmation", SAMPLES["booking-confirmation"]);
    expect(mail.subject).toBe("Your booking request at Stanwood");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("STA-3F9A0C");
      expect(part).not.toContain("bk_123");
      expect(part).toContain("Lakeside RV Trailer");
      expect(part).toContain("Monday, June 10, 2030");
      expect(part).toContain("$450.00");
      expect(part).toContain("3 nights");
    }
    expect(mail.text).toMatch(/will contact you/);
    expect(mail.text).toMatch(/Booking reference\s+STA-3F9A0C/);
    // The self-service page is a button, its address in the plain-text part.
    expect(mail.html).toMatch(/<a[^>]+href="https:\/\/apiary\.test\/stay\/tok"[^>]*>.*See or cancel your request/s);
    expect(mail.text).toContain("https://apiary.test/stay/tok");
    // Signed in: the button opens the request in their profile instead.
    const signedIn = await renderTemplate("booking-confirmation", { ...SAMPLES["booking-confirmation"], profileUrl: "https://apiary.test/sponsor-profile/bookings/bk_123" });
    expect(signedIn.html).toContain('href="https://apiary.test/sponsor-profile/bookings/bk_123"');
  });

  it("renders the adoption confirmation with the frequency and method chosen, the tier card's honey wording and the profile", async () => {
    const mail = await renderTemplate("adoption-confirmation", SAMPLES["adoption-confirmation"]);
    expect(mail.subject).toBe("Welcome to the hive: your Queen Bee adoption");
    expect(mail.text).toContain("$25.00 per month");
    expect(mail.text).toMatch(/Paid\s+Monthly, by crypto/);
    expect(mail.text).toContain("Up to 3 lb of raw honey each season (not guaranteed)");
    expect(mail.text).not.toContain("kg");
    expect(mail.text).toContain("Jar of honey");
    expect(mail.text).toContain("once your hive is assigned");
    expect(mail.html).toContain('href="https://apiary.test/sponsor-profile?tab=adoptions"');
  });

  it("shows the mark inline, from the message itself, in the site's colours", async () => {
    for (const name of templateNames) {
      const mail = await renderTemplate(name, SAMPLES[name] as never);
      expect(mail.html, name).toContain(`src="cid:${MAIL_MARK_CID}"`);
      expect(mail.html, name).toContain("#1F3D2B");
      expect(mail.text.trim().length, name).toBeGreaterThan(40);
    }
  });

  // What each e-mail looks like, kept beside this file: a change to a template shows in review.
  it.each(templateNames)("renders %s as its snapshot, in both parts", async (name) => {
    const mail = await renderTemplate(name, SAMPLES[name] as never);
    await expect(mail.html).toMatchFileSnapshot(`__snapshots__/${name}.html`);
    await expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchFileSnapshot(`__snapshots__/${name}.txt`);
  });

  it("puts the link of account e-mails in both parts", async () => {
    const url = "https://apiary.test/reset?token=a%2Bb&x=1";
    for (const name of ["verify-email", "password-reset"] as const) {
      const mail = await renderTemplate(name, { url });
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url.replace("&", "&amp;")}"`);
    }
  });

  it("tells a person what an administrator changed, with the login page in both parts", async () => {
    const password = await renderTemplate("account-notice", { kind: "password-set-by-staff", loginUrl: "https://apiary.test/auth" });
    expect(password.subject).toBe("Your password was changed by an administrator");
    expect(password.text).toContain("every device signed in to it has been signed out");
    expect(password.text).toContain("https://apiary.test/auth");
    const twoFactor = await renderTemplate("account-notice", { kind: "two-factor-turned-off", loginUrl: "https://apiary.test/auth" });
    expect(twoFactor.subject).toBe("Two-factor authentication was turned off for your account");
    expect(twoFactor.html).toContain('href="https://apiary.test/auth"');
  });

  it("folds line breaks of visitor text out of the subject", async () => {
    const mail = await renderTemplate("contact", { name: "Eve", email: "eve@example.com", subject: "Hi\r\nBcc: x@example.com", message: "." });
    expect(mail.subject).toBe("New contact message: Hi Bcc: x@example.com");
  });

  it("gives a sponsor a receipt: amount, method, day paid and the running total, the hive's name escaped", async () => {
    const mail = await renderTemplate("payment-receipt", { ...SAMPLES["payment-receipt"], hiveName: "Buzz <b>Aldrin</b>" });
    expect(mail.subject).toBe("Receipt for your $25.00 payment");
    expect(mail.html).not.toContain("<b>Aldrin</b>");
    expect(mail.text).toMatch(/Amount\s+\$25\.00/);
    expect(mail.text).toMatch(/Paid on\s+Friday, November 20, 2026/);
    expect(mail.text).toMatch(/Payment method\s+Credit card/);
    expect(mail.text).toMatch(/Total paid to date\s+\$150\.00/);
    expect(mail.text).toContain("https://apiary.test/sponsor-profile?tab=adoptions");
  });

  it("tells a sponsor their adoption is active, cancelled, ended, or ending soon, with where to see and renew it", async () => {
    const base = {
      adoptionId: "ad_42",
      tierName: "Guardian",
      hiveName: "Buzz <b>Aldrin</b>",
      paymentFrequency: "annual" as const,
      price: "$270.00",
      startDate: "2026-03-15",
      endDate: "2027-03-14",
      profileUrl: "https://apiary.test/sponsor-profile?tab=adoptions",
      adoptUrl: "https://apiary.test/adopt-hive-signup",
    };
    const active = await renderTemplate("adoption-update", { ...base, change: "activated" });
    expect(active.subject).toBe("Your Guardian adoption is active");
    expect(active.html).not.toContain("<b>Aldrin</b>");
    expect(active.text).toContain("$270.00 per year");
    expect(active.text).toMatch(/Ends\s+Sunday, March 14, 2027/);
    expect(active.text).toContain(base.profileUrl);
    expect(active.text).not.toContain(base.adoptUrl);
    expect((await renderTemplate("adoption-update", { ...base, change: "cancelled" })).subject).toBe("Your Guardian adoption is cancelled");
    const ended = await renderTemplate("adoption-update", { ...base, change: "expired" });
    expect(ended.subject).toBe("Your Guardian adoption has ended");
    expect(ended.text).toMatch(/Ended\s+Sunday, March 14, 2027/);
    expect(ended.text).toContain(base.adoptUrl);
    const renewal = await renderTemplate("adoption-update", { ...base, change: "renewal-due" });
    expect(renewal.subject).toBe("Your Guardian adoption ends on Mar 14, 2027");
    expect(renewal.text).toContain("Renew or change tier");
  });

  it("has props checked per template", async () => {
    expect(templateNames).toEqual(["contact", "booking-confirmation", "adoption-confirmation", "verify-email", "password-reset", "account-notice", "booking-update", "booking-cancelled-notice", "stay-confirmed", "adoption-update", "hive-update", "hive-moved", "payment-receipt", "sign-in-code", "email-change"]);
    // @ts-expect-error verify-email needs a url, not contact props
    const unchecked = await renderTemplate("verify-email", { name: "x", email: "x@example.com", subject: "s", message: "m" });
    // Only the compiler checks them: at run time such a mail is still made, with no link to follow.
    expect(unchecked.subject).toBe("Confirm your e-mail address");
    expect(unchecked.html).not.toContain("href=");
  });
});
