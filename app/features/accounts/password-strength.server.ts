import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

let zxcvbn: Promise<ZxcvbnFactory> | undefined;

const WEAK = "This password is too common or easy to guess. Use a longer passphrase or a mix of unrelated words.";
const SITE_WORDS_WEAK = "This password leans on words of this site or your e-mail address. Use a longer passphrase or a mix of unrelated words.";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** zxcvbn and its dictionaries are loaded with the first check, not at start: they cost start time and memory. */
async function loadZxcvbn() {
  const [{ ZxcvbnFactory }, common] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]);
  return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
}

/**
 * The words anyone guessing an Apiary password tries first: the organisation's, its place's and
 * its trade's (OWASP ASVS 6.1.2's context-specific list). A password built from them counts as
 * guessed, as one built from the person's own e-mail does.
 */
export const SITE_WORDS = ["apiary", "apiaries", "honeybees", "honeybee", "honey", "hives", "hive", "beekeeping", "beekeeper", "bees", "bee", "buzz", "pollinators", "pollinator", "stanwood", "glamping"];

/**
 * For passwords an administrator sets: refuses common, guessable and breached-pattern
 * passwords (zxcvbn score below 3), also ones built from the user's own e-mail or the site's
 * own words. Returns the message to show, or null when the password is acceptable.
 */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | null> {
  zxcvbn ??= loadZxcvbn().catch((error: unknown) => {
    zxcvbn = undefined;
    throw error;
  });
  const personal = userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]/)]).filter((word) => word.length >= 3);
  const checker = await zxcvbn;
  if ((await checker.checkAsync(password, [...SITE_WORDS, ...personal])).score < 3) return WEAK;
  // zxcvbn scores words it knows by how many there are, so "StanwoodHoney26" passes on length
  // alone: what is left once the site's and the person's own words are taken out must be
  // strong by itself.
  const known = [...SITE_WORDS, ...personal].sort((a, b) => b.length - a.length);
  const rest = known.reduce((left, word) => left.split(new RegExp(escapeRegExp(word), "i")).join(""), password);
  if (rest !== password && (await checker.checkAsync(rest)).score < 3) return SITE_WORDS_WEAK;
  return null;
}
