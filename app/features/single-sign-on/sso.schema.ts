import { z } from "~/platform/zod";
import { recordId } from "~/features/back-office/form-fields";

/** The Single Sign-On dialog (Role Permissions), in the browser and in the commands. */
export const DOMAIN_INVALID = "Enter the e-mail domain alone, such as example.org";
export const ISSUER_INVALID = "Enter the provider's issuer address, such as https://login.example.org";
export const CLIENT_ID_REQUIRED = "Client ID is required";
export const CLIENT_SECRET_REQUIRED = "Client secret is required";
export const SSO_EMAIL_INVALID = "Please enter a valid email address";

/** A host name of at least two labels, letters, digits and hyphens: what follows "@" in an address. */
const DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const domain = z
  .string({ error: DOMAIN_INVALID })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ""))
  .pipe(z.string().regex(DOMAIN, DOMAIN_INVALID));

// An issuer is compared with the discovery document's character for character, so it is kept as typed (less a trailing slash).
const issuer = z
  .string({ error: ISSUER_INVALID })
  .trim()
  .max(300, ISSUER_INVALID)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.search && !url.hash && !url.username && !url.password;
    } catch {
      return false;
    }
  }, ISSUER_INVALID)
  .transform((value) => value.replace(/\/+$/, ""));

const clientId = z.string({ error: CLIENT_ID_REQUIRED }).trim().min(1, CLIENT_ID_REQUIRED).max(300, "Client ID can be at most 300 characters");
const secret = z.string().max(500, "Client secret can be at most 500 characters");

export const AddSsoProviderSchema = z.object({
  domain,
  issuer,
  clientId,
  clientSecret: secret.min(1, CLIENT_SECRET_REQUIRED),
});

/** Editing: a blank secret keeps the one stored (it is never shown again). */
export const EditSsoProviderSchema = z.object({
  id: recordId("Choose a provider"),
  domain,
  issuer,
  clientId,
  clientSecret: secret.optional().transform((value) => value || undefined),
});

export const DeleteSsoProviderSchema = z.object({ id: recordId("Choose a provider") });

/** The admin login's "Single sign-on" form: the work address only. */
export const SsoStartSchema = z.object({
  email: z.string({ error: SSO_EMAIL_INVALID }).trim().toLowerCase().pipe(z.email(SSO_EMAIL_INVALID).max(255, SSO_EMAIL_INVALID)),
});

/** The part of an address after its last "@", lower case. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
