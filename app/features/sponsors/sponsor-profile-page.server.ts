import type { Actor, AuthState } from "~/features/accounts/actor";
import { listMySessions } from "~/features/accounts/sessions/my-sessions.server";
import { hasOwnPassword } from "~/features/accounts/security-tab/has-password.server";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { googleSignInEnabled } from "~/features/accounts/auth.server";
import { passkeyRows } from "~/features/accounts/passkeys.server";
import { listSignInWays } from "~/features/accounts/sign-in-ways.server";
import { getSponsorAccount } from "~/features/accounts/sponsor-account.server";
import { verificationLinkOutcome, verificationLinkToast } from "~/features/accounts/verified-email";
import { listMyAdoptions } from "~/features/adoptions/my-adoptions.server";
import { listMyBookings } from "~/features/bookings/my-bookings.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { isFailure } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { formatDate, formatDay } from "~/ui/format";
import type { GoFirst } from "./customer-portal.server";
import { parseProfileTab } from "./profile-tab";
import { loadTwoStep } from "~/features/accounts/two-step/two-step-forms.server";
import { getSponsorProfile } from "./sponsor-profile.server";

/** This page's address without the verification link's parameters (they are shown once, as a toast). */
function cleanPath(url: URL) {
  const params = new URLSearchParams(url.searchParams);
  params.delete("verified");
  params.delete("error");
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * The sponsor profile as the URL asks for it (tabs by `?tab=`). The e-mail's verification link
 * lands here: its outcome is said once, as a toast, and the address cleaned; someone not signed
 * in on this browser signs in first and comes back. Staff see the spec's barred message. A list
 * that cannot be read leaves the rest of the page up, and says so.
 */
export async function sponsorProfilePage(platform: Platform, actor: Actor, url: URL, session?: AuthState["session"]) {
  const outcome = verificationLinkOutcome(url.searchParams);
  const told = outcome ? verificationLinkToast(outcome, actor) : null;
  if (actor.kind === "anonymous") {
    const signInFirst: GoFirst = { goTo: `/customer-auth?redirectTo=${encodeURIComponent(cleanPath(url))}`, toast: told };
    return signInFirst;
  }
  if (outcome) {
    const cleaned: GoFirst = { goTo: cleanPath(url), toast: told };
    return cleaned;
  }
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) return { view: "admin" as const, email: actor.email, barred: customer.message };
  const failures = loadFailures(platform.logger);
  const loaded = await failures.load("Error loading profile", null, async () => {
    const [profile, account] = await Promise.all([getSponsorProfile(platform.db, customer), getSponsorAccount(platform.db, customer)]);
    return { profile, account };
  });
  if (!loaded) return { view: "load-failed" as const, failure: failures.first()! };
  const { profile, account } = loaded;
  if (!profile) return { view: "not-found" as const };
  const tab = parseProfileTab(url.searchParams.get("tab"));
  const { tier, pendingTier, createdAt, memberSince, ...details } = profile;
  return {
    view: "customer" as const,
    tab,
    account,
    details,
    tier,
    pendingTier,
    // Formatted here, so the server's and the browser's time zones cannot disagree.
    memberSince: memberSince ? formatDay(memberSince) : formatDate(createdAt),
    bookings: tab === "bookings" ? await failures.load("Error loading bookings", [], () => listMyBookings(platform.db, customer)) : [],
    adoptions: tab === "adoptions" ? await failures.load("Error loading adoptions", [], () => listMyAdoptions(platform.db, customer, platform.storage)) : [],
    passkeys: tab === "security" ? await failures.load("Error loading passkeys", [], () => passkeyRows(platform.db, customer.userId)) : [],
    signInWays: tab === "security" ? await failures.load("Error loading sign-in ways", [], () => listSignInWays(platform.db, customer.userId)) : [],
    googleLinkable: googleSignInEnabled(platform),
    twoStep: tab === "security" ? await failures.load("Error loading two-step verification", null, () => loadTwoStep(platform, customer)) : null,
    sessions: tab === "security" ? await failures.load("Error loading sessions", [], () => listMySessions(platform, session)) : [],
    hasPassword: tab === "security" ? await failures.load("Error loading profile", false, () => hasOwnPassword(platform.db, customer.userId)) : false,
    failure: failures.first(),
  };
}
