import { useForm, type SubmissionResult } from "@conform-to/react";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { PROFILE_LIMITS, PROFILE_UPDATE_FAILED } from "./messages";
import { profileTabHref } from "./profile-tab";
import type { SponsorProfileValues } from "./sponsor-profile.schema";
import { UPDATE_PROFILE_INTENT } from "./update-profile-intent";
import { useSending } from "~/ui/forms/use-sending";

const sponsorProfile = clientSchema(() => import("./sponsor-profile.schema").then((m) => m.SponsorProfileSchema));

/** Edit Profile's form (profile-details.tsx fetches it when it is about to be used), posting to the page. */
export default function DetailsForm({ profile, lastResult }: { profile: SponsorProfileValues; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "sponsor-profile",
    lastResult,
    defaultValue: { name: profile.name ?? "", companyName: profile.companyName ?? "", address: profile.address ?? "", phoneNumber: profile.phoneNumber ?? "" },
    onValidate: sponsorProfile.validate,
    ...checkedOnSubmit,
  });
  const saving = useSending(UPDATE_PROFILE_INTENT);
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
