import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { BACK_OFFICE_SCREENS } from "./features/back-office/screens";

export default [
  // Public site
  index("routes/site/landing.tsx"),
  route("home", "routes/site/home.tsx"),
  route("adopt-hive", "routes/site/adopt-hive.tsx"),
  route("stanwood", "routes/site/stanwood.tsx"),
  route("bitcoin-conference", "routes/site/bitcoin-conference.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("blog", "routes/site/blog.tsx"),
  route("blog/:slug", "routes/site/blog-post.tsx"),
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),

  // Customer area
  route("customer-auth", "routes/customer/customer-auth.tsx"),
  route("customer-auth/two-step", "routes/customer/customer-two-step.tsx"),
  route("adopt-hive-signup", "routes/customer/adopt-hive-signup.tsx"),
  route("sponsor-profile", "routes/customer/sponsor-profile.tsx"),
  route("sponsor-profile/sign-in-ways", "routes/customer/sign-in-ways.ts"),
  route("sponsor-profile/bookings/:id", "routes/customer/my-booking.tsx"),
  route("sponsor-profile/bookings/:id/stay.ics", "routes/customer/my-booking-calendar.ts"),
  route("stay/:token", "routes/customer/guest-stay.tsx"),
  route("stay/:token/stay.ics", "routes/customer/guest-stay-calendar.ts"),
  route("hive-updates/unsubscribe/:token", "routes/customer/hive-updates-unsubscribe.tsx"),
  route("certificates/:id", "routes/customer/adoption-certificate.ts"),
  route("email-change", "routes/customer/email-change.tsx"),

  // Sign-in, recovery and set-up
  route("auth", "routes/auth/admin-sign-in.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("admin-setup", "routes/auth/admin-setup.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("continue-to-sign-in", "routes/auth/continue-to-sign-in.ts"),
  route("reauthenticate", "routes/auth/reauthenticate.tsx"),
  route("api/auth/token", "routes/auth/api.auth.token.ts"),
  route("api/auth/nonce", "routes/auth/api.auth.nonce.ts"),
  route("api/auth/sso/callback", "routes/auth/api.auth.sso.callback.ts"),
  route("api/auth/*", "routes/auth/api.auth.$.ts"),

  // Back-office: the layout lets in staff only; every screen's commands check the permission
  // matrix themselves. The screens come from their declarations (features/back-office/screens.ts).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/security", "routes/admin/security.tsx"),
    ...BACK_OFFICE_SCREENS.map((screen) => route(screen.path.slice(1), screen.routeFile)),
    // A person's record, reached from Bookings, Hive Adoptions, Sponsors and User Management.
    route("admin/people/:id", "routes/admin/person.tsx"),
    route("admin/export/:screen", "routes/admin/export.ts"),
    route("admin/uploads", "routes/admin/uploads.ts"),
  ]),

  // Platform endpoints
  route("api/health", "routes/api/health.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/locations/:locationId/assets", "routes/api/location-assets.ts"),
  route("api/assets/:assetId/booked-dates", "routes/api/booked-dates.ts"),
  route("api/bookings", "routes/api/bookings.ts"),
  route("api/passkeys/options", "routes/api/passkey-options.ts"),
  route("calendar/:file", "routes/api/calendar-feed.ts"),

  // Content pages by slug; every path above wins over a slug (see features/content/reserved-slugs.ts).
  route(":slug", "routes/site/content-page.tsx"),

  // Anything else is the 404 page.
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
