import type { Config } from '../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** S3 when configured, else local disk under DATA_DIR/media served at /media. */
export function createStorage(config: Pick<Config, 's3' | 'mediaDir'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage({ root: config.mediaDir, publicBase: '/media' });
}
