import { clientSchema } from "~/ui/forms/client-schema";
import { AskForCode, EnterCode, type LastResult } from "./code-step";

const emailCodeRequest = clientSchema(() => import("./code.schema").then((m) => m.EmailCodeRequestSchema));
const emailCode = clientSchema(() => import("./code.schema").then((m) => m.EmailCodeSchema));

/** "Email me a sign-in link": the address, then the code from the message (or its link). */
export function EmailCodeWay({ redirectTo, sentTo, lastResult }: { redirectTo: string; sentTo: string | null; lastResult: LastResult }) {
  if (sentTo) {
    return (
      <EnterCode
        id="email-code"
        intent="email-code"
        resendIntent="email-code-request"
        schema={emailCode}
        name="email"
        sentTo={sentTo}
        sentToShown={sentTo}
        lead="Open the link in the message, or type its code here. We sent it to"
        changeHref={`?way=email&redirectTo=${encodeURIComponent(redirectTo)}`}
        changeLabel="Use another address"
        redirectTo={redirectTo}
        lastResult={lastResult}
      />
    );
  }
  return (
    <AskForCode
      id="email-code-request"
      intent="email-code-request"
      schema={emailCodeRequest}
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      hint="No password needed. New here? The link creates your account."
      submit="Email me a sign-in link"
      busy="Sending…"
      redirectTo={redirectTo}
      lastResult={lastResult}
    />
  );
}
