// The hash-list port (issue 31, item 3): a local test list generated here from synthetic clips (no
// real list), imported as cli/import-hash-list.ts does; an upload whose sha256 or frame hash is listed
// is rejected with matches_hash_list by the real pipeline handler, its source moved to quarantine/ (kept,
// recorded), its other files removed, the audit log told and every administrator mailed in their
// language through the outbox mailer; an unlisted clip passes. Also the uploader's mail after a
// removed-content match, and the file format's errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportHashListArgs } from '../../../cli/import-hash-list.ts';
import { computeFingerprint, FLAT_FRAME } from '../../media/fingerprint.ts';
import { syntheticClip, syntheticClipArgs } from '../../media/fingerprint-clips.ts';
import { binaryPath } from '../../media/runner.ts';
import { processVideoJob, processVideoKey } from '../../pipeline/definitions.ts';
import { processVideoHandler } from '../../pipeline/pipeline-jobs.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertUser } from '../../test/fixtures.ts';
import { filesUnder, insertProcessingVideo } from '../../test/test-media.ts';
import { createOutboxMailer } from '../accounts/mailer.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import { createMediaAccess } from '../media/media-access.ts';
import {
  fileDigests,
  frameHex,
  HashListFormatError,
  importHashList,
  importHashListFile,
  parseHashList,
} from './hash-lists.ts';
import { screeningNotifier } from './rejection-notices.ts';
import type { RejectionNotice } from './screening.ts';

let media = '';

function generated(name: string, seed: number): string {
  const file = path.join(media, name);
  execFileSync(
    binaryPath('ffmpeg'),
    syntheticClipArgs(syntheticClip(seed, { width: 160, height: 90, seconds: 14 }), file),
  );
  return file;
}

describe('the hash-list file format', () => {
  it('reads md5, sha256 and phash lines, skips comments and blanks, lower-cases, drops repeats', () => {
    const md5 = 'A'.repeat(32);
    const text = `# test list\n\nmd5:${md5}\nsha256:${'b'.repeat(64)}  # inline\nphash:0123456789abcdef\nmd5:${md5.toLowerCase()}\n`;
    expect(parseHashList(text)).toEqual([
      { kind: 'md5', value: 'a'.repeat(32) },
      { kind: 'sha256', value: 'b'.repeat(64) },
      { kind: 'phash', value: '0123456789abcdef' },
    ]);
  });

  it('names the first bad line', () => {
    for (const [text, line] of [
      ['md5:abc', 1],
      [`# ok\nsha1:${'a'.repeat(40)}`, 2],
      ['phash:0123456789abcdeg', 1],
      ['\n\njust text', 3],
    ] as const) {
      expect(() => parseHashList(text)).toThrow(HashListFormatError);
      try {
        parseHashList(text);
      } catch (error) {
        expect((error as HashListFormatError).line).toBe(line);
      }
    }
  });

  it("checks the command's arguments", () => {
    expect(parseImportHashListArgs(['--list', 'ngo-2026', '--file', '/x/list.txt'])).toEqual({
      list: 'ngo-2026',
      file: '/x/list.txt',
      replace: false,
    });
    expect(() => parseImportHashListArgs(['--file', 'x'])).toThrow(/Usage/);
    expect(() => parseImportHashListArgs(['--list', '../etc', '--file', 'x'])).toThrow(/--list/);
  });
});

describe.each(databaseKinds())('hash lists on %s', (kind) => {
  let database: TestDatabase;
  let storage: LocalStorage;
  const mails: { to: string; subject: string; text: string }[] = [];
  const notices: RejectionNotice[] = [];
  let uploaderId: number;
  const files = {} as Record<'listed' | 'framed' | 'framedCopy' | 'clean', string>;

  beforeAll(async () => {
    media = mkdtempSync(path.join(os.tmpdir(), 'h1b-hashlist-'));
    files.listed = generated('listed.mp4', 21);
    files.framed = generated('framed.mp4', 23);
    files.clean = generated('clean.mp4', 24);
    // Another encoding of `framed`: other bytes (no digest matches), the same pictures.
    files.framedCopy = path.join(media, 'framed-copy.mp4');
    execFileSync(binaryPath('ffmpeg'), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      files.framed,
      '-vf',
      'scale=240:136',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '80k',
      files.framedCopy,
    ]);
    database = await createTestDatabase(kind);
    storage = new LocalStorage({ root: path.join(media, 'storage') });
    const db = database.handle.db;
    uploaderId = Number((await insertUser(db, 'hash_uploader')).id);
    for (const [name, language] of [
      ['hash_admin_de', 'de'],
      ['hash_admin_fr', 'fr'],
    ] as const) {
      const admin = await insertUser(db, name);
      await db
        .updateTable('users')
        .set({ role: 'administrator', language })
        .where('id', '=', admin.id)
        .execute();
    }
    await db.updateTable('users').set({ language: 'fr' }).where('id', '=', uploaderId).execute();

    // The local test list: the sha256 of one clip, a frame hash of another, and noise.
    const { sha256 } = await fileDigests(files.listed);
    const { frames } = await computeFingerprint(files.framed);
    const informative = frames.filter((f) => f !== FLAT_FRAME);
    const listFile = path.join(media, 'test-list.txt');
    writeFileSync(
      listFile,
      [
        '# A local test list made from synthetic clips (issue 31).',
        `sha256:${sha256}`,
        `md5:${'0'.repeat(32)}`,
        `phash:${frameHex(informative[Math.floor(informative.length / 2)]!)}`,
        '',
      ].join('\n'),
    );
    expect(await importHashListFile(db, 'test-list', listFile)).toEqual({ entries: 3, added: 3, removed: 0 });
    // Importing the same list again adds nothing; --replace swaps the edition.
    expect(await importHashListFile(db, 'test-list', listFile)).toMatchObject({ added: 0 });
    expect(await importHashListFile(db, 'test-list', listFile, { replace: true })).toEqual({
      entries: 3,
      added: 3,
      removed: 3,
    });
  }, 240_000);

  afterAll(async () => {
    await database?.dispose();
    rmSync(media, { recursive: true, force: true });
  });

  async function uploadAndProcess(file: string) {
    const db = database.handle.db;
    const id = await insertProcessingVideo(db, storage, file);
    await db.updateTable('videos').set({ user_id: uploaderId }).where('id', '=', id).execute();
    const mailer = createOutboxMailer(path.join(media, 'outbox'), 'site@example.com', (_m, data) => {
      const file = String(data.file);
      mails.push({ to: String(data.to), subject: String(data.subject), text: readFileSync(file, 'utf8') });
    });
    const notify = screeningNotifier({
      db,
      send: (_key, message) => mailer.send(message),
      publicUrl: 'http://tube.test',
      siteName: () => 'TestTube',
    });
    await processVideoHandler(
      { db, storage, workDir: path.join(media, 'work'), preset: 'ultrafast' },
      {
        onScreeningRejection: async (notice) => {
          notices.push(notice);
          await notify(notice);
        },
      },
    )(
      { videoId: id },
      {
        id: `job-${id}`,
        name: processVideoJob.name,
        retryCount: 0,
        singletonKey: processVideoKey(id),
        signal: new AbortController().signal,
        progress: async () => {},
      },
    );
    const row = await db
      .selectFrom('videos')
      .select(['status', 'reject_code', 'reject_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, row };
  }

  it('rejects a file whose sha256 is listed, quarantines its source and alerts the administrators', async () => {
    mails.length = 0;
    const { id, row } = await uploadAndProcess(files.listed);
    expect(row).toEqual({ status: 4, reject_code: 'matches_hash_list', reject_reason: 'matches_hash_list' });
    // The source is kept, byte for byte, out of the public media; nothing else is left.
    const key = `quarantine/${id}/source.mp4`;
    expect(await filesUnder(storage.root, `quarantine/${id}/`)).toEqual([key]);
    expect(readFileSync(path.join(storage.root, key)).equals(readFileSync(files.listed))).toBe(true);
    // Never served by /media (the key is unknown to it, like the sealed records).
    expect(await createMediaAccess(createMediaRepository(database.handle.db)).visibility(key)).toEqual({
      visibility: 'missing',
      ownerId: null,
    });
    expect(await filesUnder(storage.root, `uploads/${id}/`)).toEqual([]);
    expect(await filesUnder(storage.root, `videos/${id}/`)).toEqual([]);
    const db = database.handle.db;
    expect(await db.selectFrom('video_files').select('id').where('video_id', '=', id).execute()).toEqual([]);
    const { sha256, md5 } = await fileDigests(files.listed);
    expect(
      await db
        .selectFrom('quarantined_files')
        .select(['video_id', 'uploader_id', 'list_name', 'kind', 'value', 'storage_key', 'md5', 'sha256'])
        .where('video_id', '=', id)
        .execute(),
    ).toEqual([
      {
        video_id: id,
        uploader_id: uploaderId,
        list_name: 'test-list',
        kind: 'sha256',
        value: sha256,
        storage_key: key,
        md5,
        sha256,
      },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_name', 'action', 'details'])
      .where('target_type', '=', 'video')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toMatchObject([
      {
        actor_id: null,
        actor_name: 'system',
        action: 'upload.hash_list_match',
        details: { list_name: 'test-list', kind: 'sha256', quarantine_key: key },
      },
    ]);
    // Each administrator, in their language, with the quarantine key; the uploader gets no mail.
    expect(mails.map((m) => m.to).sort()).toEqual(['hash_admin_de@example.com', 'hash_admin_fr@example.com']);
    expect(mails.find((m) => m.to === 'hash_admin_de@example.com')?.subject).toBe(
      'TestTube: Ein Upload entsprach einer Hash-Liste',
    );
    expect(mails.find((m) => m.to === 'hash_admin_fr@example.com')?.text).toContain(key);
  }, 120_000);

  it('rejects another encoding of a clip one of whose frame hashes is listed', async () => {
    const { id, row } = await uploadAndProcess(files.framedCopy);
    expect(row).toMatchObject({ status: 4, reject_code: 'matches_hash_list' });
    const quarantined = await database.handle.db
      .selectFrom('quarantined_files')
      .select(['kind'])
      .where('video_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(quarantined.kind).toBe('phash');
  }, 120_000);

  it('lets an unlisted clip through', async () => {
    const { id, row } = await uploadAndProcess(files.clean);
    expect(row).toMatchObject({ status: 3, reject_code: null });
    expect(
      await database.handle.db
        .selectFrom('quarantined_files')
        .select('id')
        .where('video_id', '=', id)
        .execute(),
    ).toEqual([]);
  }, 120_000);

  it("mails the uploader of a copy of removed content in the uploader's language", async () => {
    mails.length = 0;
    const db = database.handle.db;
    const mailer = createOutboxMailer(path.join(media, 'outbox'), 'site@example.com', (_m, data) => {
      mails.push({ to: String(data.to), subject: String(data.subject), text: '' });
    });
    await screeningNotifier({
      db,
      send: (_key, message) => mailer.send(message),
      publicUrl: 'http://tube.test/',
      siteName: () => 'TestTube',
    })({ videoId: 77, code: 'matches_removed_content', uploaderId });
    expect(mails).toEqual([
      { to: 'hash_uploader@example.com', subject: 'TestTube : votre envoi a été refusé', text: '' },
    ]);
  });

  it('refuses a bad list name and a bad file without importing anything', async () => {
    const db = database.handle.db;
    await expect(importHashList(db, 'bad name', `md5:${'a'.repeat(32)}`)).rejects.toThrow(/list name/);
    await expect(importHashList(db, 'other-list', `md5:${'a'.repeat(32)}\nmd5:zz`)).rejects.toThrow(
      HashListFormatError,
    );
    expect(
      await db
        .selectFrom('hash_list_entries')
        .select('value')
        .where('list_name', '=', 'other-list')
        .execute(),
    ).toEqual([]);
  });
});
