import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/landing.tsx"),

  // Platform endpoints
  route("api/health", "routes/api/health.ts"),
  route("api/events", "routes/api/events.ts"),

  // Anything else is the 404 page.
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
