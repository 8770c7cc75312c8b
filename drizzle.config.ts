import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/platform/db/schema/index.ts",
  out: "./app/platform/db/migrations",
  casing: "snake_case",
});
