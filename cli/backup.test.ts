// npm run backup / npm run restore: a small site (the catalogue fixture, a member with a comment, media
// files) is backed up while it runs and writes, restored into an empty data directory (PostgreSQL: an
// empty database of our own), and the restored site serves the same videos, members, comments and files.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { bucketOf } from '../contract/catalog-api-values.ts';
import { type BackupConfig, runBackup } from '../server/backup/backup.ts';
import { startBackupControl } from '../server/backup/backup-control.ts';
import { type Manifest, readManifest } from '../server/backup/manifest.ts';
import { pgDumpVersionProblem, pgToolProblem } from '../server/backup/postgres-tools.ts';
import { runRestore } from '../server/backup/restore.ts';
import { type DatabaseHandle, openDatabase, openPglite } from '../server/db/database.ts';
import { KEY_FILE } from '../server/modules/age-verification/photo-cipher.ts';
import { createTestApp, type TestApp } from '../server/test/app.ts';
import { seedCatalogueFixture } from '../server/test/catalog-fixtures.ts';
import {
  createPostgresDatabase,
  type DatabaseKind,
  databaseKinds,
  type TestDatabase,
} from '../server/test/db.ts';
import { createSignedInUser, ROLE_PASSWORD } from '../server/test/roles.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'tube-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let serial = 0;
const freshDir = (name: string) => path.join(root, `${name}-${++serial}`);

const ORIGIN = 'http://tube.test';
const POSTER = Buffer.from('a poster, as bytes that must come back the same');
const RENDITION = Buffer.alloc(300_000, 7);

interface Site {
  t: TestApp;
  backupConfig: BackupConfig;
  /** An empty target to restore into, and how to open the site it becomes. */
  emptyTarget(): Promise<{ config: BackupConfig; open(): Promise<TestApp> }>;
  /** What the test created besides the apps (the PostgreSQL databases). */
  cleanup(): Promise<void>;
}

/** A site on a file-backed PGlite data directory, as the embedded default opens it. */
async function embeddedSite(): Promise<Site> {
  const dataDir = freshDir('site');
  // The migrated snapshot of the test run, written out as a data directory: no initdb, no migrations.
  const seed = await openPglite({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
  });
  await seed.close();
  const t = await openEmbedded(dataDir);
  return {
    t,
    backupConfig: t.config,
    emptyTarget: async () => {
      const target = freshDir('restored');
      return { config: configFor(target), open: () => openEmbedded(target) };
    },
    cleanup: async () => {},
  };
}

async function openEmbedded(dataDir: string): Promise<TestApp> {
  const handle = await openDatabase({ dataDir });
  return createTestApp('pglite', {
    ssr: false,
    database: { handle, dispose: () => handle.close() },
    env: { DATA_DIR: dataDir },
  });
}

/** A site on a new PostgreSQL database with media in its data directory; restored into a second one. */
async function postgresSite(): Promise<Site> {
  const dataDir = freshDir('site');
  const source = await createPostgresDatabase();
  const t = await createTestApp('postgres', { ssr: false, database: source, env: { DATA_DIR: dataDir } });
  const created: TestDatabase[] = [];
  return {
    t,
    backupConfig: { ...t.config, databaseUrl: source.url },
    emptyTarget: async () => {
      const target = freshDir('restored');
      const database = await createPostgresDatabase({ migrate: false });
      created.push(database);
      // The app closes it when it closes; the database itself is dropped in cleanup.
      const kept: TestDatabase = { handle: database.handle, dispose: () => database.handle.close() };
      return {
        config: { ...configFor(target), databaseUrl: database.url },
        open: () => createTestApp('postgres', { ssr: false, database: kept, env: { DATA_DIR: target } }),
      };
    },
    cleanup: async () => {
      for (const database of created) await database.dispose().catch(() => {});
    },
  };
}

function configFor(dataDir: string): BackupConfig {
  return {
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: undefined,
    s3: null,
    ageVerificationKey: undefined,
  };
}

interface Seeded {
  videoId: number;
  otherVideoId: number;
  member: { userId: number; username: string };
  keys: string[];
}

/** The catalogue fixture, a member who comments, and the files of one video (plus an orphan and a temp file). */
async function seedSite(t: TestApp): Promise<Seeded> {
  const db = t.database.handle.db;
  const catalogue = await seedCatalogueFixture(db);
  const videoId = catalogue.ids.long!;
  const member = await createSignedInUser(t, `keeper${++serial}`);
  const comment = await t.app.inject({
    method: 'POST',
    url: '/api/input.php',
    headers: { cookie: member.cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      act: 'comm',
      section: 'video',
      object_id: String(videoId),
      msg: 'Kept safe by the backup',
    }).toString(),
  });
  expect(comment.statusCode, comment.body).toBe(200);
  await t.services.acts.flushCounters();
  const files = await db
    .selectFrom('video_files')
    .select(['storage_key', 'kind'])
    .where('video_id', '=', videoId)
    .orderBy('storage_key')
    .execute();
  for (const file of files) {
    await t.services.storage.putStream(
      file.storage_key,
      Readable.from([file.kind === 'poster' ? POSTER : RENDITION]),
      {
        contentType: 'application/octet-stream',
      },
    );
  }
  await t.services.storage.putStream('orphans/left-behind.jpg', Readable.from([POSTER]), {
    contentType: 'image/jpeg',
  });
  // What the local store leaves while it writes (a dot-name): never part of a backup.
  writeFileSync(path.join(t.config.mediaDir, 'orphans', '.left-behind.jpg.abc.partial'), 'half');
  return {
    videoId,
    otherVideoId: catalogue.ids.short!,
    member: { userId: member.userId, username: member.username },
    keys: files.map((f) => f.storage_key),
  };
}

/** The answers the site gives about what was seeded: the same before the backup and after the restore. */
async function answersOf(t: TestApp, s: Seeded) {
  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  const files: Record<string, string> = {};
  for (const key of s.keys) files[key] = (await get(`/media/${key}`)).rawPayload.toString('base64');
  return {
    listing: (await get('/api/json/videos2/0/str/latest-updates/60/videos..1.all.all.all.json')).json(),
    video: (await get(`/api/json/video/0/${bucketOf(s.videoId)}/${s.videoId}.json`)).json(),
    member: (await get(`/api/json/member/0/${s.member.userId}.json`)).json(),
    comments: (await get(`/api/json/comments/0/video/10/${s.videoId}.1.json`)).json(),
    files,
  };
}

/** Comments written one after another until stopped: the site keeps writing while the backup runs. */
function keepWriting(db: DatabaseHandle['db'], s: Seeded) {
  let running = true;
  let written = 0;
  const done = (async () => {
    while (running) {
      await db
        .insertInto('comments')
        .values({
          section: 'video',
          object_id: s.otherVideoId,
          user_id: s.member.userId,
          comment: `Written during the backup ${written}`,
          added_date: new Date(),
        })
        .execute();
      written++;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return written;
    },
  };
}

const makers: Record<DatabaseKind, () => Promise<Site>> = { pglite: embeddedSite, postgres: postgresSite };

describe.each(databaseKinds())('backup and restore on %s', (kind) => {
  const toolProblem = kind === 'postgres' ? (pgToolProblem('pg_dump') ?? pgToolProblem('pg_restore')) : null;

  it.skipIf(toolProblem !== null)(
    `a backup made while the site writes restores into an empty target that serves the same${toolProblem ? ` (skipped: ${toolProblem})` : ''}`,
    async (context) => {
      const site = await makers[kind]();
      const { t } = site;
      if (kind === 'postgres') {
        const [version] = await t.database.handle.withSession((s) =>
          s.query<{ server_version_num: string }>('SHOW server_version_num'),
        );
        const tooOld = pgDumpVersionProblem(Number(version!.server_version_num));
        if (tooOld) {
          await t.close();
          return context.skip(tooOld);
        }
      }
      let restored: TestApp | undefined;
      let writer: ReturnType<typeof keepWriting> | undefined;
      let control: Awaited<ReturnType<typeof startBackupControl>> | null = null;
      try {
        const seeded = await seedSite(t);
        const before = await answersOf(t, seeded);
        // The running site offers the dump (main.ts does this for the embedded database).
        control = t.database.handle.dumpDataDir
          ? await startBackupControl(t.config.dataDir, t.database.handle.dumpDataDir, {
              info: () => {},
              error: () => {},
            })
          : null;
        const backupDir = freshDir('backup');
        writer = keepWriting(t.database.handle.db, seeded);
        const result = await runBackup({ config: site.backupConfig, to: backupDir });
        const writtenDuring = await writer.stop();
        await control?.close();
        expect(result.source).toEqual(
          kind === 'pglite' ? { kind: 'running-site', pid: process.pid } : { kind: 'direct' },
        );

        const manifest = await readManifest(backupDir);
        expect(manifest).toEqual(result.manifest);
        expect(manifest).toMatchObject({ shape: kind, media: { storage: 'local' } });
        expect(manifest.counts.users).toBeGreaterThanOrEqual(3);
        expect(manifest.counts.comments).toBeGreaterThanOrEqual(1);
        const backedUp = manifest.files.map((f) => f.path);
        expect(backedUp).toEqual(
          expect.arrayContaining([...seeded.keys.map((k) => `media/${k}`), 'media/orphans/left-behind.jpg']),
        );
        expect(backedUp.some((p) => p.includes('.partial'))).toBe(false);
        // The other fixture videos have rows but no files: reported, not fatal.
        expect(manifest.media).toMatchObject({ storage: 'local' });
        if (manifest.media.storage === 'local') {
          expect(manifest.media.missing_count).toBe(manifest.media.referenced - seeded.keys.length);
          expect(manifest.media.missing).not.toContain(seeded.keys[0]);
        }
        expect(result.warnings.join(' ')).toMatch(/not in the media folder/);

        // A non-empty directory is refused, for a backup as for a restore.
        await expect(runBackup({ config: site.backupConfig, to: backupDir })).rejects.toThrow(/is not empty/);

        const target = await site.emptyTarget();
        // The photo key a backup leaves out may be put there first.
        putPhotoKey(target.config.dataDir);
        const restoredResult = await runRestore({ config: target.config, from: backupDir });
        expect(restoredResult.manifest.counts).toEqual(manifest.counts);
        await expect(runRestore({ config: target.config, from: backupDir })).rejects.toThrow(/not empty/);
        if (kind === 'postgres') {
          const elsewhere = configFor(freshDir('restored'));
          await expect(
            runRestore({
              config: { ...target.config, ...elsewhere, databaseUrl: target.config.databaseUrl },
              from: backupDir,
            }),
          ).rejects.toThrow(/database of DATABASE_URL is not empty/);
          expect(existsSync(elsewhere.mediaDir)).toBe(false);
        }

        restored = await target.open();
        const after = await answersOf(restored, seeded);
        expect(after).toEqual(before);
        // Exactly the dump's snapshot: every comment written before it, none after.
        const comments = await restored.database.handle.db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(comments.n)).toBe(manifest.counts.comments);
        expect(writtenDuring).toBeGreaterThan(0);
        // The member signs in with the same password.
        const login = await restored.app.inject({
          method: 'POST',
          url: '/api/login.php',
          headers: { origin: ORIGIN },
          payload: { usr: seeded.member.username, pwd: ROLE_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        expect(readdirSync(restored.config.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
      } finally {
        await writer?.stop();
        await control?.close();
        await restored?.close();
        await t.close();
        await site.cleanup();
      }
    },
    180_000,
  );
});

/** The photo key in an otherwise empty data directory, as an operator puts it back before a restore. */
function putPhotoKey(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, KEY_FILE), `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
}

describe('backup and restore: refusals', () => {
  it('a stopped site is backed up by opening its directory; media in S3 stay out; a damaged backup restores nothing', async () => {
    const site = await embeddedSite();
    await seedSite(site.t);
    await site.t.close();
    // No server: the command opens the data directory itself.
    const backupDir = freshDir('backup');
    const result = await runBackup({ config: site.backupConfig, to: backupDir });
    expect(result.source).toEqual({ kind: 'direct' });

    const damaged = freshDir('damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const manifest: Manifest = JSON.parse(readFileSync(path.join(damaged, 'manifest.json'), 'utf8'));
    const victim = manifest.files.find((f) => f.size === RENDITION.length)!;
    const bytes = readFileSync(path.join(damaged, victim.path));
    bytes[1000] = (bytes[1000]! + 1) % 256;
    writeFileSync(path.join(damaged, victim.path), bytes);
    const target = freshDir('restored');
    await expect(runRestore({ config: configFor(target), from: damaged })).rejects.toThrow(
      /does not match its SHA-256/,
    );
    // Nothing half-written: no database, no media, no staging folder.
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

    // Media in S3: the database alone, and a note; the bucket is backed up by its own means.
    const s3 = {
      endpoint: 'http://127.0.0.1:1',
      bucket: 'tube-media',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      publicUrl: undefined,
    };
    const s3Backup = freshDir('backup-s3');
    const s3Result = await runBackup({ config: { ...site.backupConfig, s3 }, to: s3Backup });
    expect(s3Result.manifest.media).toMatchObject({ storage: 's3', bucket: 'tube-media' });
    expect(s3Result.manifest.files).toEqual([]);
    expect(readdirSync(s3Backup).sort()).toEqual(['database', 'manifest.json']);
    await expect(runRestore({ config: configFor(freshDir('restored')), from: s3Backup })).rejects.toThrow(
      /configure the same bucket/,
    );
    const s3Target = freshDir('restored');
    await runRestore({ config: { ...configFor(s3Target), s3 }, from: s3Backup });
    expect(readdirSync(s3Target)).toEqual(['pgdata']);

    // The wrong shape is refused before anything is read.
    await expect(
      runRestore({
        config: { ...configFor(freshDir('restored')), databaseUrl: 'postgres://nobody@127.0.0.1:1/x' },
        from: backupDir,
      }),
    ).rejects.toThrow(/unset DATABASE_URL/);
  }, 120_000);

  it('the commands answer bad input with one line and exit 1, never a stack trace', () => {
    const run = (script: string, args: string[]) =>
      spawnSync(process.execPath, [path.join(import.meta.dirname, script), ...args], {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: freshDir('cli'), DATABASE_URL: '', LOG_LEVEL: 'silent' },
      });
    const wrong = freshDir('wrong');
    mkdirSync(wrong);
    writeFileSync(path.join(wrong, 'manifest.json'), JSON.stringify({ format: 'something-else' }));
    const cases: [string, string[], RegExp][] = [
      [
        'restore.ts',
        ['--from', path.join(root, 'no-such-backup')],
        /^Restore failed: .*no-such-backup does not exist\.$/,
      ],
      ['restore.ts', ['--from', wrong], /^Restore failed: .*manifest\.json is not the manifest of a backup/],
      ['restore.ts', [], /^Restore failed: Usage: npm run restore/],
      ['backup.ts', ['--into', 'x'], /^Backup failed: Unknown option '--into'/],
      ['backup.ts', ['--to', root], /^Backup failed: .* is not empty/],
    ];
    for (const [script, args, message] of cases) {
      const child = run(script, args);
      expect(child.status, `${script} ${args.join(' ')}: ${child.stderr}`).toBe(1);
      expect(child.stderr.trim().split('\n')[0]).toMatch(message);
      expect(child.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
