// Audit findings on uploads, over real HTTP and a real database: F8 (a submit copies the source
// before, not inside, its transaction; a failed insert leaves no file), F9 (caps on live tus uploads
// per member and on free disk) and F12 (one link import per member at a time).

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../jobs/jobs.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { JobRegistry } from '../../jobs/registry.ts';
import { runFfmpeg } from '../../media/runner.ts';
import { processVideoJob } from '../../pipeline/definitions.ts';
import type { Storage } from '../../storage/storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertCategories, insertUser } from '../../test/fixtures.ts';
import { linkImportJob } from './link-import.job.ts';
import { createUploadService } from './upload.service.ts';

const ORIGIN = 'http://tube.test';
let media = '';
/** A tiny 610 s clip (64x36, 1 fps): long enough for the 10-minute rule. */
async function clip(name: string, source: string): Promise<Buffer> {
  const file = path.join(media, name);
  await runFfmpeg([
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `${source}=size=64x36:rate=1:duration=610`, '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

describe.each(databaseKinds())('upload limits on %s', (kind) => {
  let t: TestApp;
  let queue: JobQueue;
  let base: string;
  let categoryId: number;
  const clips = {} as Record<'a' | 'b', Buffer>;
  let slowServer: http.Server;
  let slowBase: string;
  let releaseSlow: () => void = () => {};
  /** The paths the slow server was asked for, in order. */
  const slowRequests: string[] = [];

  beforeAll(async () => {
    media = mkdtempSync(path.join(os.tmpdir(), 'upload-limits-'));
    clips.a = await clip('a.mp4', 'testsrc');
    clips.b = await clip('b.mp4', 'testsrc2');
    t = await createTestApp(kind, {
      ssr: false,
      env: {
        UPLOAD_MAX_BYTES: String(4 * 1024 * 1024),
        UPLOAD_ALLOW_PRIVATE_LINKS: 'true',
        UPLOAD_MAX_OPEN: '5',
        UPLOAD_MAX_OPEN_BYTES: String(8 * 1024 * 1024),
      },
    });
    const registry = new JobRegistry()
      .define(processVideoJob, linkImportJob)
      .handle(processVideoJob, async () => {})
      .handle(linkImportJob, async () => {});
    queue = await startJobs(t.database.handle, {
      work: false,
      log: { error: () => {} },
      registry,
    } as unknown as Parameters<typeof startJobs>[1]);
    t.services.jobs.attach(queue);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    categoryId = (await insertCategories(t.database.handle.db, ['limits'])).get('limits')!;
    // Answers only once released: a link import that holds its request.
    const held = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    slowServer = http.createServer((req, res) => {
      slowRequests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(Buffer.alloc(1));
      void held.then(() => res.destroy());
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    slowBase = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    releaseSlow();
    slowServer?.closeAllConnections();
    slowServer?.close();
    await queue?.stop({ timeoutMs: 1000 });
    await t?.close();
    rmSync(media, { recursive: true, force: true });
  });

  let users = 0;
  async function member() {
    users += 1;
    const user = await insertUser(t.database.handle.db, `limits_${users}`);
    const token = await t.services.accounts.startSession(Number(user.id), {
      ip: '127.0.0.1',
      userAgent: null,
    });
    return { id: Number(user.id), cookie: `sid=${token}` };
  }
  const tus = (cookie: string) => ({ 'tus-resumable': '1.0.0', origin: ORIGIN, cookie });
  const create = (cookie: string, size: number) =>
    fetch(`${base}/api/upload/`, {
      method: 'POST',
      headers: {
        ...tus(cookie),
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    });
  async function upload(cookie: string, body: Buffer): Promise<string> {
    const created = await create(cookie, body.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const done = await fetch(base + location, {
      method: 'PATCH',
      headers: { ...tus(cookie), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(body),
    });
    expect(done.status).toBe(204);
    return location.split('/').pop()!;
  }
  const fields = (title: string, extra: Record<string, unknown>) => ({
    title,
    description: '',
    gender: 'str',
    categories: [String(categoryId)],
    visibility: '0',
    preview: 'auto',
    ...extra,
  });

  /** The app's storage, with `onPut` run inside putFile before the copy. */
  function spyStorage(onPut: (key: string) => Promise<void>): Storage {
    const real = t.services.storage;
    return new Proxy(real, {
      get(target, prop) {
        if (prop === 'putFile') {
          return async (...args: Parameters<Storage['putFile']>) => {
            await onPut(args[0]);
            return target.putFile(...args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
  const serviceWith = (storage: Storage) =>
    createUploadService(t.database.handle.db, storage, t.services.jobs, {
      dataDir: t.config.dataDir,
      maxBytes: 4 * 1024 * 1024,
      allowPrivateLinks: true,
    });

  it('F9: an upload is accepted when the uploads folder is missing (first upload, or removed since)', async () => {
    // @tus/file-store creates its folder without waiting for it, and only once: the free-disk check must
    // not find it missing (ENOENT was a 500 on a busy first start).
    const alice = await member();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fresh-data-'));
    const service = createUploadService(t.database.handle.db, t.services.storage, t.services.jobs, {
      dataDir,
      maxBytes: 4 * 1024 * 1024,
      allowPrivateLinks: true,
    });
    await expect(
      service.registerUpload('fresh-1', { user_id: alice.id }, 'clip.mp4', 1000),
    ).resolves.toBeUndefined();
    rmSync(service.directory, { recursive: true, force: true });
    await expect(
      service.registerUpload('fresh-2', { user_id: alice.id }, 'clip.mp4', 1000),
    ).resolves.toBeUndefined();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('F8: copies the source with no transaction open; other queries go on meanwhile', async () => {
    const db = t.database.handle.db;
    const alice = await member();
    const id = await upload(alice.cookie, clips.a);
    const seen: { key: string; ms: number; idleInTransaction: number }[] = [];
    const service = serviceWith(
      spyStorage(async (key) => {
        const started = Date.now();
        // On the embedded database a transaction holds its one connection: this would wait for it.
        await Promise.race([
          db.selectFrom('users').select('id').limit(1).execute(),
          new Promise((resolve) => setTimeout(resolve, 2000)),
        ]);
        const idle =
          kind === 'postgres'
            ? Number(
                (
                  await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
                    WHERE datname = current_database() AND state LIKE 'idle in transaction%'`.execute(db)
                ).rows[0]!.n,
              )
            : 0;
        seen.push({ key, ms: Date.now() - started, idleInTransaction: idle });
      }),
    );
    const videoId = await service.submit(
      { user_id: alice.id },
      fields('Copied outside', { upload_id: id }),
      null,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.key).toBe(`videos/${videoId}/source.mp4`);
    expect(seen[0]!.ms).toBeLessThan(1000);
    expect(seen[0]!.idleInTransaction).toBe(0);
    expect((await t.services.storage.stat(`videos/${videoId}/source.mp4`))?.size).toBe(clips.a.length);
  }, 60_000);

  it('F8: an insert failing after the copy leaves neither the copied file nor a row', async () => {
    const db = t.database.handle.db;
    const bob = await member();
    const id = await upload(bob.cookie, clips.b);
    const hash = createHash('sha256').update(clips.b).digest('hex');
    const keys: string[] = [];
    // Another member's identical file is accepted while this one copies: the unique hash index wins.
    const service = serviceWith(
      spyStorage(async (key) => {
        keys.push(key);
        await db
          .insertInto('videos')
          .values({ dir: 'twin', title: 'Twin upload', status: 2, content_hash: hash })
          .execute();
      }),
    );
    const before = await db.selectFrom('videos').select('id').execute();
    await expect(
      service.submit({ user_id: bob.id }, fields('Lost the race', { upload_id: id }), null),
    ).rejects.toMatchObject({ code: 'duplicate_video' });
    expect(keys).toHaveLength(1);
    expect(await t.services.storage.exists(keys[0]!)).toBe(false);
    const after = await db.selectFrom('videos').select(['id', 'title']).execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.map((v) => v.title)).not.toContain('Lost the race');
    expect(
      await db.selectFrom('video_files').select('id').where('storage_key', '=', keys[0]!).execute(),
    ).toEqual([]);
  }, 60_000);

  it('F9: ten parallel creates with a cap of five: exactly five accepted, the rest 429 in the spec shape', async () => {
    const carol = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(carol.cookie, 1000)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toMatchObject({
      code: 'too_many_uploads',
      codes: [{ field: 'file', code: 'too_many_uploads' }],
    });
    // Another member is not held back; cancelling one frees a place.
    const dave = await member();
    expect((await create(dave.cookie, 1000)).status).toBe(201);
    const location = answers.find((a) => a.status === 201)!.headers.get('location')!;
    expect((await fetch(base + location, { method: 'DELETE', headers: tus(carol.cookie) })).status).toBe(204);
    expect((await create(carol.cookie, 1000)).status).toBe(201);
    expect((await create(carol.cookie, 1000)).status).toBe(429);
  });

  it('F9: declared bytes together are capped per member', async () => {
    const erin = await member();
    expect((await create(erin.cookie, 4 * 1024 * 1024)).status).toBe(201);
    expect((await create(erin.cookie, 4 * 1024 * 1024)).status).toBe(201);
    const third = await create(erin.cookie, 1);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 'upload_quota_exceeded' });
  });

  it('F9: refuses an upload that would leave too little free disk (413 upload_no_space)', async () => {
    const full = await createTestApp(kind, { ssr: false, env: { UPLOAD_MIN_FREE_BYTES: String(2 ** 52) } });
    try {
      await full.app.listen({ host: '127.0.0.1', port: 0 });
      const user = await insertUser(full.database.handle.db, 'disk_full');
      const token = await full.services.accounts.startSession(Number(user.id), {
        ip: '127.0.0.1',
        userAgent: null,
      });
      const res = await fetch(
        `http://127.0.0.1:${(full.app.server.address() as AddressInfo).port}/api/upload/`,
        {
          method: 'POST',
          headers: {
            ...tus(`sid=${token}`),
            'upload-length': '1000',
            'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
          },
        },
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        code: 'upload_no_space',
        codes: [{ field: 'file', code: 'upload_no_space' }],
      });
      expect(await full.database.handle.db.selectFrom('uploads').select('id').execute()).toEqual([]);
    } finally {
      await full.close();
    }
  });

  it('F12: one link import per member at a time', async () => {
    const frank = await member();
    const grace = await member();
    const submit = (cookie: string, link: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields('Linked clip', { link }))) {
        if (key === 'categories') form.append('categories[]', String(categoryId));
        else form.append(key, String(value));
      }
      return fetch(`${base}/api/video_edit.php`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie },
        body: form,
      });
    };
    // The request no longer holds the download: it answers at once, the job downloads.
    const first = await submit(frank.cookie, `${slowBase}/held.mp4`);
    expect(first.status).toBe(200);
    const firstId = ((await first.json()) as { video_id: number }).video_id;
    const second = await submit(frank.cookie, `${slowBase}/other.mp4`);
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({
      code: 'import_in_progress',
      codes: [{ field: 'link', code: 'import_in_progress' }],
    });
    // Another member's import is not refused for it.
    const other = await submit(grace.cookie, `${slowBase}/third.mp4`);
    expect(other.status).toBe(200);
    // The first import's job: the server sends one byte, then drops the connection once released.
    const asked = slowRequests.filter((url) => url === '/held.mp4').length;
    const run = t.services.uploads.runImport(firstId);
    // Released once the job's download is under way (its request reached the server), not after a guess.
    const until = Date.now() + 10_000;
    while (slowRequests.filter((url) => url === '/held.mp4').length === asked && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(slowRequests.filter((url) => url === '/held.mp4')).toHaveLength(asked + 1);
    releaseSlow();
    await expect(run).resolves.toBe('failed');
    // Once the first has ended, the member may import again.
    const again = await submit(frank.cookie, `${slowBase}/again.mp4`);
    expect(again.status).toBe(200);
  }, 30_000);
});
