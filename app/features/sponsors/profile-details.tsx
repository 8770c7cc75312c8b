import type { SubmissionResult } from "@conform-to/react";
import { Pencil } from "lucide-react";
import { lazy, useEffect, useRef } from "react";
import { ButtonLink } from "~/ui/primitives/button";
import { ProfileCard } from "./profile-card";
import { profileTabHref } from "./profile-tab";
import type { SponsorProfileValues } from "./sponsor-profile.schema";

export { UPDATE_PROFILE_INTENT } from "./update-profile-intent";

/**
 * The edit form (and the form library under it) is fetched when Edit Profile is about to be
 * used, not with the profile: pointed at or focused, else when it is followed. It suspends to
 * the page's boundary around the tabs, so the details stay shown until the form is here; opened
 * by its address (?edit=1), the server's HTML of the form stands until then.
 */
const loadDetailsForm = () => import("./profile-details-form");
const DetailsForm = lazy(loadDetailsForm);
const fetchFormEarly = { onPointerEnter: () => void loadDetailsForm(), onFocus: () => void loadDetailsForm(), onTouchStart: () => void loadDetailsForm() };

type Props = {
  profile: SponsorProfileValues;
  /** From the address (?edit=1), so the form opens and closes without JavaScript too. */
  editing: boolean;
  lastResult?: SubmissionResult<string[]> | null;
};

/** Name, company name, address and phone number: shown, or (Edit Profile) in a form that posts to the page. */
export function ProfileDetails({ profile, editing, lastResult }: Props) {
  const editLink = useRef<HTMLAnchorElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // Save or Cancel removed the control that had focus: hand it to Edit Profile, not to the page's start.
    if (wasEditing.current && !editing) editLink.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <ProfileCard
      id="details-title"
      title="Profile Details"
      action={
        !editing && (
          <ButtonLink ref={editLink} to={profileTabHref("profile", { edit: true })} preventScrollReset replace variant="outline" size="sm" {...fetchFormEarly}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </ButtonLink>
        )
      }
    >
      {editing ? <DetailsForm profile={profile} lastResult={lastResult} /> : <DetailsView profile={profile} />}
    </ProfileCard>
  );
}

function DetailsView({ profile }: { profile: SponsorProfileValues }) {
  const rows = [
    ["Name", profile.name],
    ["Company name", profile.companyName],
    ["Address", profile.address],
    ["Phone number", profile.phoneNumber],
  ] as const;
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-ink-muted sm:pt-0.5">{label}</dt>
          <dd className={value ? "whitespace-pre-line text-ink [overflow-wrap:anywhere]" : "text-ink-muted italic"}>{value ?? "Not provided"}</dd>
        </div>
      ))}
    </dl>
  );
}
