import { lazy, Suspense } from "react";
import { GoogleButton } from "~/ui/forms/google-button";
import type { LastResult } from "./code-step";
import { MoreWays, SignInWay } from "./more-ways";
import { PasskeySignIn } from "./passkey-sign-in";

// The code ways' forms and the wallets (their discovery, then their signing) are fetched when the
// way is chosen (its link opens it), not with the page.
const WalletSignIn = lazy(() => import("./wallets").then((module) => ({ default: module.WalletSignIn })));
const EmailCodeWay = lazy(() => import("./email-code").then((module) => ({ default: module.EmailCodeWay })));
const PhoneCodeWay = lazy(() => import("./phone-code").then((module) => ({ default: module.PhoneCodeWay })));

export type Way = "email" | "phone" | "wallet";

type Props = {
  redirectTo: string;
  google: boolean;
  /** The way that is open: chosen by its link, or the one the last answer was about. */
  open: Way | null;
  passkeyError: string | null;
  emailSentTo: string | null;
  phoneSent: { to: string; shown: string } | null;
  /** The last answer's result for the open code way's form. */
  lastResult: LastResult;
};

/**
 * The customer sign-in page's ways in beside the password form: Google, then "More ways to sign
 * in" (a passkey, an e-mailed code, a phone code, a wallet). The page loads it once it is
 * interactive (lazyAfterHydration): the form comes first.
 */
export default function CustomerOtherWays({ redirectTo, google, open, passkeyError, emailSentTo, phoneSent, lastResult }: Props) {
  return (
    <>
      {google && (
        <>
          <div className="my-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
          </div>
          <GoogleButton redirectTo={redirectTo} />
        </>
      )}
      <MoreWays>
        <PasskeySignIn portal="customer" redirectTo={redirectTo} error={passkeyError} />
        <SignInWay id="way-email" title="Email me a sign-in link" href={wayHref("email", redirectTo)} open={open === "email"}>
          <Suspense>
            <EmailCodeWay redirectTo={redirectTo} sentTo={emailSentTo} lastResult={open === "email" ? lastResult : undefined} />
          </Suspense>
        </SignInWay>
        <SignInWay id="way-phone" title="Continue with phone" href={wayHref("phone", redirectTo)} open={open === "phone"}>
          <Suspense>
            <PhoneCodeWay redirectTo={redirectTo} sent={phoneSent} lastResult={open === "phone" ? lastResult : undefined} />
          </Suspense>
        </SignInWay>
        <SignInWay id="way-wallet" title="Continue with a wallet" href={wayHref("wallet", redirectTo)} open={open === "wallet"}>
          <Suspense>
            <WalletSignIn redirectTo={redirectTo} />
          </Suspense>
        </SignInWay>
      </MoreWays>
    </>
  );
}

const wayHref = (way: Way, redirectTo: string) => `?way=${way}&redirectTo=${encodeURIComponent(redirectTo)}`;
