// Password hashing with scrypt from node:crypto (no native addon). The stored form carries its own
// parameters, so they can be raised later without invalidating existing hashes:
//   scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

const LOG_N = 15; // N = 32768, r = 8: 32 MiB per hash, ~50 ms here
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password or a stored value that is not ours (never throws for bad input). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 4)
    return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await scrypt(password, salt, logN, r, p);
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throwaway hash: an unknown user costs the same as a
 * wrong password, so response times do not tell which usernames exist.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('not a real password');
  await verifyPassword(password, await dummyHash);
}
