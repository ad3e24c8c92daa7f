import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** scrypt cost: 2^15 (32 MiB of memory per hash) in production; tests may lower it. */
export const DEFAULT_SCRYPT_LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function params(logN: number): ScryptOptions {
  const N = 2 ** logN;
  return { N, r: R, p: P, maxmem: 128 * N * R * 2 };
}

/** A memory-hard hash: scrypt$logN$r$p$salt$hash (base64url). */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params(logN));
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash || Number(r) !== R || Number(p) !== P) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, params(Number(logN)));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at this cost: unknown emails are checked against it, so
 * they take as long as known ones and never match.
 */
export function dummyPasswordHash(logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  let hash = dummyHashes.get(logN);
  if (!hash) {
    hash = hashPassword(randomBytes(24).toString('base64url'), logN);
    dummyHashes.set(logN, hash);
  }
  return hash;
}

export async function warmUpPasswordChecks(logN = DEFAULT_SCRYPT_LOG_N): Promise<void> {
  await dummyPasswordHash(logN);
}
