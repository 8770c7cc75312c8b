import type { SubmissionResult } from "@conform-to/react";
import { LogOut } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { LinkTabs } from "~/ui/primitives/link-tabs";
import { AdoptHivePanel } from "~/features/adoptions/adopt-hive-panel";
import type { AdoptionDraft } from "~/features/adoptions/adoption.schema";
import type { PublicTier } from "~/features/catalog/active-tiers.server";
import type { PortalBookingData, PortalViewer } from "~/features/bookings/portal-booking-form";
import type { Toast } from "~/platform/toast";
import { useTabCodeFetchedEarly } from "~/ui/hooks/use-tab-code-fetched-early";
import { LogoutForm } from "~/ui/layout/logout-form";
import { Button } from "~/ui/primitives/button";

type Props = {
  tab: "booking" | "hive";
  viewer: PortalViewer;
  tiers: PublicTier[];
  chosenTierId: string | null;
  /** The completion card's choices, carried through a sign-in. */
  draft: AdoptionDraft | null;
  booking: PortalBookingData | null;
  /** The first list that failed to load, if any (see load-failures.server.ts). */
  failure: Toast | null;
  lastResult?: SubmissionResult<string[]>;
  lastIntent?: string;
  /** The address a code was just sent to, for an account adding its first e-mail address. */
  emailSentTo?: string | null;
};

const TABS = [
  { key: "booking", label: "Glamping", to: "?tab=booking" },
  { key: "hive", label: "Adopt Hive", to: "?tab=hive" },
] as const;

/**
 * The code of the tab the portal does not open on (Glamping, with its calendar form) is fetched
 * when that tab is shown, as the sponsor profile's tabs are: by a click beside the tab's data, by
 * its address after the page's own code (the server's form works meanwhile). So is the form that
 * asks an account without an e-mail address for one, which few accounts ever see.
 */
const TAB_CODE = { booking: () => import("~/features/bookings/portal-booking-form") };
const PortalBookingForm = lazy(() => TAB_CODE.booking().then((module) => ({ default: module.PortalBookingForm })));
const AddContactEmail = lazy(() => import("~/features/accounts/sign-in-ways/add-email").then((module) => ({ default: module.AddContactEmail })));

/** The Customer Portal page: two tabs that are plain links, so each works without JavaScript. */
export function CustomerPortal({ tab, viewer, tiers, chosenTierId, draft, booking, failure, lastResult, lastIntent, emailSentTo }: Props) {
  useTabCodeFetchedEarly("/adopt-hive-signup", TAB_CODE);
  const addEmail = viewer.kind === "customer" && viewer.needsEmail && (
    <AddContactEmail sentTo={emailSentTo ?? null} lastResult={lastIntent?.startsWith("add-email") ? lastResult : undefined} doing={tab === "booking" ? "book" : "adopt"} />
  );
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 sm:py-16">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-honey-800">Customer Portal</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Adopt a hive or book your stay</h1>
          <p className="mt-2 max-w-2xl text-ink-muted">
            Sponsor a colony at our Stanwood apiary, or request a night by the lake in our RV. Requests are confirmed by our team.
          </p>
        </div>
        {viewer.kind === "customer" && (
          <div className="flex items-center gap-3 rounded-full border border-border bg-surface py-1.5 pr-1.5 pl-4 text-sm text-ink shadow-sm">
            <span>
              Signed in as <strong className="font-semibold">{viewer.email}</strong>
            </span>
            <LogoutForm>
              <input type="hidden" name="from" value="portal" />
              <Button type="submit" variant="outline" size="sm">
                <LogOut aria-hidden="true" /> Logout
              </Button>
            </LogoutForm>
          </div>
        )}
        {viewer.kind === "anonymous" && (
          <p className="text-sm text-ink-muted">
            Have an account?{" "}
            <Link to="/customer-auth?redirectTo=%2Fadopt-hive-signup" className="font-semibold text-link underline underline-offset-4">
              Log in
            </Link>
          </p>
        )}
      </header>

      <LinkTabs label="Portal sections" tabs={TABS} current={tab} listClassName="grid w-full max-w-sm grid-cols-2 rounded-full" />

      {/* Always there: a tab whose code is still on its way keeps the one shown. */}
      <Suspense>
        <section aria-label={tab === "booking" ? "Glamping" : "Adopt Hive"}>
          {tab === "booking" ? (
            viewer.kind === "admin" ? (
              <AdminNotice message={viewer.barred} />
            ) : (
              <>
                <h2 className="mb-4 text-2xl font-bold text-ink">Book a glamping stay</h2>
                {addEmail || (booking && <PortalBookingForm data={booking} failure={failure} viewer={viewer} lastResult={lastIntent === "book" ? lastResult : undefined} />)}
              </>
            )
          ) : (
            <>
              {viewer.kind === "admin" && <AdminNotice message={viewer.barred} />}
              {addEmail && chosenTierId && <div className="mb-6">{addEmail}</div>}
              <AdoptHivePanel
                tiers={tiers}
                chosenTierId={chosenTierId}
                draft={draft}
                failure={failure}
                viewer={viewer}
                lastResult={lastIntent === "adopt" ? lastResult : undefined}
              />
            </>
          )}
        </section>
      </Suspense>
    </div>
  );
}

function AdminNotice({ message }: { message: string }) {
  return (
    <p role="status" className="mb-6 rounded-2xl border border-honey-300 bg-honey-100 p-4 font-medium text-ink">
      {message}
    </p>
  );
}
