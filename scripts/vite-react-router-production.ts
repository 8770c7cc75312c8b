import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The browser build takes React Router's production build. The package exports only its
 * development build (with its warnings and invariant texts) to bundlers; its production build
 * sits beside it, the same code without them.
 */
export function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist", "production");
  const files: Record<string, string> = {
    "react-router": path.join(dist, "index.mjs"),
    "react-router/dom": path.join(dist, "dom-export.mjs"),
  };
  return {
    name: "apiary-react-router-production",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    enforce: "pre",
    resolveId(source) {
      return files[source] ?? null;
    },
  };
}
