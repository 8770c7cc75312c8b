/**
 * Said wherever a phone number is given for texted codes (ASVS 6.6.1): a code by text is only as
 * safe as the number, and whoever gets the number moved to their SIM (a "SIM swap") or has it
 * ported gets the codes too. A passkey or a password is the stronger way, and can be added later.
 */
export const SMS_RISK_NOTE =
  "Texted codes are convenient but the least safe way in: anyone who gets your number moved to their phone (a SIM swap) receives your codes too. A passkey or a password is safer; you can add one under Sign-in & security in your profile.";

export function SmsRiskNote({ id = "sms-risk-note" }: { id?: string }) {
  return (
    <p id={id} role="note" className="rounded-xl border border-honey-300 bg-honey-50 px-4 py-3 text-sm text-ink">
      {SMS_RISK_NOTE}
    </p>
  );
}
