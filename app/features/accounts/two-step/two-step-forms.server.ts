import { succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import type { AuthState } from "../actor";
import type { RequestMeta } from "../request-meta";
import { listShownFactors, removeFactor, startPhoneFactor, verifyPhoneFactor } from "../second-factors.server";
import { formatSecretForHumans } from "../totp";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  findTwoFactorSetup,
  getTwoFactorStatus,
  regenerateBackupCodes,
  startTwoFactorSetup,
} from "../two-factor.server";
import { TWO_STEP_INTENTS } from "./two-step-messages";

/**
 * The second factors' settings as both doors serve them (the back-office's /admin/security and
 * the sponsor profile's "Sign-in & security" tab): what the page shows, and the answer to each of
 * its forms. The routes only check who is asking and which rules apply.
 */

export type TwoStepAccount = { userId: string; email: string; sessionId: string; session: AuthState["session"] };
/** `required`: this person may not go without a second factor (staff, when the site says so). */
export type TwoStepRules = { required: boolean };

export async function loadTwoStep(platform: Platform, account: { userId: string; email: string }) {
  const status = await getTwoFactorStatus(platform.db, account.userId);
  const setup = status.hasTotp ? null : await findTwoFactorSetup(platform, account);
  return {
    status,
    factors: await listShownFactors(platform, account.userId),
    setup: setup && { qrCode: setup.qrCode, secret: formatSecretForHumans(setup.secret) },
  };
}

export type TwoStepAnswer = { backupCodes?: string[]; phoneSent?: { phone: string; shown: string; friendlyName: string } } | null;

export const TWO_STEP_FORM_INTENTS = ["start-2fa", "cancel-2fa", "confirm-2fa", "disable-2fa", "regenerate-codes", ...Object.values(TWO_STEP_INTENTS)] as const;
export type TwoStepIntent = (typeof TWO_STEP_FORM_INTENTS)[number];
export const isTwoStepIntent = (intent: string): intent is TwoStepIntent => (TWO_STEP_FORM_INTENTS as readonly string[]).includes(intent);

export async function answerTwoStepForm(
  platform: Platform,
  account: TwoStepAccount,
  intent: TwoStepIntent,
  values: Record<string, unknown>,
  meta: RequestMeta,
  rules: TwoStepRules,
): Promise<Result<TwoStepAnswer>> {
  switch (intent) {
    case "start-2fa": {
      const started = await startTwoFactorSetup(platform, account);
      // The set-up itself (its secret) is not in the answer: the page's loader shows it.
      return started.ok ? succeeded(null) : started;
    }
    case "cancel-2fa":
      await cancelTwoFactorSetup(platform.db, account.userId);
      return succeeded(null);
    case "confirm-2fa":
      return confirmTwoFactorSetup(platform, account, values, meta);
    case "disable-2fa":
      return disableTwoFactor(platform, account, values, meta, rules);
    case "regenerate-codes":
      return regenerateBackupCodes(platform, account, values, meta);
    case TWO_STEP_INTENTS.addPhone: {
      const sent = await startPhoneFactor(platform, account, values, meta);
      return sent.ok ? { ...succeeded({ phoneSent: sent.value }), toast: sent.toast } : sent;
    }
    case TWO_STEP_INTENTS.verifyPhone: {
      const added = await verifyPhoneFactor(platform, account, values, meta);
      return added.ok ? { ...succeeded(null), toast: added.toast } : added;
    }
    case TWO_STEP_INTENTS.remove:
      return removeFactor(platform, account, values, meta, rules);
  }
}
