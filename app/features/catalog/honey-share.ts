const LB_PER_KG = 2.20462;

/**
 * A tier's honey share in the words and unit the tier cards use ("Up to 5 lb of raw honey each
 * season (not guaranteed)"); tiers keep it in kg. Null without a share.
 */
export function honeyShareText(kg: number | string | null | undefined): string | null {
  const value = kg === null || kg === undefined || kg === "" ? 0 : Number(kg);
  if (!Number.isFinite(value) || value <= 0) return null;
  const pounds = Math.max(1, Math.round(value * LB_PER_KG));
  return `Up to ${pounds} lb of raw honey each season (not guaranteed)`;
}
