// Without zod: the amenities field cleans its chips with the same rule the schema applies (ui/forms/client-schema.ts).
export const AMENITY_MAX_LENGTH = 60;
export const AMENITIES_MAX = 30;

/** Trimmed, empty dropped, the first of any duplicates (ignoring case) kept. */
export function cleanAmenities(values: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const amenity = String(value).trim().replace(/\s+/g, " ");
    if (!amenity || seen.has(amenity.toLowerCase())) continue;
    seen.add(amenity.toLowerCase());
    kept.push(amenity);
  }
  return kept;
}
