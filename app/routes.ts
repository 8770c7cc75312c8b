import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/landing.tsx"),

  // Customer area
  route("customer-auth", "routes/customer/customer-auth.tsx"),
  route("sponsor-profile", "routes/customer/sponsor-profile.tsx"),

  // Sign-in, recovery and set-up
  route("auth", "routes/auth/admin-sign-in.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("admin-setup", "routes/auth/admin-setup.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("api/auth/*", "routes/auth/api.auth.$.ts"),

  // Back-office: the layout checks the session and the admin role for every screen.
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/security", "routes/admin/security.tsx"),
  ]),

  // Platform endpoints
  route("api/health", "routes/api/health.ts"),
  route("api/events", "routes/api/events.ts"),

  // Anything else is the 404 page.
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
