/** The sponsor profile's words (spec: Sponsor Profile). */
export const PROFILE_UPDATE_FAILED = "Error updating profile";
export const PROFILE_UPDATED = { title: "Profile updated", description: "Your changes have been saved.", variant: "success" } as const;
