import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";

let zxcvbn: ZxcvbnFactory | undefined;

/**
 * For passwords an administrator sets: refuses common, guessable and breached-pattern
 * passwords (zxcvbn score below 3), also ones built from the user's own e-mail.
 * Returns the message to show, or null when the password is acceptable.
 */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | null> {
  zxcvbn ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  const result = await zxcvbn.checkAsync(password, userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]/)]));
  if (result.score >= 3) return null;
  return "This password is too common or easy to guess. Use a longer passphrase or a mix of unrelated words.";
}
