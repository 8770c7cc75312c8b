import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { PASSWORD_HASH_PRODUCTION_LOG_N } from "../env.server";

/**
 * Password hashing at ASVS level 2 strength: scrypt with N = 2^17, r = 8, p = 1 (≈128 MiB,
 * a few hundred ms). The stored form names its parameters, so they can be raised later and
 * old hashes still verify.
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const memoryFor = (n: number, r: number) => 256 * n * r;

let logN = PASSWORD_HASH_PRODUCTION_LOG_N;

/**
 * The cost new hashes get: PASSWORD_HASH_LOG_N, which only a test run may set below the
 * production cost (env.server.ts refuses it otherwise). Verification reads the cost from the
 * stored hash, so this never changes which passwords are accepted.
 */
export function configurePasswordHashing(settings: { PASSWORD_HASH_LOG_N: number }) {
  logN = settings.PASSWORD_HASH_LOG_N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: memoryFor(N, R) });
  return `$scrypt$ln=${logN},r=${R},p=${P}$${salt.toString("base64")}$${key.toString("base64")}`;
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
