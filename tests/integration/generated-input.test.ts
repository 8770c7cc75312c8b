import { describe, expect, it } from "vitest";
import { seededDataDir } from "../setup/databases";
import { runGeneratedInput } from "./generated-input";

/**
 * A few hundred generated hostile requests in every run (bench/generated-input.ts sends 10,000
 * and more): no 5xx, no invalid row stored. A failure prints what was sent and the seed.
 */
const RUNS = Number(process.env.GENERATED_INPUT_RUNS ?? 300);

describe("generated bad input against every action", () => {
  it(`answers ${RUNS} generated requests without a 5xx and stores no invalid row`, async () => {
    const result = await runGeneratedInput({ runs: RUNS, dataDir: seededDataDir() });
    expect(result.failures).toEqual([]);
    expect([...result.byStatus.keys()].every((status) => status > 0 && status < 500)).toBe(true);
    expect(Object.entries(result.invalidRows).filter(([, count]) => count > 0)).toEqual([]);
    // The generator reaches the actions, not only the body checks in front of them.
    expect([...result.byStatus.keys()].some((status) => status >= 200 && status < 400)).toBe(true);
  }, 180_000);
});
