import type { Actor } from "~/features/accounts/actor";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { hasContactEmail } from "~/features/accounts/no-email";
import { shownIdentity } from "~/features/accounts/shown-identity.server";
import { adoptionDraftFrom, adoptionDraftPath } from "~/features/adoptions/adoption.schema";
import { SIGN_IN_TO_ADOPT } from "~/features/adoptions/messages";
import { listAvailableAssets, listBookableLocations, listBookedRanges } from "~/features/bookings/availability.server";
import type { PortalViewer } from "~/features/bookings/portal-booking-form";
import { activeTiersForEveryPage } from "~/features/catalog/active-tiers.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { isFailure } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import type { Toast } from "~/platform/toast";

export type PortalTab = "booking" | "hive";

export const PORTAL_PATH = "/adopt-hive-signup";
export const signInPath = (back: string) => `/customer-auth?redirectTo=${encodeURIComponent(back)}`;

/** Where a visitor must go first, and what they are told there (a page's loader redirects). */
export type GoFirst = { goTo: string; toast: Toast | null };

/**
 * The Customer Portal as the URL asks for it: the Adopt Hive tab (tiers, and the completion card
 * of a chosen tier, its choices carried through a sign-in) or the Glamping tab (locations, the
 * chosen location's assets, the chosen asset's booked nights). A list that cannot be read leaves
 * the rest of the portal usable, and says so. Choosing a tier needs an account: a visitor is sent
 * to sign in first, and comes back with the tier still chosen.
 */
export async function customerPortalPage(platform: Platform, actor: Actor, params: URLSearchParams) {
  const tab: PortalTab = params.get("tab") === "booking" ? "booking" : "hive";
  const viewer = viewerOf(actor, tab);
  const failures = loadFailures(platform.logger);

  if (tab === "hive") {
    const tiers = await failures.load("Error loading tiers", [], () => activeTiersForEveryPage(platform));
    const chosen = tiers.find((tier) => tier.id === params.get("tier") && !tier.isFull) ?? null;
    if (chosen && viewer.kind === "anonymous") {
      const signInFirst: GoFirst = { goTo: signInPath(adoptionDraftPath(PORTAL_PATH, chosen.id, adoptionDraftFrom(params))), toast: SIGN_IN_TO_ADOPT };
      return signInFirst;
    }
    // Choices carried through a sign-in (see the portal's action) fill the completion card again.
    const draft = chosen ? adoptionDraftFrom(params) : null;
    return { tab, viewer, tiers, chosenTierId: chosen?.id ?? null, draft, booking: null, failure: failures.first() };
  }

  const locations = await failures.load("Error loading locations", [], () => listBookableLocations(platform.db));
  const location = locations.find((l) => l.id === params.get("location")) ?? null;
  const assets = location ? await failures.load("Error loading assets", [], () => listAvailableAssets(platform.db, location.id)) : [];
  const asset = assets.find((a) => a.id === params.get("asset")) ?? null;
  const calendar = asset ? await failures.load("Error loading availability", undefined, () => listBookedRanges(platform.db, asset.id)) : undefined;
  return {
    tab,
    viewer,
    tiers: [],
    chosenTierId: null,
    draft: null,
    booking: { locations, locationId: location?.id ?? null, assets, asset, today: calendar?.today ?? null, booked: calendar?.ranges ?? [] },
    failure: failures.first(),
  };
}

/** Who the portal speaks to: a visitor, a customer, or staff (shown the spec's barred message for the tab). */
function viewerOf(actor: Actor, tab: PortalTab): PortalViewer {
  if (actor.kind === "anonymous") return { kind: "anonymous" };
  const customer = refuseStaffAtCustomerDoor(actor, tab === "booking" ? "booking" : "adoption");
  if (isFailure(customer)) return { kind: "admin", email: actor.email, barred: customer.message };
  if (hasContactEmail(customer.email)) return { kind: "customer", email: customer.email, name: customer.name };
  // A stand-in address is never shown: the number (or wallet) the person signed in with is.
  return { kind: "customer", email: shownIdentity(customer.email), name: customer.name, needsEmail: true };
}
