/** A search box's text as an ILIKE pattern: `%`, `_` and `\` typed there are letters, not wildcards. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
