import type { SubmissionResult } from "@conform-to/react";
import { Lock, Mail, Smartphone, Trash2, Wallet } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import type { Toast } from "~/platform/toast";
import { GoogleMark } from "~/ui/forms/google-button";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import { FreshProofStep } from "../fresh-proof/fresh-proof-step";
import { LINK_GOOGLE_INTENT, REMOVE_WAY_INTENT, type SignInWay, type WayKind } from "../sign-in-ways-messages";

// Fetched only when the person chooses that way (the tab's first load carries neither).
const WalletLink = lazy(() => import("./wallet-link"));
const PhoneLink = lazy(() => import("./phone-link"));

/** What a form of the card answers (the page action's reply). */
export type WayAnswer = { intent: string | null; toast?: Toast | null; result?: SubmissionResult<string[]> | null };

const KIND: Record<WayKind, { name: string; icon: ReactNode }> = {
  password: { name: "Password", icon: <Lock aria-hidden="true" /> },
  google: { name: "Google", icon: <GoogleMark /> },
  "email-code": { name: "Code by e-mail", icon: <Mail aria-hidden="true" /> },
  phone: { name: "Phone", icon: <Smartphone aria-hidden="true" /> },
  ethereum: { name: "Ethereum wallet", icon: <Wallet aria-hidden="true" /> },
  solana: { name: "Solana wallet", icon: <Wallet aria-hidden="true" /> },
};

/**
 * "Sign-in ways" on the Sign-in & security tab: every way this person signs in (passkeys have
 * their own card below), each removable but the e-mail code, which goes with the address; and
 * the ways to add one: Google by its redirect, a wallet by its signature, a phone by a texted code.
 */
export function SignInWaysCard({ ways, google }: { ways: SignInWay[]; google: boolean }) {
  const [adding, setAdding] = useState<"wallet" | "phone" | null>(null);
  return (
    <section aria-labelledby="sign-in-ways-title" className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
      <h2 id="sign-in-ways-title" className="text-xl font-bold text-ink">
        Sign-in ways
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">
        Every way you can sign in to your account. Keep more than one, so that losing a phone or a wallet never locks you out.
      </p>
      {ways.length === 0 ? (
        <p className="mt-4 text-ink">Only your passkeys, below.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border" aria-label="Your ways to sign in">
          {ways.map((way) => (
            <WayItem key={way.id ?? way.kind} way={way} />
          ))}
        </ul>
      )}
      <h3 className="mt-6 font-semibold text-ink">Add a way to sign in</h3>
      <div className="mt-3 flex flex-wrap gap-3">
        {google && (
          // The answer is the redirect to Google, followed as a page load (without JavaScript by way
          // of our own page: leave-site.server.ts); Google's answer comes back to this tab.
          <Form method="post">
            <input type="hidden" name="intent" value={LINK_GOOGLE_INTENT} />
            <Button type="submit" variant="outline">
              <GoogleMark />
              Add Google
            </Button>
          </Form>
        )}
        <Button variant="outline" aria-expanded={adding === "wallet"} onClick={() => setAdding(adding === "wallet" ? null : "wallet")}>
          <Wallet aria-hidden="true" />
          Add a wallet
        </Button>
        <Button variant="outline" aria-expanded={adding === "phone"} onClick={() => setAdding(adding === "phone" ? null : "phone")}>
          <Smartphone aria-hidden="true" />
          Add a phone number
        </Button>
      </div>
      <noscript>
        <p className="mt-3 text-sm text-ink-muted">Adding a wallet or a phone number needs JavaScript.</p>
      </noscript>
      {adding && (
        <div className="mt-4 rounded-2xl border border-border bg-cream p-4">
          <Suspense fallback={<p className="text-sm text-ink-muted">Loading…</p>}>{adding === "wallet" ? <WalletLink /> : <PhoneLink onDone={() => setAdding(null)} />}</Suspense>
        </div>
      )}
    </section>
  );
}

function WayItem({ way }: { way: SignInWay }) {
  const fetcher = useFetcher<WayAnswer>();
  useToast(fetcher.data?.toast);
  const { name, icon } = KIND[way.kind];
  const removing = fetcher.state !== "idle";
  // The refusal stays under the row too: a toast goes, and "confirm it's you first" must be read.
  const refusal = fetcher.state === "idle" && fetcher.data?.toast?.variant === "error" ? fetcher.data.toast.description : null;
  const label = way.shown ? `${name} ${way.shown}` : name;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 shrink-0 text-forest-700 [&_svg]:size-5">{icon}</span>
        <div className="min-w-0">
          <p className="font-semibold text-ink [overflow-wrap:anywhere]">
            {name}
            {way.shown && <span className="font-normal text-ink"> · {way.shown}</span>}
          </p>
          <p className="text-sm text-ink-muted">
            {way.removable ? (way.added ? `Added ${way.added}` : "") : "Goes with your e-mail address"}
          </p>
          {refusal && (
            <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
              {refusal}
            </p>
          )}
          {way.removable && way.id && <FreshProofStep formId={`remove-way:${way.id}`} lastResult={fetcher.data?.result} />}
        </div>
      </div>
      {way.removable && way.id && (
        <fetcher.Form method="post" preventScrollReset id={`remove-way:${way.id}`}>
          <input type="hidden" name="intent" value={REMOVE_WAY_INTENT} />
          <input type="hidden" name="wayId" value={way.id} />
          <Button type="submit" variant="outline" size="sm" disabled={removing} aria-label={`Remove ${label}`}>
            <Trash2 aria-hidden="true" />
            {removing ? "Removing…" : "Remove"}
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}
