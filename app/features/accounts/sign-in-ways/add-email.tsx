import { useLocation } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { AskForCode, EnterCode, type LastResult } from "./code-step";

const contactEmailCode = clientSchema(() => import("./code.schema").then((m) => m.ContactEmailCodeSchema));
const contactEmailRequest = clientSchema(() => import("./code.schema").then((m) => m.ContactEmailRequestSchema));

/**
 * Asked of an account without an e-mail address (phone, wallet) at its first booking or adoption:
 * the address, then the code sent to it. Posts to the page it is on, which comes back to what the
 * person was doing (the address bar keeps their choices).
 */
export function AddContactEmail({ sentTo, lastResult, doing }: { sentTo: string | null; lastResult: LastResult; doing: "book" | "adopt" }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section aria-labelledby="add-email-heading" className="max-w-lg rounded-3xl border border-honey-300 bg-surface p-6 shadow-sm">
      <h2 id="add-email-heading" className="text-xl font-bold text-ink">
        Add your email address
      </h2>
      <p className="mt-2 text-ink-muted">
        {doing === "book" ? "Stays" : "Adoptions"} are confirmed by email, so we need an address before you {doing === "book" ? "book" : "adopt"}. We send it a code to make
        sure it is yours; then you carry on here.
      </p>
      <div className="mt-4">
        {sentTo ? (
          <EnterCode
            id="add-email-code"
            intent="add-email-code"
            resendIntent="add-email-request"
            schema={contactEmailCode}
            name="email"
            sentTo={sentTo}
            sentToShown={sentTo}
            lead="Type the code from the message we sent to"
            changeHref={here}
            changeLabel="Use another address"
            redirectTo={here}
            lastResult={lastResult}
          />
        ) : (
          <AskForCode
            id="add-email-request"
            intent="add-email-request"
            schema={contactEmailRequest}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            submit="Send me a code"
            busy="Sending…"
            redirectTo={here}
            lastResult={lastResult}
          />
        )}
      </div>
    </section>
  );
}
