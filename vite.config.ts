import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { compileHints } from "./scripts/vite-compile-hints.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { reactRouterProductionBuild } from "./scripts/vite-react-router-production.ts";
import { rootChunk } from "./scripts/vite-root-chunk.ts";

const siteShell = rootChunk("app/root.tsx");

// Small modules nearly every page that hydrates uses, in the site-shell chunk beside what the root
// imports: a file less each. A toast's constructors, telling a request that never reached the
// server, whether a form's post is on its way, and the link tabs of the three interactive pages.
const SHELL_HELPERS = ["platform/toast.ts", "platform/errors/fetch-failure.ts", "platform/errors/server-unreachable.ts", "ui/forms/use-sending.ts", "ui/primitives/link-tabs.tsx"];
const isShellHelper = (id: string) => SHELL_HELPERS.some((file) => id.replaceAll("\\", "/").endsWith(`/app/${file}`));

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), compileHints(), precompress(), siteShell.plugin, reactRouterProductionBuild()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router load on every page that hydrates, together: one
            // file compresses better than the four the automatic split made (2.6 KB a page).
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
            // Everything the root imports statically, as one file (see scripts/vite-root-chunk.ts),
            // with the shell's helpers (above).
            { name: "site-shell", test: (id: string) => siteShell.test(id) || isShellHelper(id) },
            // A form's library and the parts every form is made of, as one file for any page with a
            // form (they came as six), with the accounts' messages, which the pages with an
            // account's form (the sign-in pages, the back-office) load beside it. conform's zod
            // parser is not in it: it comes with the schema.
            { name: "forms", test: /(@conform-to[\\/](react|dom)[\\/]|[\\/]app[\\/]ui[\\/]forms[\\/](lazy-form-props|schema-form|form-error|text-field|text-area-field|field-frame)\.|[\\/]app[\\/]features[\\/]accounts[\\/]messages\.)/ },
          ],
        },
      },
    },
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    // On the server a form's schema is imported statically by its command as well as lazily by
    // its form: the lazy import, there to keep it off the browser's load, splits nothing there.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
  ssr: {
    // Server-only packages stay external: they are installed next to the build.
    external: ["@electric-sql/pglite", "pg", "pino", "nodemailer", "sharp"],
    // Barrels of many small modules: bundled, only what the app uses is kept. Loaded from
    // node_modules, each resolved every file at every start (lucide-react alone: every icon;
    // drizzle-orm about 120 files, ~180 ms of a restart, its drivers and migrators included).
    // Better Auth's Drizzle adapter still imports the installed drizzle-orm: Drizzle recognises
    // its own objects by a global symbol, so the two copies work together (the sign-in tests).
    noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "date-fns", /^@tiptap\//, /^prosemirror-/, "rope-sequence", "orderedmap", "w3c-keyname", "linkifyjs", /^@tanstack\//, "ical.js", /^@conform-to\//, "sonner", "@date-fns/tz", "otpauth", "fast-equals", "zod", /^drizzle-orm/],
  },
});
