/**
 * Where the browser's bytes go, from the production build (no browser): for every page, the
 * scripts it fetches before it is interactive (brotli, as on the wire), then the chunks that
 * weigh most, with how many pages load each one, so a new dependency on a page's load path
 * shows up here before it shows up in Lighthouse.
 * Run after `npm run build`: `npx tsx bench/bundle.ts` (`--page routes/customer/adopt-hive-signup`
 * lists one page's chunks, largest first). The budgets themselves: scripts/bundle-budget.ts.
 */
import { budgetFor, kb, readClientBuild } from "../scripts/client-bundle";
import { textTable } from "../scripts/text-table";

const { pages, brotliBytes, rawBytes } = await readClientBuild();
const only = process.argv.includes("--page") ? process.argv[process.argv.indexOf("--page") + 1] : undefined;
const total = (files: string[]) => files.reduce((sum, file) => sum + brotliBytes(file), 0);

if (only) {
  const page = pages.find((p) => p.routeId === only);
  if (!page) throw new Error(`No page ${only}; the pages: ${pages.map((p) => p.routeId).join(", ")}`);
  const rows = page.files.map((file) => ({ file, br: brotliBytes(file), raw: rawBytes(file) })).sort((a, b) => b.br - a.br);
  console.log(`${page.routeId}: ${rows.length} scripts, ${kb(total(page.files)).toFixed(1)} KB brotli\n`);
  for (const row of rows) console.log(`${kb(row.br).toFixed(1).padStart(7)} KB  ${kb(row.raw).toFixed(1).padStart(7)} KB raw  ${row.file}`);
  process.exit(0);
}

console.log("Scripts a page fetches before it is interactive (brotli; a deferred page once its part is reached)\n");
const header = ["page", "hydrates", "files", "KB on load", "KB interactive", "budget"];
const table = pages
  .map((page) => ({ page, bytes: total(page.files) }))
  .sort((a, b) => b.bytes - a.bytes)
  .map(({ page, bytes }) => {
    const budget = budgetFor(page);
    return [page.routeId, page.hydrate, String(page.files.length), kb(total(page.onLoadFiles)).toFixed(1), kb(bytes).toFixed(1), budget ? `${budget.kb} KB (${budget.what})${budget.ceilingKb ? `, held at ${budget.ceilingKb}` : ""}` : ""];
  });
console.log(textTable(header, table));

// The heaviest chunks over every page: what each costs and how many pages carry it.
const carriers = new Map<string, number>();
for (const page of pages) for (const file of page.files) carriers.set(file, (carriers.get(file) ?? 0) + 1);
const heaviest = [...carriers.entries()].sort((a, b) => brotliBytes(b[0]) - brotliBytes(a[0])).slice(0, 30);
console.log("\nThe 30 heaviest chunks on any page's load path\n");
console.log(
  textTable(
    ["chunk", "KB brotli", "KB raw", "pages"],
    heaviest.map(([file, count]) => [file, kb(brotliBytes(file)).toFixed(1), kb(rawBytes(file)).toFixed(1), String(count)]),
  ),
);
