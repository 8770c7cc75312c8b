import { BadgeCheck, CircleAlert, LogOut, MonitorSmartphone } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { ADMIN_REFUSED_MESSAGE } from "~/features/accounts/messages";
import { requestMeta } from "~/features/accounts/request-meta";
import { getSponsorAccount, type SponsorAccount } from "~/features/accounts/sponsor-account.server";
import { resendVerificationEmail } from "~/features/accounts/verification.server";
import { verificationLinkOutcome, verificationLinkToast } from "~/features/accounts/verified-email";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { toastHeader } from "~/platform/toast.server";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/sponsor-profile";

export const meta: Route.MetaFunction = () => [{ title: "Sponsor Profile | Apiary" }, { name: "robots", content: "noindex" }];

/** This page's address without the verification link's parameters (they are shown once, as a toast). */
function cleanPath(url: URL) {
  const params = new URLSearchParams(url.searchParams);
  params.delete("verified");
  params.delete("error");
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const url = new URL(request.url);
  const outcome = verificationLinkOutcome(url.searchParams);

  if (actor.kind === "anonymous") {
    // Also where the e-mail link lands for someone not signed in on this browser.
    const headers = new Headers();
    if (outcome) headers.append("Set-Cookie", await toastHeader(verificationLinkToast(outcome, false), platform.authSecret));
    throw redirect(`/customer-auth?redirectTo=${encodeURIComponent(cleanPath(url))}`, { headers });
  }
  if (outcome) {
    // Only the account's real state earns "Email Verified"; anyone can type ?verified=1.
    const show = outcome === "failed" || actor.emailVerified;
    const headers = show ? { "Set-Cookie": await toastHeader(verificationLinkToast(outcome, true), platform.authSecret) } : undefined;
    throw redirect(cleanPath(url), { headers });
  }
  if (actor.kind === "admin") return { view: "admin" as const, email: actor.email };
  return { view: "customer" as const, account: await getSponsorAccount(platform.db, actor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const form = await request.formData();
  if (actor.kind === "anonymous") throw redirect(`/customer-auth?redirectTo=${encodeURIComponent("/sponsor-profile")}`);
  if (actor.kind === "admin" || form.get("intent") !== "resend-verification") return data({ toast: null }, { status: 400 });
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const result = await resendVerificationEmail(platform, actor, meta);
  return data({ toast: result.toast }, { status: result.status });
}

export default function SponsorProfile({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  if (loaderData.view === "admin") return <AdminBarred email={loaderData.email} />;
  const { account } = loaderData;
  if (!account.hasSponsorRecord) return <ProfileNotFound />;
  return (
    <Page title="Sponsor Profile" intro="Your account, its email address and where you are signed in.">
      <EmailCard account={account} resendResult={actionData?.toast?.description ?? null} />
      <SessionsCard activeSessions={account.activeSessions} />
    </Page>
  );
}

function Page({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {intro && <p className="mt-2 text-ink-muted">{intro}</p>}
      </header>
      {children}
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmailCard({ account, resendResult }: { account: SponsorAccount; resendResult: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend-verification";
  return (
    <Card id="account-title" title="Account">
      <dl className="mt-4">
        <dt className="text-sm font-semibold text-ink-muted">Email</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="text-lg text-ink [overflow-wrap:anywhere]">{account.email}</span>
          <VerificationBadge verified={account.emailVerified} />
        </dd>
      </dl>
      {!account.emailVerified && (
        <div className="mt-5 rounded-2xl bg-honey-50 p-4">
          <p className="text-sm text-ink">
            Please confirm your email address with the link we sent you. Until then, bookings made under this address are not
            linked to your account.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend-verification" />
            <Button type="submit" variant="outline" size="sm" disabled={sending}>
              {sending ? "Sending…" : "Resend verification e-mail"}
            </Button>
          </Form>
          {/* The toast says it too; this stays, and also reaches browsers without JavaScript. */}
          {resendResult && !sending && <p className="mt-3 text-sm text-ink">{resendResult}</p>}
        </div>
      )}
    </Card>
  );
}

function VerificationBadge({ verified }: { verified: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold [&_svg]:size-4",
        verified ? "bg-forest-50 text-forest-800" : "bg-honey-100 text-honey-900",
      )}
    >
      {verified ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
      {verified ? "Verified" : "Not verified"}
    </span>
  );
}

function SessionsCard({ activeSessions }: { activeSessions: number }) {
  const others = Math.max(0, activeSessions - 1);
  return (
    <Card id="sessions-title" title="Sessions">
      <p className="mt-2 flex items-center gap-2 text-ink-muted">
        <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0" />
        {others === 0
          ? "You are signed in on this device only."
          : `You are signed in on this device and ${others} other${others === 1 ? "" : "s"}.`}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <SignOutButton scope="others" variant="outline">
          Sign out of other devices
        </SignOutButton>
        <SignOutButton scope="global" variant="outline">
          Sign out everywhere
        </SignOutButton>
        <SignOutButton scope="local" variant="secondary">
          <LogOut aria-hidden="true" />
          Sign Out
        </SignOutButton>
      </div>
    </Card>
  );
}

/** Posts to /logout (routes/auth/logout.ts): local ends this session, others every other one, global all. */
function SignOutButton({ scope, variant, children }: { scope: "local" | "others" | "global"; variant: "outline" | "secondary"; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout" && navigation.formData?.get("scope") === scope;
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="scope" value={scope} />
      <Button type="submit" variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

function AdminBarred({ email }: { email: string }) {
  return (
    <Page title="Sponsor Profile">
      <div role="status" className="rounded-3xl border border-honey-300 bg-honey-50 p-6 text-ink sm:p-8">
        <p className="font-semibold">You are signed in as {email}, an administrator account.</p>
        <p className="mt-2">{ADMIN_REFUSED_MESSAGE}</p>
        <ButtonLink to="/admin" variant="secondary" className="mt-5">
          Go to the back-office
        </ButtonLink>
      </div>
    </Page>
  );
}

function ProfileNotFound() {
  return (
    <Page title="Profile Not Found" intro="There is no sponsor profile for this account. Please contact us and we will sort it out.">
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/contact" variant="outline">
          Contact Support
        </ButtonLink>
        <SignOutButton scope="local" variant="secondary">
          <LogOut aria-hidden="true" />
          Sign Out
        </SignOutButton>
      </div>
      <p className="text-sm text-ink-muted">
        Or <Link to="/" className="font-semibold text-link underline underline-offset-4">return to the home page</Link>.
      </p>
    </Page>
  );
}
