/**
 * Rows of text as a table for a terminal or a Markdown report, each column as wide as its widest
 * cell: the benches' and the test report's figures, one look for all of them. Figures line up on
 * the right; the columns named in `left` (names, paths) on the left.
 */
export function textTable(head: string[], rows: string[][], { left = [0], markdown = false }: { left?: number[]; markdown?: boolean } = {}): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? "").length)));
  const cells = (row: string[]) => widths.map((width, i) => (left.includes(i) ? (row[i] ?? "").padEnd(width) : (row[i] ?? "").padStart(width)));
  if (markdown) {
    const line = (row: string[]) => `| ${cells(row).join(" | ")} |`;
    const rule = `|${widths.map((width, i) => (left.includes(i) ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`;
    return [line(head), rule, ...rows.map(line)].join("\n");
  }
  const line = (row: string[]) => cells(row).join("  ").trimEnd();
  return [line(head), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}
