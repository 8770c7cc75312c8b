/**
 * Generated bad input, at volume: 10,000 requests (or --runs=N) of every kind of hostile body
 * against every action of the production server (tests/integration/generated-input.ts), then
 * SQL checks over what was stored. Prints the answers by status, the 5xx (must be none) and the
 * invalid rows (must be none). After `npm run build`; on a fresh embedded database.
 *
 *   npx tsx bench/generated-input.ts [--runs=10000] [--seed=42]
 */
import { rmSync } from "node:fs";
import { createPgliteTemplate } from "../tests/setup/templates";
import { runGeneratedInput } from "../tests/integration/generated-input";

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=") as [string, string | undefined]));
const runs = Number(args.get("runs") ?? 10_000);
const seed = args.has("seed") ? Number(args.get("seed")) : undefined;
// The demo data, as after a first start: the generated requests use its asset and tiers.
const dataDir = await createPgliteTemplate("seeded");

try {
  const result = await runGeneratedInput({ runs, dataDir, seed });
  console.log(`\n${result.cases} generated requests in ${result.seconds.toFixed(1)} s (${(result.cases / result.seconds).toFixed(0)} per second)\n`);
  console.log("| status | answers |\n|---:|---:|");
  for (const [status, count] of [...result.byStatus].sort(([a], [b]) => a - b)) console.log(`| ${status || "no answer"} | ${count} |`);
  console.log(`\n5xx or no answer: ${result.failures.length}`);
  for (const failure of result.failures.slice(0, 20)) console.log(`  ${failure}`);
  console.log("\n| invalid rows after the run | count |\n|---|---:|");
  for (const [check, count] of Object.entries(result.invalidRows)) console.log(`| ${check} | ${count} |`);
  const invalid = Object.values(result.invalidRows).reduce((a, b) => a + b, 0);
  process.exitCode = result.failures.length === 0 && invalid === 0 ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
