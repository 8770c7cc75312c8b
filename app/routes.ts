import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/landing.tsx"),

  // Sign-in and accounts
  route("customer-auth", "routes/customer/customer-auth.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("api/auth/*", "routes/auth/api.auth.$.ts"),

  // Platform endpoints
  route("api/health", "routes/api/health.ts"),
  route("api/events", "routes/api/events.ts"),

  // Anything else is the 404 page.
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
