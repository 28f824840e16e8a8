// The records' files (issue 31): identity document images and consents sealed in storage with the
// age-verification cipher (photo-cipher.ts) under records/, opened only for those who may read
// them (records.service.ts), deleted without failing the caller.
import { Readable } from 'node:stream';
import type { Storage } from '../../storage/storage.ts';
import type { PhotoCipher } from '../age-verification/photo-cipher.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Sealing, opening and deleting the files under their storage keys (the key is the cipher's context). */
export function sealedFiles(
  storage: Storage,
  cipher: PhotoCipher,
  warn?: (message: string, detail: Record<string, unknown>) => void,
) {
  return {
    async seal(key: string, plain: Buffer) {
      await storage.putStream(key, Readable.from([cipher.seal(plain, key)]), {
        contentType: 'application/octet-stream',
      });
    },
    open: async (key: string) => cipher.open(await readAll(await storage.get(key)), key),
    async drop(keys: string[]) {
      for (const key of keys) {
        try {
          await storage.delete(key);
        } catch (error) {
          warn?.('performer record not deleted', { key, error: String(error) });
        }
      }
    },
  };
}
