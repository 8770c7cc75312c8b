import { z } from "~/platform/zod";
import { optionalPlainText } from "~/platform/plain-text";

/**
 * The editable part of a sponsor profile, used by the browser and by the action alike. The spec
 * shows no rules; these limits keep the row sane. An empty field clears the value (null).
 */
const optionalText = (field: string, max: number, message: string) => optionalPlainText(field, max, message).transform((value) => value ?? null);

const PHONE_CHARACTERS = /^[0-9+()\-.\s]*$/;

export const SponsorProfileSchema = z.object({
  // The person's name (on the account): what booking forms prefill.
  name: optionalText("Name", 100, "Name must be at most 100 characters"),
  companyName: optionalText("Company name", 200, "Company name must be at most 200 characters"),
  address: optionalText("Address", 500, "Address must be at most 500 characters"),
  phoneNumber: optionalText("Phone number", 40, "Phone number must be at most 40 characters").refine(
    (value) => value === null || (PHONE_CHARACTERS.test(value) && /\d/.test(value)),
    "Phone number may contain only digits, spaces and + ( ) - .",
  ),
});
export type SponsorProfileInput = z.input<typeof SponsorProfileSchema>;
export type SponsorProfileValues = z.output<typeof SponsorProfileSchema>;

