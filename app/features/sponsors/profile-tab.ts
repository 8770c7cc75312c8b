/** The spec's three tabs, then "Sign-in & security" (passkeys now; the account's other ways in later). */
export const PROFILE_TABS = ["profile", "bookings", "adoptions", "security"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  profile: "Profile",
  bookings: "My Bookings",
  adoptions: "My Adoptions",
  security: "Sign-in & security",
};

/** The tab named by ?tab=; profile when it is missing or unknown. */
export function parseProfileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab === value) ?? "profile";
}

/** The address of a tab (and of the profile's edit form). */
export function profileTabHref(tab: ProfileTab, options: { edit?: boolean } = {}) {
  return `/sponsor-profile?tab=${tab}${options.edit ? "&edit=1" : ""}`;
}
