/**
 * The first path segment of every route in app/routes.ts, plus the folders the server serves
 * files from. A page with one of these slugs could never be reached (the route wins), so the
 * content page answers 404 for them and the back-office can refuse them. A unit test compares
 * this list with the route table, so a new route cannot be forgotten here.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // Public site
  "home",
  "adopt-hive",
  "stanwood",
  "bitcoin-conference",
  "contact",
  "blog",
  "sitemap.xml",
  "robots.txt",
  // Customer area
  "customer-auth",
  "adopt-hive-signup",
  "sponsor-profile",
  "stay",
  "hive-updates",
  "certificates",
  "email-change",
  // Sign-in, recovery and set-up
  "auth",
  "forgot-password",
  "reset-password",
  "admin-setup",
  "logout",
  "reauthenticate",
  "continue-to-sign-in",
  // Back-office and platform endpoints
  "admin",
  "api",
  "calendar",
  // Static files (build/client)
  "assets",
  "images",
  // Uploaded files kept on this machine (platform/storage)
  "uploads",
]);

export function isReservedSlug(slug: string) {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}
