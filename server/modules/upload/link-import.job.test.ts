// Issue 11, F12: the link import as a background job. POST /api/video_edit.php with a link answers at
// once (the video waits at status 2); the `link.import` job downloads it from a local HTTP server
// (normal rate, held, trickling, too large, redirected to a blocked address, a name that rebinds),
// hands it to `video.process` or rejects the video with its code, and leaves no file behind. A
// second run does nothing; a crashed run starts again cleanly. One import per member across two app
// instances: link-import.two-instances.test.ts.
import dns from 'node:dns';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { JobDefinition } from '../../jobs/job.ts';
import type { JobSink } from '../../jobs/job-sink.ts';
import { startJobs } from '../../jobs/jobs.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { JobRegistry } from '../../jobs/registry.ts';
import { runFfmpeg } from '../../media/runner.ts';
import { processVideoJob } from '../../pipeline/definitions.ts';
import { sweepProcessingVideos } from '../../pipeline/processing-sweep.ts';
import type { Storage } from '../../storage/storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertCategories, insertUser } from '../../test/fixtures.ts';
import { linkImportJob, registerLinkImportJob } from './link-import.job.ts';
import { isBlockedAddress } from './link-import.ts';
import { createUploadService, type UploadService } from './upload.service.ts';

const ORIGIN = 'http://tube.test';
const MAX_BYTES = 3 * 1024 * 1024;
let media = '';

/** A tiny 610 s clip (64x36, 1 fps): long enough for the 10-minute rule. */
async function clip(name: string, source: string, seconds = 610): Promise<Buffer> {
  const file = path.join(media, name);
  await runFfmpeg([
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `${source}=size=64x36:rate=1:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test's download policy: its own server on 127.0.0.1 is reachable, every other blocked address not. */
const onlyTestServer = (address: string) => address !== '127.0.0.1' && isBlockedAddress(address);

describe.each(databaseKinds())('link import job on %s', (kind) => {
  let t: TestApp;
  let queue: JobQueue;
  let worker: UploadService;
  let workerDir: string;
  let base: string;
  let linkBase: string;
  let linkPort: number;
  let server: http.Server;
  let categoryId: number;
  const clips = {} as Record<'a' | 'b' | 'c' | 'd' | 'short', Buffer>;
  const processed: number[] = [];
  const hits: string[] = [];
  const timers: NodeJS.Timeout[] = [];
  let releaseGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    releaseGate = resolve;
  });

  beforeAll(async () => {
    media = mkdtempSync(path.join(os.tmpdir(), 'link-job-media-'));
    clips.a = await clip('a.mp4', 'testsrc');
    clips.b = await clip('b.mp4', 'testsrc2');
    clips.c = await clip('c.mp4', 'smptebars');
    clips.d = await clip('d.mp4', 'rgbtestsrc');
    clips.short = await clip('short.mp4', 'testsrc', 5);

    server = http.createServer((req, res) => {
      const url = req.url ?? '';
      hits.push(url);
      const send = (body: Buffer) =>
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length }).end(body);
      if (url === '/a.mp4') return send(clips.a);
      if (url === '/c.mp4') return send(clips.c);
      if (url === '/d.mp4') return send(clips.d);
      if (url === '/short.mp4') return send(clips.short);
      // No answer until the test opens the gate: the import is running, its request long answered.
      if (url === '/gated.mp4') return void gate.then(() => send(clips.b));
      if (url === '/trickle.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        timers.push(setInterval(() => res.write(Buffer.alloc(1)), 50));
        return;
      }
      if (url === '/big.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': MAX_BYTES + 1 });
        return void res.end(Buffer.alloc(MAX_BYTES + 1));
      }
      if (url === '/big-chunked.mp4') {
        // No length declared: the download counts the bytes as they come.
        res.writeHead(200, { 'content-type': 'video/mp4' });
        return void res.end(Buffer.alloc(MAX_BYTES + 64 * 1024));
      }
      if (url === '/to-blocked.mp4') {
        return void res.writeHead(302, { location: `http://10.0.0.9:${linkPort}/a.mp4` }).end();
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    linkPort = (server.address() as AddressInfo).port;
    linkBase = `http://127.0.0.1:${linkPort}`;

    // The web process: any address passes its own check here (the download's check is the one tested).
    t = await createTestApp(kind, {
      ssr: false,
      env: { UPLOAD_MAX_BYTES: String(MAX_BYTES), UPLOAD_ALLOW_PRIVATE_LINKS: 'true' },
    });
    // The worker: its own data dir, the real policy but for the test server, a short rate window.
    workerDir = mkdtempSync(path.join(os.tmpdir(), 'link-job-worker-'));
    worker = createUploadService(t.database.handle.db, t.services.storage, t.services.jobs, {
      dataDir: workerDir,
      maxBytes: MAX_BYTES,
      allowPrivateLinks: false,
      isBlockedAddress: onlyTestServer,
      linkLimits: { rateWindowMs: 400, minBytesPerWindow: 16 * 1024 },
    });
    const registry = registerLinkImportJob(
      new JobRegistry().define(processVideoJob).handle(processVideoJob, async ({ videoId }) => {
        processed.push(videoId);
      }),
      worker,
    );
    queue = await startJobs(t.database.handle, {
      work: true,
      log: { error: () => {} },
      storage: t.services.storage,
      registry,
      sweep: false,
      queue: { pollingIntervalSeconds: 0.5 },
    });
    t.services.jobs.attach(queue);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    categoryId = (await insertCategories(t.database.handle.db, ['imports'])).get('imports')!;
  }, 180_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    releaseGate();
    for (const timer of timers) clearInterval(timer);
    server?.closeAllConnections();
    server?.close();
    await queue?.stop({ timeoutMs: 1000 });
    await t?.close();
    rmSync(media, { recursive: true, force: true });
    rmSync(workerDir, { recursive: true, force: true });
  });

  let users = 0;
  async function member() {
    users += 1;
    const user = await insertUser(t.database.handle.db, `importer_${users}`);
    const token = await t.services.accounts.startSession(Number(user.id), {
      ip: '127.0.0.1',
      userAgent: null,
    });
    return { id: Number(user.id), cookie: `sid=${token}` };
  }
  const fields = (link: string, extra: Record<string, string> = {}) => ({
    title: 'Imported test pattern',
    description: 'A synthetic clip.',
    gender: 'str',
    visibility: '0',
    preview: 'auto',
    link,
    ...extra,
  });
  async function submit(cookie: string, link: string, extra: Record<string, string> = {}, image?: Buffer) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields(link, extra))) form.append(key, value);
    form.append('categories[]', String(categoryId));
    if (image) form.append('preview_image', new Blob([new Uint8Array(image)]), 'preview.png');
    const res = await fetch(`${base}/api/video_edit.php`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const db = () => t.database.handle.db;
  const importOf = (videoId: number) =>
    db()
      .selectFrom('link_imports')
      .select(['state', 'error_code'])
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
  const videoOf = (videoId: number) =>
    db()
      .selectFrom('videos')
      .select(['status', 'reject_reason', 'duration', 'content_hash'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
  const sourceRows = async (videoId: number) =>
    db()
      .selectFrom('video_files')
      .select(['storage_key', 'format'])
      .where('video_id', '=', videoId)
      .where('kind', '=', 'source')
      .execute();
  const ended = (videoId: number) =>
    until(async () => {
      const row = await importOf(videoId);
      return row.state === 'importing' ? null : row;
    });
  const leftovers = (videoId: number) =>
    existsSync(worker.directory)
      ? readdirSync(worker.directory).filter((f) => f.startsWith(`link-${videoId}-`))
      : [];
  /** Submits `link`, expects it accepted, waits for its job, expects the video rejected with `code`. */
  async function expectFailed(link: string, code: string) {
    const frank = await member();
    const res = await submit(frank.cookie, link);
    expect(res).toMatchObject({ status: 200, body: { ok: true, importing: true } });
    const videoId = res.body.video_id as number;
    expect(await ended(videoId)).toEqual({ state: 'failed', error_code: code });
    expect(await videoOf(videoId)).toMatchObject({ status: 4, reject_reason: code });
    expect(await sourceRows(videoId)).toEqual([]);
    expect(leftovers(videoId)).toEqual([]);
    expect(processed).not.toContain(videoId);
    return videoId;
  }

  it('answers before the download, then downloads, stores the source and hands over to video.process', async () => {
    const alice = await member();
    const res = await submit(alice.cookie, `${linkBase}/gated.mp4`);
    expect(res).toMatchObject({ status: 200, body: { ok: true, importing: true } });
    const videoId = res.body.video_id as number;
    // The job has asked for the file; the server holds it back: the request had its answer already.
    await until(async () => hits.includes('/gated.mp4'));
    expect(await importOf(videoId)).toEqual({ state: 'importing', error_code: null });
    expect(await videoOf(videoId)).toMatchObject({ status: 2, duration: 0, content_hash: null });
    expect(await sourceRows(videoId)).toEqual([]);
    // The owner sees it processing on their uploads page; nobody else sees it.
    const own = await t.services.moderation.uploads({ user_id: alice.id } as CurrentUser, alice.id, 1);
    expect(own?.videos).toEqual([expect.objectContaining({ video_id: videoId, status_id: 2 })]);
    const publicView = await t.services.moderation.uploads(null, alice.id, 1);
    expect(publicView?.videos).toEqual([]);

    releaseGate();
    expect(await ended(videoId)).toEqual({ state: 'done', error_code: null });
    const video = await videoOf(videoId);
    expect(video).toMatchObject({ status: 2, duration: 610 });
    expect(video.content_hash).toMatch(/^[0-9a-f]{64}$/);
    const [source] = await sourceRows(videoId);
    expect(source).toEqual({ storage_key: `videos/${videoId}/source.mp4`, format: 'mp4' });
    expect(await t.services.storage.exists(source!.storage_key)).toBe(true);
    await until(async () => processed.includes(videoId));
    expect(leftovers(videoId)).toEqual([]);

    // A second run of the finished import (at least once) does nothing.
    await expect(worker.runImport(videoId)).resolves.toBe('skipped');
    expect(await sourceRows(videoId)).toHaveLength(1);
    expect(processed.filter((id) => id === videoId)).toEqual([videoId]);
  }, 60_000);

  it('fails a link that trickles under the minimum rate: link_failed, no file left', async () => {
    await expectFailed(`${linkBase}/trickle.mp4`, 'link_failed');
  }, 30_000);

  it('fails a file over the size cap, declared or not: file_too_large', async () => {
    await expectFailed(`${linkBase}/big.mp4`, 'file_too_large');
    await expectFailed(`${linkBase}/big-chunked.mp4`, 'file_too_large');
  }, 30_000);

  it('fails a redirect to a blocked address: link_not_allowed', async () => {
    await expectFailed(`${linkBase}/to-blocked.mp4`, 'link_not_allowed');
  }, 30_000);

  it('checks the address again at download time: a name that rebinds to a private address fails', async () => {
    // The name resolves to the test server while the request checks it, then to 10.0.0.5.
    const real = dns.lookup.bind(dns);
    let calls = 0;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: unknown, callback: unknown) => {
      if (host !== 'rebind.test') return (real as (...a: unknown[]) => void)(host, options, callback);
      calls += 1;
      const address = calls === 1 ? '127.0.0.1' : '10.0.0.5';
      (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address, family: 4 }]);
    }) as typeof dns.lookup);
    await expectFailed(`http://rebind.test:${linkPort}/a.mp4`, 'link_not_allowed');
    expect(calls).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('fails a file that breaks an upload rule with its code, and removes the chosen preview', async () => {
    const preview = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#335' } })
      .png()
      .toBuffer();
    const grace = await member();
    const res = await submit(grace.cookie, `${linkBase}/short.mp4`, { preview: 'image' }, preview);
    expect(res.status).toBe(200);
    const videoId = res.body.video_id as number;
    expect(await ended(videoId)).toEqual({ state: 'failed', error_code: 'video_too_short' });
    expect(await videoOf(videoId)).toMatchObject({ status: 4, reject_reason: 'video_too_short' });
    // The import is marked failed first, then the run that failed it removes the files (upload.service.ts
    // runImport): wait for the removal itself (CI run 1 of session 12 read the file in between).
    await expect
      .poll(() => t.services.storage.exists(`videos/${videoId}/preview-chosen.jpg`), { timeout: 10_000 })
      .toBe(false);
    // The owner's uploads page shows the rejection with the code as its reason.
    const own = await t.services.moderation.uploads({ user_id: grace.id } as CurrentUser, grace.id, 1);
    expect(own?.videos[0]).toMatchObject({
      video_id: videoId,
      status_id: 4,
      reject_reason: 'video_too_short',
    });
  }, 30_000);

  it('refuses a second import of the member while one runs, and takes one again once it ended', async () => {
    const heidi = await member();
    const first = await submit(heidi.cookie, `${linkBase}/trickle.mp4`);
    expect(first.status).toBe(200);
    const second = await submit(heidi.cookie, `${linkBase}/a.mp4`);
    expect(second).toMatchObject({
      status: 429,
      body: { code: 'import_in_progress', codes: [{ field: 'link', code: 'import_in_progress' }] },
    });
    await ended(first.body.video_id as number);
    expect((await submit(heidi.cookie, `${linkBase}/trickle.mp4`)).status).toBe(200);
  }, 30_000);

  describe('at least once', () => {
    const enqueued: { name: string; videoId: number }[] = [];
    const sink: JobSink = {
      async enqueue(definition: JobDefinition, payload: unknown) {
        enqueued.push({ name: definition.name, videoId: (payload as { videoId: number }).videoId });
        return 'job';
      },
      attach() {},
    };
    /** A worker whose storage fails on putFile while `broken` is set (a crash after the download). */
    let broken = false;
    const service = (storage: Storage) =>
      createUploadService(db(), storage, sink, {
        dataDir: workerDir,
        maxBytes: MAX_BYTES,
        allowPrivateLinks: false,
        isBlockedAddress: onlyTestServer,
      });
    const flaky = () =>
      new Proxy(t.services.storage, {
        get(target, prop) {
          if (prop === 'putFile' && broken) return async () => Promise.reject(new Error('disk gone'));
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });

    it('a crashed run starts again cleanly: one source, killed runs’ files gone, then a no-op', async () => {
      const ivan = await member();
      const svc = service(flaky());
      // Recorded without a queued job (enqueued on the sink only): the runs below are by hand.
      const videoId = await svc.submit(
        { user_id: ivan.id },
        { ...fields(`${linkBase}/c.mp4`), categories: [String(categoryId)] },
        null,
      );
      expect(enqueued).toEqual([{ name: linkImportJob.name, videoId }]);
      // A download of a run killed an hour ago, and one of a run that may still be going.
      const dead = path.join(svc.directory, `link-${videoId}-0dead`);
      const live = path.join(svc.directory, `link-${videoId}-1live`);
      writeFileSync(dead, 'partial');
      writeFileSync(live, 'partial');
      const hourAgo = new Date(Date.now() - 3600_000);
      utimesSync(dead, hourAgo, hourAgo);

      broken = true;
      await expect(svc.runImport(videoId)).rejects.toThrow('disk gone');
      expect(await importOf(videoId)).toEqual({ state: 'importing', error_code: null });
      expect(await sourceRows(videoId)).toEqual([]);
      broken = false;
      await expect(svc.runImport(videoId)).resolves.toBe('done');
      expect(await sourceRows(videoId)).toHaveLength(1);
      expect(leftovers(videoId)).toEqual([`link-${videoId}-1live`]);
      rmSync(live);
      await expect(svc.runImport(videoId)).resolves.toBe('skipped');
      expect(await sourceRows(videoId)).toHaveLength(1);
      expect(enqueued.filter((e) => e.name === processVideoJob.name)).toEqual([
        { name: processVideoJob.name, videoId },
      ]);
    }, 30_000);

    it('the last attempt of a run that keeps failing rejects the video as link_failed', async () => {
      const judy = await member();
      const svc = service(flaky());
      const videoId = await svc.submit(
        { user_id: judy.id },
        { ...fields(`${linkBase}/d.mp4`), categories: [String(categoryId)] },
        null,
      );
      broken = true;
      try {
        await expect(svc.runImport(videoId)).rejects.toThrow('disk gone');
        await expect(svc.runImport(videoId, { lastAttempt: true })).resolves.toBe('failed');
      } finally {
        broken = false;
      }
      expect(await importOf(videoId)).toEqual({ state: 'failed', error_code: 'link_failed' });
      expect(await videoOf(videoId)).toMatchObject({ status: 4, reject_reason: 'link_failed' });
      expect(leftovers(videoId)).toEqual([]);
    }, 30_000);

    it('an import whose job was lost fails after IMPORT_STALE_MS, and frees the member', async () => {
      const kate = await member();
      const svc = service(t.services.storage);
      const videoId = await svc.submit(
        { user_id: kate.id },
        { ...fields(`${linkBase}/a.mp4`), categories: [String(categoryId)] },
        null,
      );
      await expect(
        svc.submit(
          { user_id: kate.id },
          { ...fields(`${linkBase}/a.mp4`), categories: [String(categoryId)] },
          null,
        ),
      ).rejects.toMatchObject({ code: 'import_in_progress', status: 429 });
      await svc.cleanExpired(new Date(Date.now() + 4 * 3600_000));
      expect(await importOf(videoId)).toEqual({ state: 'failed', error_code: 'link_failed' });
      expect(await videoOf(videoId)).toMatchObject({ status: 4, reject_reason: 'link_failed' });
      await expect(svc.runImport(videoId)).resolves.toBe('skipped');
    }, 30_000);

    it('the processing sweep leaves an import that is still downloading alone', async () => {
      const leo = await member();
      const svc = service(t.services.storage);
      const videoId = await svc.submit(
        { user_id: leo.id },
        { ...fields(`${linkBase}/a.mp4`), categories: [String(categoryId)] },
        null,
      );
      const swept: number[] = [];
      const spy = {
        enqueue: async (_d: JobDefinition, payload: unknown) => {
          swept.push((payload as { videoId: number }).videoId);
          return 'job';
        },
      };
      await sweepProcessingVideos(db(), spy, { includeFinished: true, now: new Date(Date.now() + 60_000) });
      expect(swept).not.toContain(videoId);
      // Once its download is done (its video.process enqueue lost), the sweep picks it up.
      await expect(svc.runImport(videoId)).resolves.toBe('done');
      await sweepProcessingVideos(db(), spy, { includeFinished: true, now: new Date(Date.now() + 60_000) });
      expect(swept).toContain(videoId);
    }, 30_000);
  });
});
