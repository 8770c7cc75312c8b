import type * as WebAuthnBrowser from "@simplewebauthn/browser";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { CONNECTION_FAILED } from "~/platform/errors/server-unreachable";
import { errorToast, type Toast } from "~/platform/toast";
import { LOGIN_FAILED_TITLE } from "../messages";
import { PASSKEY_CANCELLED_MESSAGE, PASSKEY_FAILED_TITLE, PASSKEY_NOT_MADE_MESSAGE, PASSKEY_UNSUPPORTED_MESSAGE } from "../passkey-messages";

/**
 * The browser's half of a passkey ceremony, run on a click: @simplewebauthn/browser is loaded
 * only then (the sign-in page's script stays small), the options come from the server with a
 * fresh challenge, and the browser asks the person for their passkey. The answer is for the
 * page's action to check; a refusal or a cancelled prompt comes back as the toast to show.
 */

/** `reauthenticate`: a signed-in person confirming it's them with one of their own passkeys (fresh-proof.server.ts). */
export type Ceremony = { kind: "register" } | { kind: "sign-in"; portal: "customer" | "admin" } | { kind: "reauthenticate" };
type Outcome<R> = { response: R } | { toast: Toast | null };

export const PASSKEY_ALREADY_ON_DEVICE_MESSAGE = "A passkey for this account is already on this device or password manager.";

export async function runPasskeyCeremony(ceremony: { kind: "register" }): Promise<Outcome<RegistrationResponseJSON>>;
export async function runPasskeyCeremony(ceremony: { kind: "sign-in"; portal: "customer" | "admin" } | { kind: "reauthenticate" }): Promise<Outcome<AuthenticationResponseJSON>>;
export async function runPasskeyCeremony(ceremony: Ceremony): Promise<Outcome<RegistrationResponseJSON | AuthenticationResponseJSON>> {
  const title = ceremony.kind === "register" ? PASSKEY_FAILED_TITLE : LOGIN_FAILED_TITLE;
  let browser: typeof WebAuthnBrowser;
  try {
    browser = await import("@simplewebauthn/browser");
  } catch {
    return { toast: errorToast(title, CONNECTION_FAILED) };
  }
  if (!browser.browserSupportsWebAuthn()) return { toast: errorToast(title, PASSKEY_UNSUPPORTED_MESSAGE) };

  let answer: { ok: boolean; options?: unknown; toast?: Toast | null };
  try {
    const purpose = ceremony.kind === "sign-in" ? `sign-in:${ceremony.portal}` : ceremony.kind;
    const response = await fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose }) });
    answer = (await response.json()) as typeof answer;
  } catch {
    return { toast: errorToast(title, CONNECTION_FAILED) };
  }
  if (!answer.ok || !answer.options) return { toast: answer.toast ?? errorToast(title, CONNECTION_FAILED) };

  try {
    if (ceremony.kind === "register") {
      const optionsJSON = answer.options as Parameters<typeof browser.startRegistration>[0]["optionsJSON"];
      return { response: await browser.startRegistration({ optionsJSON }) };
    }
    const optionsJSON = answer.options as Parameters<typeof browser.startAuthentication>[0]["optionsJSON"];
    return { response: await browser.startAuthentication({ optionsJSON }) };
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return { toast: errorToast(title, PASSKEY_ALREADY_ON_DEVICE_MESSAGE) };
    return { toast: errorToast(title, ceremony.kind === "register" ? PASSKEY_NOT_MADE_MESSAGE : PASSKEY_CANCELLED_MESSAGE) };
  }
}
