import { useForm, type SubmissionResult } from "@conform-to/react";
import { Pencil } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { SchemaForm } from "~/ui/forms/schema-form";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { PROFILE_LIMITS, PROFILE_UPDATE_FAILED } from "./messages";
import { ProfileCard } from "./profile-card";
import { profileTabHref } from "./profile-tab";
import type { SponsorProfileValues } from "./sponsor-profile.schema";

export const UPDATE_PROFILE_INTENT = "update-profile";

const sponsorProfile = clientSchema(() => import("./sponsor-profile.schema").then((m) => m.SponsorProfileSchema));

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
          <ButtonLink ref={editLink} to={profileTabHref("profile", { edit: true })} preventScrollReset replace variant="outline" size="sm">
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

function DetailsForm({ profile, lastResult }: { profile: SponsorProfileValues; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "sponsor-profile",
    lastResult,
    defaultValue: { name: profile.name ?? "", companyName: profile.companyName ?? "", address: profile.address ?? "", phoneNumber: profile.phoneNumber ?? "" },
    onValidate: sponsorProfile.validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === UPDATE_PROFILE_INTENT;
  return (
    <SchemaForm
      form={form}
      schema={sponsorProfile}
      issueTitle={PROFILE_UPDATE_FAILED}
      action={profileTabHref("profile", { edit: true })}
      preventScrollReset
      className="mt-4 flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={UPDATE_PROFILE_INTENT} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.name} label="Name" autoComplete="name" optional maxLength={PROFILE_LIMITS.name} autoFocus />
      <TextField field={fields.companyName} label="Company name" autoComplete="organization" optional maxLength={PROFILE_LIMITS.companyName} />
      <TextAreaField rows={3} field={fields.address} label="Address" autoComplete="street-address" optional maxLength={PROFILE_LIMITS.address} />
      <TextField field={fields.phoneNumber} label="Phone number" type="tel" autoComplete="tel" optional maxLength={PROFILE_LIMITS.phoneNumber} />
      <div className="mt-2 flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save Changes"}
        </Button>
        <ButtonLink to={profileTabHref("profile")} preventScrollReset replace variant="outline">
          Cancel
        </ButtonLink>
      </div>
    </SchemaForm>
  );
}
