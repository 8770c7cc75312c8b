import { z } from "~/platform/zod";
import { optionalPlainText } from "~/platform/plain-text";

/** The spec's messages, word for word. One schema per form: the browser and the action use the same. */
const email = z.string({ error: "Please enter a valid email address" }).trim().toLowerCase().pipe(z.email("Please enter a valid email address").max(255, "Please enter a valid email address"));

export const CustomerLoginSchema = z.object({
  email,
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(128, "Password is too long"),
});
export type CustomerLoginInput = z.infer<typeof CustomerLoginSchema>;

export const CustomerSignUpSchema = z.object({
  // Optional, like company and phone: booking forms prefill it; nothing invents one from the e-mail.
  name: optionalPlainText("Name", 100, "Name must be less than 100 characters"),
  email,
  password: z
    .string({ message: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
  companyName: optionalPlainText("Company name", 200, "Company name must be less than 200 characters"),
  phoneNumber: optionalPlainText("Phone number", 40, "Phone number must be less than 40 characters"),
});
export type CustomerSignUpInput = z.infer<typeof CustomerSignUpSchema>;

export const AdminLoginSchema = CustomerLoginSchema;

/** A path on this site: one slash, then anything but another slash or a backslash. */
const LOCAL_PATH = /^\/(?![/\\])/;

/** Only paths on this site: never `//evil.example` or a full URL. */
export function safeRedirectPath(value: unknown, fallback: string) {
  if (typeof value !== "string" || !LOCAL_PATH.test(value)) return fallback;
  try {
    const url = new URL(value, "http://apiary.local");
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Checked again once normalised: "/.//evil.example" becomes "//evil.example".
    return url.origin === "http://apiary.local" && LOCAL_PATH.test(path) ? path : fallback;
  } catch {
    return fallback;
  }
}
