import type { RateRule } from "~/platform/security/rate-limit.server";

/**
 * Each message lands in a person's inbox, so one address may send only a few in a while: enough
 * for someone who forgot a detail, too few to flood the organisation. Stored in the database,
 * so the count holds across restarts and app instances.
 */
export const contactByAddress: RateRule = { name: "contact:address", limit: 5, windowMs: 10 * 60 * 1000 };
