import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing at ASVS level 2 strength: scrypt with N = 2^17, r = 8, p = 1 (≈128 MiB,
 * a few hundred ms). The stored form names its parameters, so they can be raised later and
 * old hashes still verify.
 */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const memoryFor = (n: number, r: number) => 256 * n * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** LOG_N;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: memoryFor(N, R) });
  return `$scrypt$ln=${LOG_N},r=${R},p=${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [, kind, params, salt, expected] = hash.split("$");
  const match = /^ln=(\d+),r=(\d+),p=(\d+)$/.exec(params ?? "");
  if (kind !== "scrypt" || !match || !salt || !expected) return false;
  const N = 2 ** Number(match[1]);
  const r = Number(match[2]);
  const p = Number(match[3]);
  const expectedKey = Buffer.from(expected, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), expectedKey.length, { N, r, p, maxmem: memoryFor(N, r) });
  return timingSafeEqual(key, expectedKey);
}

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
