import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Dependencies point routes → features → ui → platform, never back. An import of a layer is
 * caught by the alias ("~/features/x") and by any relative path ("../../features/x"); app/routes.ts,
 * the route table, is not the routes/ folder.
 */
const importOf = (layers, message) => ({ regex: `^(~/|(\\.{1,2}/)+)(${layers.join("|")})/`, message });

// Each block's no-restricted-imports replaces an earlier one for its files, so every block repeats zod.
const restrictImports = (...patterns) => [
  "error",
  { patterns, paths: [{ name: "zod", message: "Import z from ~/platform/zod: it configures zod for the Content-Security-Policy first." }] },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "test-report/", "tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": restrictImports(importOf(["routes"], "Dependencies point routes → features → ui → platform, never back.")),
    },
  },
  {
    // Playwright fixtures call `use` and require a destructured first argument.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["app/ui/**"],
    rules: {
      "no-restricted-imports": restrictImports(
        importOf(["features", "routes"], "ui/ is shared by every feature and imports none: what it needs from one comes in as props, or the generic piece lives in ui/ or platform/."),
      ),
    },
  },
  {
    files: ["app/platform/**"],
    rules: {
      "no-restricted-imports": restrictImports(importOf(["features", "routes", "ui"], "platform/ holds no business rules: it may not import features, routes or ui.")),
    },
  },
);
