/** The sponsor profile's words (spec: Sponsor Profile). */
/** The profile form's lengths (sponsor-profile.schema.ts checks them; the form's inputs read them without zod). */
export const PROFILE_LIMITS = { name: 100, companyName: 200, address: 500, phoneNumber: 40 } as const;
export const PROFILE_UPDATE_FAILED = "Error updating profile";
export const PROFILE_UPDATED = { title: "Profile updated", description: "Your changes have been saved.", variant: "success" } as const;
