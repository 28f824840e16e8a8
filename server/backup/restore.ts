// npm run restore: a backup of npm run backup into an empty target (DATA_DIR, and for PostgreSQL an
// empty database). Everything is checked before anything is written where the site would see it: the
// manifest, the SHA-256 of every file, the counts of the restored database. Files are assembled in a
// staging folder inside DATA_DIR and renamed into place at the end; pg_restore runs in one transaction.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite, pgliteHandle, postgresHandle } from '../db/database.ts';
import { migrationFiles } from '../db/migrate.ts';
import { KEY_FILE } from '../modules/age-verification/photo-cipher.ts';
import { keyFingerprint } from './backup.ts';
import { BackupError } from './backup-error.ts';
import { type DatabaseFacts, readDatabaseFacts, userRelationCount } from './backup-sql.ts';
import { type Manifest, readManifest } from './manifest.ts';
import { hashFile, listStoredKeys, restoreMedia } from './media-files.ts';
import { pgRestore, pgToolProblem } from './postgres-tools.ts';

export type RestoreConfig = Pick<
  Config,
  'dataDir' | 'mediaDir' | 'databaseUrl' | 's3' | 'ageVerificationKey'
>;

export interface RestoreResult {
  manifest: Manifest;
  warnings: string[];
}

// What may already be in an "empty" DATA_DIR: the photo key, which a backup leaves out on purpose.
const ALLOWED_IN_EMPTY_DATA_DIR = new Set([KEY_FILE]);

export async function runRestore(options: {
  config: RestoreConfig;
  from: string;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const { config } = options;
  const log = options.log ?? (() => {});
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  checkFits(manifest, config);
  const databaseFile = path.join(from, ...manifest.database.path.split('/'));
  // Checked once the target is known to be empty: a refusal should not wait for hashing a large file.
  const checkDatabaseFile = async () => {
    log(`Checking ${manifest.database.path}…`);
    const hashed = await hashFile(databaseFile).catch(() => null);
    if (!hashed) throw new BackupError(`${databaseFile} is missing: the backup is incomplete.`);
    if (hashed.sha256 !== manifest.database.sha256 || hashed.size !== manifest.database.size) {
      throw new BackupError(
        `${databaseFile} does not match its SHA-256 in the manifest: the backup is damaged.`,
      );
    }
  };
  const backup = { manifest, from, databaseFile, checkDatabaseFile };
  if (manifest.shape === 'pglite') await restorePglite(backup, config, log);
  else await restorePostgres(backup, config, log);
  const warnings = keyWarnings(manifest, config);
  if (manifest.media.storage === 's3') {
    warnings.push(
      config.s3?.bucket === manifest.media.bucket
        ? `Media stay in the bucket ${manifest.media.bucket}: bring it back to the same moment from its own backup (versioning, replica) if it was lost.`
        : `The backup was made with the bucket ${manifest.media.bucket}, this site uses ${config.s3?.bucket}: copy the objects over, or the files will be missing.`,
    );
  }
  return { manifest, warnings };
}

/** The backup's shape and storage must be the target's, and its schema one this code knows. */
function checkFits(manifest: Manifest, config: RestoreConfig): void {
  if (manifest.shape === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      'This backup holds the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR.',
    );
  }
  if (manifest.shape === 'postgres' && !config.databaseUrl) {
    throw new BackupError(
      'This backup holds a PostgreSQL dump: set DATABASE_URL to a new, empty database to restore it into.',
    );
  }
  if (manifest.media.storage === 'local' && config.s3) {
    throw new BackupError(
      'This backup holds media files for local storage, but S3 is configured: unset S3_* to restore them into ' +
        'DATA_DIR/media (copy them into the bucket afterwards if you move to S3).',
    );
  }
  if (manifest.media.storage === 's3' && !config.s3) {
    throw new BackupError(
      'This backup was made with media in S3 and holds none: configure the same bucket (S3_*) to restore it.',
    );
  }
  if (manifest.migration && !migrationFiles().includes(manifest.migration)) {
    throw new BackupError(
      `This backup's database has migration ${manifest.migration}, which this version of the site does not ` +
        'have: restore it with the version that made it, or a newer one.',
    );
  }
}

/** Nothing but the photo key may be in DATA_DIR (empty folders are fine). */
async function assertEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir, { withFileTypes: true, recursive: true }).catch(() => []);
  // Named by their top-level entry: 'pgdata/', not the first of its thousand files.
  const taken = new Set(
    entries
      .filter((e) => !e.isDirectory() && !(e.parentPath === dataDir && ALLOWED_IN_EMPTY_DATA_DIR.has(e.name)))
      .map((e) => {
        const [top, ...rest] = path.relative(dataDir, path.join(e.parentPath, e.name)).split(path.sep);
        return rest.length > 0 ? `${top}/` : top!;
      }),
  );
  if (taken.size > 0) {
    throw new BackupError(
      `${dataDir} is not empty (${[...taken].join(', ')}): ` +
        'restore into a new or empty DATA_DIR. Nothing was changed.',
    );
  }
}

interface CheckedBackup {
  manifest: Manifest;
  from: string;
  databaseFile: string;
  /** Hashes the database file against the manifest (throws when it differs). */
  checkDatabaseFile(): Promise<void>;
}

async function restorePglite(
  { manifest, from, databaseFile, checkDatabaseFile }: CheckedBackup,
  config: RestoreConfig,
  log: (line: string) => void,
): Promise<void> {
  const { dataDir } = config;
  await assertEmptyDataDir(dataDir);
  await checkDatabaseFile();
  await mkdir(dataDir, { recursive: true });
  const unlock = lockTarget(dataDir);
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    log('Loading the database…');
    const pglite = await openPglite({
      dataDir: path.join(staging, 'pgdata'),
      loadDataDir: new Blob([readFileSync(databaseFile)]),
    });
    const handle = pgliteHandle(pglite);
    let facts: DatabaseFacts;
    try {
      facts = await handle.withSession(readDatabaseFacts);
    } finally {
      await handle.close();
    }
    assertCounts(manifest, facts);
    await restoreLocalMedia(manifest, from, path.join(staging, 'media'), log);
    // The database last: a DATA_DIR with pgdata/ is a site; without it, an empty one.
    if (existsSync(path.join(staging, 'media'))) await rename(path.join(staging, 'media'), config.mediaDir);
    await rename(path.join(staging, 'pgdata'), path.join(dataDir, 'pgdata'));
  } catch (error) {
    await rm(config.mediaDir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

async function restorePostgres(
  { manifest, from, databaseFile, checkDatabaseFile }: CheckedBackup,
  config: RestoreConfig,
  log: (line: string) => void,
): Promise<void> {
  const problem = pgToolProblem('pg_restore');
  if (problem) throw new BackupError(problem);
  const databaseUrl = config.databaseUrl!;
  const local = manifest.media.storage === 'local';
  if (local && (await listStoredKeys(config.mediaDir)).length > 0) {
    throw new BackupError(
      `${config.mediaDir} is not empty: restore into a new or empty DATA_DIR. Nothing was changed.`,
    );
  }
  const handle = postgresHandle(databaseUrl, 1);
  try {
    const relations = await handle.withSession(userRelationCount).catch((error: Error) => {
      throw new BackupError(`PostgreSQL (DATABASE_URL): ${error.message}`);
    });
    if (relations > 0) {
      throw new BackupError(
        `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a ` +
          'new database (createdb …). Nothing was changed.',
      );
    }
    await checkDatabaseFile();
    let staging: string | null = null;
    try {
      // Media first, into a staging folder: a damaged file stops the restore before the database is written.
      if (local) {
        await mkdir(config.dataDir, { recursive: true });
        staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
        await restoreLocalMedia(manifest, from, path.join(staging, 'media'), log);
      }
      log('Restoring the database (pg_restore, one transaction)…');
      await pgRestore(databaseUrl, databaseFile);
      assertCounts(manifest, await handle.withSession(readDatabaseFacts));
      if (staging && existsSync(path.join(staging, 'media'))) {
        await rm(config.mediaDir, { recursive: true, force: true });
        await rename(path.join(staging, 'media'), config.mediaDir);
      }
    } finally {
      if (staging) await rm(staging, { recursive: true, force: true });
    }
  } finally {
    await handle.close();
  }
}

async function restoreLocalMedia(
  manifest: Manifest,
  from: string,
  target: string,
  log: (line: string) => void,
): Promise<void> {
  if (manifest.media.storage !== 'local' || manifest.files.length === 0) return;
  log(`Copying ${manifest.files.length} media files…`);
  await restoreMedia(from, manifest.files, target);
}

function lockTarget(dataDir: string): () => void {
  try {
    return lockDataDir(path.join(dataDir, 'pgdata.lock'));
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(error.message);
    throw error;
  }
}

function assertCounts(manifest: Manifest, facts: DatabaseFacts): void {
  const differ = Object.entries(manifest.counts).filter(([table, n]) => facts.counts[table] !== n);
  if (differ.length > 0) {
    const [table, n] = differ[0]!;
    throw new BackupError(
      `The restored database has ${facts.counts[table] ?? 'no'} rows in ${table} where the manifest says ${n}: ` +
        'the backup is damaged.',
    );
  }
}

function keyWarnings(manifest: Manifest, config: RestoreConfig): string[] {
  const { pending_photos: pending, key_fingerprint: expected } = manifest.age_verification;
  if (pending === 0) return [];
  const present = keyFingerprint(config.ageVerificationKey, config.dataDir);
  if (present === null) {
    return [
      `${pending} age-verification photo(s) wait for review, sealed with a key the backup leaves out: put it in ` +
        `DATA_DIR/${KEY_FILE} or AGE_VERIFICATION_KEY before starting the site, or they cannot be opened.`,
    ];
  }
  if (expected && present !== expected) {
    return [
      `${pending} age-verification photo(s) were sealed with another key (fingerprint ${expected}, this one is ` +
        `${present}): they will not open until that key is configured.`,
    ];
  }
  return [];
}
