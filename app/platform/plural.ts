/** A count and its noun: "1 night", "3 nights", "2 pending or active adoptions" (`many` when adding an s won't do). */
export function plural(count: number | bigint, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 || count === 1n ? one : many}`;
}
