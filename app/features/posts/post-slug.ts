/**
 * The spec's slug from a title: lower case, every run of characters other than a–z and 0–9
 * becomes one hyphen, leading and trailing hyphens trimmed. "Spring Hive Check!" → spring-hive-check.
 */
export function slugFromTitle(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
