import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../../routes/*", "~/routes/*"], message: "Dependencies point routes → features → platform, never back." },
          ],
          paths: [{ name: "zod", message: "Import z from ~/platform/zod: it configures zod for the Content-Security-Policy first." }],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use` and require a destructured first argument.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["app/platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["~/features/*", "~/routes/*"], message: "platform/ holds no business rules: it may not import features or routes." }],
          paths: [{ name: "zod", message: "Import z from ~/platform/zod: it configures zod for the Content-Security-Policy first." }],
        },
      ],
    },
  },
);
