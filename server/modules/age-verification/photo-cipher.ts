// The age-verification photos are kept encrypted at rest (AES-256-GCM, node:crypto): whoever reads the
// storage (a disk copy, the bucket) sees no face. The key is AGE_VERIFICATION_KEY (32 bytes, base64);
// unset, one is generated once into DATA_DIR/age-verification.key (mode 0600) and read from there after.
// The key is never logged. A sealed photo is: version (1 byte), IV (12), tag (16), ciphertext; the
// storage key is the additional data, so a blob moved to another record does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'age-verification.key';

export interface PhotoCipher {
  seal(plain: Buffer, storageKey: string): Buffer;
  /** Throws when the blob was altered or sealed with another key. */
  open(sealed: Buffer, storageKey: string): Buffer;
}

/** The 32-byte key of AGE_VERIFICATION_KEY, or null when it is not one. */
export function decodeKey(base64: string): Buffer | null {
  const key = Buffer.from(base64.trim(), 'base64');
  return key.length === 32 ? key : null;
}

/** The configured key, or the one in DATA_DIR (created on first use; a concurrent creator's wins). */
export function resolveKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = decodeKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

export function createPhotoCipher(key: () => Buffer): PhotoCipher {
  return {
    seal(plain, storageKey) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      cipher.setAAD(Buffer.from(storageKey));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, storageKey) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) {
        throw new Error('Not a sealed age-verification photo');
      }
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key(), iv);
      decipher.setAAD(Buffer.from(storageKey));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}
