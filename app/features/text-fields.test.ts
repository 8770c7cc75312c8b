import { describe, expect, it } from "vitest";
import { CustomerSignUpSchema } from "~/features/accounts/auth.schema";
import { AdoptionRequestSchema } from "~/features/adoptions/adoption.schema";
import { BookingRequestSchema } from "~/features/bookings/booking.schema";
import { ContactMessageSchema } from "~/features/contact/contact.schema";
import { SponsorProfileSchema } from "~/features/sponsors/sponsor-profile.schema";
import { controlCharacterMessage } from "~/platform/plain-text";

/** Every text field of the shared schemas, with a form that is otherwise valid. */
const fields = [
  { schema: ContactMessageSchema, field: "name", label: "Name", form: { name: "Rosa", email: "rosa@example.com", subject: "Hives", message: "Tell me about the hives." } },
  { schema: ContactMessageSchema, field: "subject", label: "Subject", form: { name: "Rosa", email: "rosa@example.com", subject: "Hives", message: "Tell me about the hives." } },
  { schema: ContactMessageSchema, field: "message", label: "Message", form: { name: "Rosa", email: "rosa@example.com", subject: "Hives", message: "Tell me about the hives." } },
  {
    schema: BookingRequestSchema,
    field: "guestName",
    label: "Guest name",
    form: { assetId: "5b6f3c1e-8f3a-4c55-9d2e-1f2a3b4c5d6e", checkInDate: "2027-08-01", checkOutDate: "2027-08-03", guestName: "Rosa Guest", guestEmail: "rosa@example.com", numberOfGuests: "2" },
  },
  { schema: CustomerSignUpSchema, field: "companyName", label: "Company name", form: { email: "rosa@example.com", password: "long-enough-1", companyName: "Meadow Ltd" } },
  { schema: CustomerSignUpSchema, field: "phoneNumber", label: "Phone number", form: { email: "rosa@example.com", password: "long-enough-1", phoneNumber: "555 0100" } },
  { schema: SponsorProfileSchema, field: "companyName", label: "Company name", form: { companyName: "Meadow Ltd" } },
  { schema: SponsorProfileSchema, field: "address", label: "Address", form: { address: "1 Lake Road" } },
  { schema: AdoptionRequestSchema, field: "hiveName", label: "Hive name", form: { tierId: "5b6f3c1e-8f3a-4c55-9d2e-1f2a3b4c5d6e", hiveName: "Buzz" } },
] as const;

describe("control characters in text fields", () => {
  it.each(fields)("$label ($field): refused with its own message, the rest of the form valid", ({ schema, field, label, form }) => {
    expect(schema.safeParse(form).success).toBe(true);
    for (const control of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085"]) {
      const bad = `Meadow ${control} 1234567`;
      const result = schema.safeParse({ ...form, [field]: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, controlCharacterMessage(label)]]);
    }
  });

  it("keeps tabs and line breaks (a textarea posts CR LF) and any other script", () => {
    const form = fields[2].form;
    const parsed = ContactMessageSchema.parse({ ...form, message: "Line one,\r\nline two\tand ünïcödé 蜂蜜 🐝." });
    expect(parsed.message).toBe("Line one,\r\nline two\tand ünïcödé 蜂蜜 🐝.");
  });
});
