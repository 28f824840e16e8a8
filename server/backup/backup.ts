// npm run backup: the database (the embedded PGlite data directory, or pg_dump of PostgreSQL) as one
// consistent snapshot, then the media files of local storage, then manifest.json (written last). The
// database is read first and on one snapshot; the keys it names are checked against the copied files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase, openPglite, pgliteHandle, postgresHandle } from '../db/database.ts';
import { decodeKey, KEY_FILE } from '../modules/age-verification/photo-cipher.ts';
import { requestRunningDump } from './backup-control.ts';
import { BackupError } from './backup-error.ts';
import { type DatabaseFacts, readDatabaseFacts } from './backup-sql.ts';
import {
  DATABASE_FILES,
  type FileEntry,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  MEDIA_FOLDER,
  MISSING_LISTED,
  writeManifest,
} from './manifest.ts';
import { backUpMedia, hashFile } from './media-files.ts';
import { pgDump, pgDumpVersionProblem, pgToolProblem } from './postgres-tools.ts';

export type BackupConfig = Pick<Config, 'dataDir' | 'mediaDir' | 'databaseUrl' | 's3' | 'ageVerificationKey'>;

export interface BackupResult {
  manifest: Manifest;
  /** Where the database came from: the running site's process, or the command itself. */
  source: { kind: 'running-site'; pid: number } | { kind: 'direct' };
  warnings: string[];
}

export async function runBackup(options: {
  config: BackupConfig;
  to: string;
  log?: (line: string) => void;
}): Promise<BackupResult> {
  const { config } = options;
  const log = options.log ?? (() => {});
  const to = path.resolve(options.to);
  const created = await prepareTarget(to);
  try {
    await mkdir(path.join(to, 'database'));
    const shape = config.databaseUrl ? 'postgres' : 'pglite';
    const databaseFile = path.join(to, DATABASE_FILES[shape]);
    let facts: DatabaseFacts;
    let source: BackupResult['source'] = { kind: 'direct' };
    if (config.databaseUrl) {
      log('Dumping the PostgreSQL database (pg_dump, one snapshot)…');
      facts = await dumpPostgres(config.databaseUrl, databaseFile);
    } else {
      const pid = await dumpPglite(config.dataDir, databaseFile);
      if (pid !== null) source = { kind: 'running-site', pid };
      log(
        pid !== null
          ? `Dumped the embedded database through the running site (pid ${pid}); checking the dump…`
          : 'Dumped the embedded database; checking the dump…',
      );
      facts = await pgliteDumpFacts(databaseFile);
    }
    const database = { path: DATABASE_FILES[shape], ...(await hashFile(databaseFile)) };

    const warnings: string[] = [];
    let media: Manifest['media'];
    let files: FileEntry[] = [];
    if (config.s3) {
      media = {
        storage: 's3',
        bucket: config.s3.bucket,
        note: 'Media live in the S3 bucket, which is backed up by its own means (versioning, replication): not copied here.',
      };
    } else {
      log(`Copying media from ${config.mediaDir}…`);
      files = await backUpMedia(config.mediaDir, to);
      const copied = new Set(files.map((f) => f.path.slice(MEDIA_FOLDER.length + 1)));
      const missing = facts.keys.filter((key) => !copied.has(key));
      media = {
        storage: 'local',
        files: files.length,
        bytes: files.reduce((sum, f) => sum + f.size, 0),
        referenced: facts.keys.length,
        missing_count: missing.length,
        missing: missing.slice(0, MISSING_LISTED),
      };
      if (missing.length > 0) {
        warnings.push(
          `${missing.length} of the ${facts.keys.length} files the database names are not in the media folder ` +
            `(deleted since the dump, or lost before it), e.g. ${missing.slice(0, 3).join(', ')}; listed in manifest.json.`,
        );
      }
    }
    if (facts.pendingPhotos > 0) {
      warnings.push(
        `${facts.pendingPhotos} age-verification photo(s) wait for review, sealed with the key in ` +
          `AGE_VERIFICATION_KEY or DATA_DIR/${KEY_FILE}: that key is not in the backup (by design); keep it ` +
          'apart, or those photos cannot be opened after a restore.',
      );
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      shape,
      created_at: new Date().toISOString(),
      migration: facts.migration,
      database,
      counts: facts.counts,
      media,
      age_verification: {
        pending_photos: facts.pendingPhotos,
        key_fingerprint: keyFingerprint(config.ageVerificationKey, config.dataDir),
      },
      files,
    };
    await writeManifest(to, manifest);
    return { manifest, source, warnings };
  } catch (error) {
    // Nothing half-written: the directory goes back to as it was (absent or empty).
    await (created ? rm(to, { recursive: true, force: true }) : emptyDirectory(to));
    throw error;
  }
}

/** The target must be new or empty: a backup never mixes with another one. Answers whether it was made. */
async function prepareTarget(to: string): Promise<boolean> {
  const info = await stat(to).catch(() => null);
  if (!info) {
    await mkdir(to, { recursive: true });
    return true;
  }
  if (!info.isDirectory()) throw new BackupError(`${to} exists and is not a directory.`);
  if ((await readdir(to)).length > 0) {
    throw new BackupError(`${to} is not empty: give a new or empty directory for each backup.`);
  }
  return false;
}

async function emptyDirectory(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [])) {
    await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Through the running site when it offers the dump, else by opening the data directory (locked meanwhile). */
async function dumpPglite(dataDir: string, file: string): Promise<number | null> {
  const pid = await requestRunningDump(dataDir, file);
  if (pid !== null) return pid;
  if (!existsSync(path.join(dataDir, 'pgdata'))) {
    throw new BackupError(`${dataDir} holds no database (pgdata/): nothing to back up. Is DATA_DIR right?`);
  }
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `${error.message.replace(/ Stop it,.*$/, '')} It offers no backup (a command such as npm run seed:demo, ` +
        'or a site still starting): wait for it, then run the backup again.',
    );
  }
  try {
    await writeFile(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()), { flag: 'wx' });
  } finally {
    await handle.close();
  }
  return null;
}

/** Loads the dump into a PGlite in memory: proves it opens, and reads the facts of exactly what it holds. */
async function pgliteDumpFacts(file: string): Promise<DatabaseFacts> {
  let handle: ReturnType<typeof pgliteHandle>;
  try {
    handle = pgliteHandle(await openPglite({ loadDataDir: new Blob([readFileSync(file)]) }));
  } catch (error) {
    throw new BackupError(`The database dump does not open: ${(error as Error).message}`);
  }
  try {
    return await handle.withSession(readDatabaseFacts);
  } finally {
    await handle.close();
  }
}

/**
 * pg_dump reads a snapshot exported by a transaction of ours, and the facts are read in that same
 * transaction: the counts and keys are exactly those of the dump, whatever the site writes meanwhile.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  const problem = pgToolProblem('pg_dump');
  if (problem) throw new BackupError(problem);
  const handle = postgresHandle(databaseUrl, 1);
  try {
    return await handle.withSession(async (session) => {
      const [version] = await session.query<{ server_version_num: string }>('SHOW server_version_num');
      const tooOld = pgDumpVersionProblem(Number(version!.server_version_num));
      if (tooOld) throw new BackupError(tooOld);
      await session.exec('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      try {
        const [row] = await session.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        await pgDump(databaseUrl, row!.snapshot, file);
        return await readDatabaseFacts(session);
      } finally {
        await session.exec('ROLLBACK');
      }
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`PostgreSQL (DATABASE_URL): ${(error as Error).message}`);
  } finally {
    await handle.close();
  }
}

/** First 16 hex digits of SHA-256 of the photo key (configured, or the file in DATA_DIR), or null. */
export function keyFingerprint(configured: Buffer | undefined, dataDir: string): string | null {
  let key = configured ?? null;
  if (!key) {
    const file = path.join(dataDir, KEY_FILE);
    key = existsSync(file) ? decodeKey(readFileSync(file, 'utf8')) : null;
  }
  return key ? createHash('sha256').update(key).digest('hex').slice(0, 16) : null;
}
