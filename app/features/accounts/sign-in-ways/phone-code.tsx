import { clientSchema } from "~/ui/forms/client-schema";
import { AskForCode, EnterCode, type LastResult } from "./code-step";
import { SmsRiskNote } from "./sms-risk-note";

const phoneCodeRequest = clientSchema(() => import("./code.schema").then((m) => m.PhoneCodeRequestSchema));
const phoneCode = clientSchema(() => import("./code.schema").then((m) => m.PhoneCodeSchema));

/** "Continue with phone": the number, then the code from the text message. */
export function PhoneCodeWay({
  redirectTo,
  sent,
  lastResult,
}: {
  redirectTo: string;
  sent: { to: string; shown: string } | null;
  lastResult: LastResult;
}) {
  if (sent) {
    return (
      <EnterCode
        id="phone-code"
        intent="phone-code"
        resendIntent="phone-code-request"
        schema={phoneCode}
        name="phone"
        sentTo={sent.to}
        sentToShown={sent.shown}
        lead="Type the code from the text message we sent to"
        changeHref={`?way=phone&redirectTo=${encodeURIComponent(redirectTo)}`}
        changeLabel="Use another number"
        redirectTo={redirectTo}
        lastResult={lastResult}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <AskForCode
        id="phone-code-request"
        intent="phone-code-request"
        schema={phoneCodeRequest}
        name="phone"
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        hint="With its country code, e.g. +1 360 555 0100. We text you a 6-digit code; message rates may apply."
        submit="Text me a code"
        busy="Sending…"
        redirectTo={redirectTo}
        lastResult={lastResult}
      />
      <SmsRiskNote />
    </div>
  );
}
