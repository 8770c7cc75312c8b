/** The Edit Profile form's intent: the page's action and the form (fetched on use) both read it. */
export const UPDATE_PROFILE_INTENT = "update-profile";
