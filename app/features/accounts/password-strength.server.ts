import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

let zxcvbn: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn and its dictionaries are loaded with the first check, not at start: they cost start time and memory. */
async function loadZxcvbn() {
  const [{ ZxcvbnFactory }, common] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]);
  return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
}

/**
 * For passwords an administrator sets: refuses common, guessable and breached-pattern
 * passwords (zxcvbn score below 3), also ones built from the user's own e-mail.
 * Returns the message to show, or null when the password is acceptable.
 */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | null> {
  zxcvbn ??= loadZxcvbn().catch((error: unknown) => {
    zxcvbn = undefined;
    throw error;
  });
  const result = await (await zxcvbn).checkAsync(password, userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]/)]));
  if (result.score >= 3) return null;
  return "This password is too common or easy to guess. Use a longer passphrase or a mix of unrelated words.";
}
