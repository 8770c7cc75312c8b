import type { Toast } from "~/platform/toast";

/**
 * Single sign-on's words (the spec has none of its own: its catalogue names POST /sso only).
 * The titles are the admin login's (spec §5): "Login Failed", and "Access Denied" for someone
 * who is not staff.
 */
export const SSO_TITLE = "Single Sign-On";

/** Saving a provider: what its discovery document failed. */
export const DISCOVERY = {
  unreachable: (issuer: string, reason: string) => `The provider's discovery document (${issuer}/.well-known/openid-configuration) could not be read: ${reason}`,
  notJson: "The provider's discovery document is not a JSON document.",
  issuerMismatch: (expected: string, found: string) => `The discovery document names the issuer ${found || "(none)"}, not ${expected}. Check the issuer address.`,
  missingEndpoint: (name: string) => `The discovery document names no ${name}.`,
  notHttps: (name: string) => `The provider's ${name} must be an https address.`,
  noCodeFlow: "The provider does not offer the authorization code flow (response type \"code\").",
  noPkce: "The provider does not offer PKCE with S256, which single sign-on here requires.",
} as const;

export const PROVIDER_GONE = "This single sign-on provider no longer exists.";
export const duplicateDomain = (domain: string) => `Single sign-on is already set up for ${domain}. Edit that provider instead.`;

/** At the admin login and on the return from the provider. */
export const SSO_REFUSED = {
  noProvider: (domain: string) => `Single sign-on is not set up for ${domain}. Log in with your password, Google or a passkey.`,
  providerDown: (domain: string) => `The sign-in service of ${domain} is not answering. Please try again later, or log in with your password.`,
  providerRefused: "Your organisation's sign-in did not complete. Please try again.",
  expired: "This single sign-on could not be verified or has expired. Please start again.",
  badToken: "Your organisation's sign-in answered with a token that could not be verified. Please try again.",
  unverifiedEmail: "Your organisation's sign-in did not confirm your e-mail address.",
  outsideDomain: (email: string, domain: string) => `Your organisation's sign-in answered for ${email}, which is not an address of ${domain}.`,
  unknownAccount: (email: string) => `There is no back-office account for ${email}. Ask an administrator to add you in User Management.`,
} as const;

export const ssoFailed = (title: string, description: string): Toast => ({ title, description, variant: "error" });
