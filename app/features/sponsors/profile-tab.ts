export const PROFILE_TABS = ["profile", "bookings", "adoptions"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = { profile: "Profile", bookings: "My Bookings", adoptions: "My Adoptions" };

/** The tab named by ?tab=; profile when it is missing or unknown. */
export function parseProfileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab === value) ?? "profile";
}

/** The address of a tab (and of the profile's edit form). */
export function profileTabHref(tab: ProfileTab, options: { edit?: boolean } = {}) {
  return `/sponsor-profile?tab=${tab}${options.edit ? "&edit=1" : ""}`;
}
