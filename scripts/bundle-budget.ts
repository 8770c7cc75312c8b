/**
 * The script budgets, checked from the production build in a couple of seconds (`npm test` runs
 * it once the build is done; `npx tsx scripts/bundle-budget.ts` after `npm run build`): every
 * budgeted page's scripts before it is interactive, brotli, against its budget
 * (scripts/client-bundle.ts). A page past its budget fails the run and is named with its
 * heaviest chunks; `npx tsx bench/bundle.ts --page <route id>` lists them all.
 */
import { budgetFor, kb, readClientBuild } from "./client-bundle";

const { pages, brotliBytes } = await readClientBuild();
const total = (files: string[]) => files.reduce((sum, file) => sum + brotliBytes(file), 0);

const misses: string[] = [];
let checked = 0;
for (const page of pages) {
  const budget = budgetFor(page);
  if (!budget) continue;
  checked++;
  const bytes = total(page.files);
  const limit = budget.ceilingKb ?? budget.kb;
  if (budget.ceilingKb !== undefined && kb(bytes) <= budget.kb) {
    misses.push(`${page.routeId}: ${kb(bytes).toFixed(1)} KB, within its budget of ${budget.kb} KB: take it off the not-yet-within list`);
    continue;
  }
  if (kb(bytes) <= limit) continue;
  const heaviest = [...page.files]
    .sort((a, b) => brotliBytes(b) - brotliBytes(a))
    .slice(0, 5)
    .map((file) => `${file} ${kb(brotliBytes(file)).toFixed(1)} KB`);
  misses.push(`${page.routeId}: ${kb(bytes).toFixed(1)} KB of script, ${budget.ceilingKb ? `held at ${budget.ceilingKb} KB until within its budget of ${budget.kb} KB` : `budget ${budget.kb} KB`} (${budget.what}); heaviest: ${heaviest.join(", ")}`);
}

if (misses.length > 0) {
  console.error(`Pages past their script budget (brotli, before the page is interactive):\n${misses.map((m) => `  ${m}`).join("\n")}`);
  process.exit(1);
}
console.log(`Script budgets: all ${checked} budgeted pages within theirs.`);
