// manifest.json: what a backup holds and how to check it. Written last, so a directory without one is
// not a backup (or an unfinished one); restore reads nothing else before it has checked it.
import { existsSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { assertValidKey } from '../storage/storage.ts';
import { BackupError } from './backup-error.ts';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'tube-backup';
/** Raised when a change makes older code misread a backup; restore refuses versions it does not know. */
export const MANIFEST_VERSION = 1;
/** Where the database goes inside a backup, by shape. */
export const DATABASE_FILES = {
  pglite: 'database/pgdata.tar.gz',
  postgres: 'database/postgres.dump',
} as const;
export const MEDIA_FOLDER = 'media';
/** Keys named in the manifest when files the database refers to are absent; the count is always exact. */
export const MISSING_LISTED = 100;

const fileEntrySchema = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

const count = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  /** The database: the embedded PGlite data directory, or a pg_dump of PostgreSQL. */
  shape: z.enum(['pglite', 'postgres']),
  created_at: z.iso.datetime(),
  /** The last migration the database had: restoring into older code that lacks it is refused. */
  migration: z.string().nullable(),
  database: fileEntrySchema,
  /** Rows per table in the dumped database, checked again after a restore. */
  counts: z.record(z.string(), count),
  media: z.discriminatedUnion('storage', [
    z.object({
      storage: z.literal('local'),
      files: count,
      bytes: count,
      /** Keys the database names (video files, avatars, pictures, attachments). */
      referenced: count,
      missing_count: count,
      missing: z.array(z.string()),
    }),
    z.object({ storage: z.literal('s3'), bucket: z.string(), note: z.string() }),
  ]),
  age_verification: z.object({
    /** Photos waiting for a moderator: sealed with a key that is not in the backup. */
    pending_photos: count,
    /** The first 16 hex digits of SHA-256 of that key (never the key), to tell a wrong one at restore. */
    key_fingerprint: z.string().nullable(),
  }),
  /** Every media file of the backup, with its size and SHA-256. */
  files: z.array(fileEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Writes manifest.json under a temporary name, then renames it: it is there whole or not at all. */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  await writeFile(`${file}.partial`, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
  await rename(`${file}.partial`, file);
}

/** Reads and checks a backup's manifest; each problem is a BackupError saying what is wrong. */
export async function readManifest(dir: string): Promise<Manifest> {
  if (!existsSync(dir)) throw new BackupError(`${dir} does not exist.`);
  if (!statSync(dir).isDirectory()) throw new BackupError(`${dir} is not a directory.`);
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new BackupError(
      `${dir} holds no ${MANIFEST_FILE}: it is not a backup made by npm run backup, or the backup did not finish.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is damaged.`);
  }
  const head = z.object({ format: z.unknown(), version: z.unknown() }).safeParse(raw);
  if (!head.success || head.data.format !== MANIFEST_FORMAT) {
    throw new BackupError(`${file} is not the manifest of a backup made by npm run backup.`);
  }
  if (head.data.version !== MANIFEST_VERSION) {
    throw new BackupError(
      `${file} is format version ${String(head.data.version)}; this version of the site reads version ${MANIFEST_VERSION}.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(`${file} is damaged: ${issue.path.join('.') || '(top level)'}: ${issue.message}.`);
  }
  const manifest = parsed.data;
  if (manifest.database.path !== DATABASE_FILES[manifest.shape]) {
    throw new BackupError(`${file} is damaged: database.path must be ${DATABASE_FILES[manifest.shape]}.`);
  }
  for (const entry of manifest.files) mediaKeyOf(entry.path, file);
  return manifest;
}

/** The storage key of a media entry's path ('media/videos/1/a.mp4' → 'videos/1/a.mp4'); nothing else passes. */
export function mediaKeyOf(entryPath: string, manifestFile = MANIFEST_FILE): string {
  const prefix = `${MEDIA_FOLDER}/`;
  const key = entryPath.startsWith(prefix) ? entryPath.slice(prefix.length) : '';
  try {
    assertValidKey(key);
  } catch {
    throw new BackupError(
      `${manifestFile} is damaged: ${JSON.stringify(entryPath)} is not a media file's path.`,
    );
  }
  return key;
}

/** One line for the terminal: what the backup holds. */
export function describeBackup(manifest: Manifest): string {
  const c = manifest.counts;
  const database = manifest.shape === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL dump';
  const media =
    manifest.media.storage === 'local'
      ? `${manifest.media.files} media files (${megabytes(manifest.media.bytes)})`
      : `no media (S3 bucket ${manifest.media.bucket}: backed up by its own means)`;
  return (
    `${database} of ${megabytes(manifest.database.size)}: ${c.videos} videos, ${c.users} members, ` +
    `${c.comments} comments, ${c.video_files} video files; ${media}`
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
