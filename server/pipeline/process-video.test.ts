// The media pipeline end to end on real ffmpeg, sharp, storage and database: an upload's video becomes
// the files the player lists; a second run changes nothing; a missing file is redone alone; a long
// video gets HLS; a file that is not a video is rejected; the queue in the web process (WORKERS=inline)
// runs it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { probeMedia } from '../media/runner.ts';
import { createMediaRepository } from '../modules/media/media.repository.ts';
import { createVideoFilesService } from '../modules/media/video-files.service.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { S3Storage } from '../storage/s3-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { filesUnder, insertProcessingVideo, makeSource, orphanFiles } from '../test/test-media.ts';
import { processVideoJob, processVideoKey } from './definitions.ts';
import { processVideoHandler, STORAGE_DOWN } from './pipeline-jobs.ts';
import { DEMO_UPLOADS_KEY, type PipelineDeps, type PipelineStep, processVideo } from './process-video.ts';

let dir: string;
let clip: string;
let longClip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pipeline-test-'));
  clip = await makeSource(path.join(dir, 'clip.mp4'), { width: 640, height: 360, fps: 10, seconds: 6 });
  // Past the real HLS threshold (1800 s), but tiny: 64x36 at 1 fps, and silent (AAC of 30 minutes of
  // sound alone takes ~25 s of CPU).
  longClip = await makeSource(path.join(dir, 'long.mp4'), {
    width: 64,
    height: 36,
    fps: 1,
    seconds: 1801,
    audio: false,
  });
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const silent = { info: () => {}, error: () => {} };

describe.each(databaseKinds())('video pipeline on %s', (kind) => {
  let database: TestDatabase;
  let storage: LocalStorage;
  let deps: PipelineDeps;
  let steps: Array<{ videoId: number; step: PipelineStep; skipped: boolean }>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    storage = new LocalStorage({ root: path.join(dir, `media-${kind}`) });
    steps = [];
    deps = {
      db: database.handle.db,
      storage,
      log: silent,
      workDir: path.join(dir, `work-${kind}`),
      onStep: (e) => steps.push(e),
    };
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const video = (id: number) =>
    database.handle.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fileRows = (id: number) =>
    database.handle.db
      .selectFrom('video_files')
      .select(['id', 'kind', 'format', 'storage_key', 'width', 'height', 'size_bytes'])
      .where('video_id', '=', id)
      .orderBy('id')
      .execute();

  it('turns an upload into the renditions, pictures, timeline and preview the player lists', async () => {
    const id = await insertProcessingVideo(database.handle.db, storage, clip);
    const percents: number[] = [];
    expect(await processVideo(deps, id, { progress: async (p) => void percents.push(p) })).toBe('done');

    const row = await video(id);
    expect(row.status).toBe(3);
    expect(row).toMatchObject({ width: 640, height: 360, duration: 6, processing_error: null });
    expect(row.probe).toMatchObject({
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      video_codec: 'h264',
      audio_codec: 'aac',
      fps: 10,
    });
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    const rows = await fileRows(id);
    const byKind = (k: string) =>
      rows
        .filter((r) => r.kind === k)
        .map((r) => r.format)
        .sort();
    expect(byKind('mp4')).toEqual(['240p', '360p']);
    expect(byKind('poster')).toEqual(['', 'webp']);
    expect(byKind('thumb')).toEqual([
      '1',
      '1.webp',
      '2',
      '2.webp',
      '3',
      '3.webp',
      '4',
      '4.webp',
      '5',
      '5.webp',
      '6',
      '6.webp',
    ]);
    expect(byKind('sprite')).toEqual(['0']);
    expect(byKind('vtt')).toEqual(['']);
    expect(byKind('preview')).toEqual(['']);
    expect(byKind('hls')).toEqual([]);
    expect(await orphanFiles(database.handle.db, storage.root, id)).toEqual([]);

    // The renditions are what the ladder promises: H.264/AAC, the rung's size, moov first (faststart).
    const r360 = path.join(storage.root, 'videos', String(id), '360p.mp4');
    expect(await probeMedia(r360)).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 640,
      height: 360,
    });
    const head = (await readFile(r360)).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    const poster = await sharp(path.join(storage.root, 'videos', String(id), 'poster.jpg')).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const thumb = await sharp(path.join(storage.root, 'videos', String(id), 'thumbs', '3.webp')).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 180 });

    // The player's list, once a moderator approves.
    await database.handle.db.updateTable('videos').set({ status: 1 }).where('id', '=', id).execute();
    const files = await createVideoFilesService(
      createMediaRepository(database.handle.db),
      storage,
    ).playerFiles(id);
    expect(files).toMatchObject({
      video_id: id,
      duration: 6,
      poster: `/media/videos/${id}/poster.jpg`,
      preview: `/media/videos/${id}/preview.mp4`,
      hls_url: null,
      timelines_count: 3,
      timelines_interval: 2,
      timelines_vtt: `/media/videos/${id}/${id}.3.2.vtt`,
    });
    expect(files!.sources.map((s) => [s.format, s.width, s.height])).toEqual([
      ['360p', 640, 360],
      ['240p', 426, 240],
    ]);
    const vtt = await readFile(path.join(storage.root, 'videos', String(id), `${id}.3.2.vtt`), 'utf8');
    expect(vtt).toContain('00:00:04.000 --> 00:00:06.000\nsprites/0.jpg#xywh=320,0,160,90');
  }, 120_000);

  it('is safe to repeat: a second run adds no row or file, a missing file is redone alone', async () => {
    const id = await insertProcessingVideo(database.handle.db, storage, clip);
    await processVideo(deps, id);
    const rows = await fileRows(id);
    const files = await filesUnder(storage.root, `videos/${id}/`);

    // The same job again (a retry after a crash at the very end): every step is skipped.
    await database.handle.db.updateTable('videos').set({ status: 2 }).where('id', '=', id).execute();
    steps.length = 0;
    expect(await processVideo(deps, id)).toBe('done');
    expect(steps.filter((s) => s.step !== 'probe' && s.step !== 'done').every((s) => s.skipped)).toBe(true);
    expect(await fileRows(id)).toEqual(rows);
    expect(await filesUnder(storage.root, `videos/${id}/`)).toEqual(files);

    // A rendition whose file is gone is made again, under the same key and row; nothing else runs.
    await storage.delete(`videos/${id}/240p.mp4`);
    await database.handle.db.updateTable('videos').set({ status: 2 }).where('id', '=', id).execute();
    steps.length = 0;
    await processVideo(deps, id);
    expect(steps.filter((s) => !s.skipped).map((s) => s.step)).toEqual(['probe', 'mp4', 'done']);
    expect((await fileRows(id)).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(await filesUnder(storage.root, `videos/${id}/`)).toEqual(files);
    expect((await video(id)).status).toBe(3);
  }, 120_000);

  it('leaves a video alone that is no longer processing', async () => {
    const id = await insertProcessingVideo(database.handle.db, storage, clip);
    await database.handle.db.updateTable('videos').set({ status: 4 }).where('id', '=', id).execute();
    expect(await processVideo(deps, id)).toBe('skipped');
    expect(await processVideo(deps, 987_654)).toBe('skipped');
    expect(await filesUnder(storage.root, `videos/${id}/`)).toEqual([]);
  });

  it('makes the poster from the picture the uploader chose', async () => {
    const chosen = path.join(dir, 'chosen.png');
    await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1d3557' } })
      .png()
      .toFile(chosen);
    const id = await insertProcessingVideo(database.handle.db, storage, clip, { chosenImage: chosen });
    await processVideo(deps, id);
    const poster = path.join(storage.root, 'videos', String(id), 'poster.jpg');
    const { data, info } = await sharp(poster).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 400]);
    // The chosen picture's colour, not a test-pattern frame.
    expect([data[0], data[1], data[2]].map((c) => Math.round(c! / 16))).toEqual([2, 3, 5]);
    // The uploader's own picture stays as it was.
    expect((await fileRows(id)).filter((r) => r.format === 'chosen')).toHaveLength(1);

    // A chosen file that is no picture after all: the frame at 10% instead, not a failed video.
    const garbage = path.join(dir, 'garbage.png');
    await writeFile(garbage, 'not a picture');
    const other = await insertProcessingVideo(database.handle.db, storage, clip, { chosenImage: garbage });
    expect(await processVideo(deps, other)).toBe('done');
    const fallback = await sharp(path.join(storage.root, 'videos', String(other), 'poster.jpg')).metadata();
    expect([fallback.width, fallback.height]).toEqual([640, 360]);
  }, 120_000);

  it('adds HLS (master, variant, fMP4 segments) to a video longer than 1800 s', async () => {
    const id = await insertProcessingVideo(database.handle.db, storage, longClip);
    await processVideo(deps, id);
    const rows = await fileRows(id);
    expect(
      rows
        .filter((r) => r.kind === 'hls')
        .map((r) => r.format)
        .sort(),
    ).toEqual(['36p', 'master']);
    expect(rows.filter((r) => r.kind === 'mp4').map((r) => r.format)).toEqual(['36p']);
    const master = await readFile(
      path.join(storage.root, 'videos', String(id), 'hls', 'master.m3u8'),
      'utf8',
    );
    expect(master).toContain('36p/index.m3u8');
    const variant = await readFile(
      path.join(storage.root, 'videos', String(id), 'hls', '36p', 'index.m3u8'),
      'utf8',
    );
    expect(variant).toContain('#EXT-X-ENDLIST');
    expect(variant).toMatch(/#EXT-X-MAP:URI="init[^"]*\.mp4"/);
    const segments = (await filesUnder(storage.root, `videos/${id}/hls/36p/`)).filter((k) =>
      k.endsWith('.m4s'),
    );
    expect(segments.length).toBeGreaterThan(250);
    await database.handle.db.updateTable('videos').set({ status: 1 }).where('id', '=', id).execute();
    const files = await createVideoFilesService(
      createMediaRepository(database.handle.db),
      storage,
    ).playerFiles(id);
    expect(files).toMatchObject({
      duration: 1801,
      hls_url: `/media/videos/${id}/hls/master.m3u8`,
      timelines_count: 181,
      timelines_interval: 10,
    });
    expect(await orphanFiles(database.handle.db, storage.root, id)).toEqual([]);
  }, 240_000);

  it('rejects (status 4, with a reason) a file that is not a video, at once', async () => {
    const text = path.join(dir, 'notes.mp4');
    await writeFile(text, 'These are plain notes, not a video.\n'.repeat(40));
    const id = await insertProcessingVideo(database.handle.db, storage, text);
    const handler = processVideoHandler(deps);
    await handler(
      { videoId: id },
      {
        id: 'job-1',
        name: processVideoJob.name,
        retryCount: 0,
        singletonKey: processVideoKey(id),
        signal: new AbortController().signal,
        progress: async () => {},
      },
    );
    const row = await video(id);
    expect(row).toMatchObject({ status: 4, reject_reason: 'The file is not a video.' });
    expect(row.processing_error).toMatch(/Not a video file/);
    expect(await filesUnder(storage.root, `videos/${id}/`)).toEqual([]);
  });

  it('records a passing failure and throws for a retry; the last attempt rejects', async () => {
    const id = await insertProcessingVideo(database.handle.db, storage, clip);
    // A storage whose writes fail (the kind of error a retry may fix); reads go through streams, as
    // with S3.
    const broken: Storage = {
      kind: 's3',
      urlsExpire: false,
      putFile: async () => {
        throw new Error('disk full');
      },
      putStream: (k, b, o) => storage.putStream(k, b, o),
      get: (k, r) => storage.get(k, r),
      stat: (k) => storage.stat(k),
      exists: (k) => storage.exists(k),
      delete: (k) => storage.delete(k),
      deletePrefix: (p) => storage.deletePrefix(p),
      listFolders: (p) => storage.listFolders(p),
      url: (k, o) => storage.url(k, o),
      check: (o) => storage.check(o),
    };
    const handler = processVideoHandler({ ...deps, storage: broken });
    const context = (retryCount: number) => ({
      id: 'job-2',
      name: processVideoJob.name,
      retryCount,
      singletonKey: processVideoKey(id),
      signal: new AbortController().signal,
      progress: async () => {},
    });
    await expect(handler({ videoId: id }, context(0))).rejects.toThrow('disk full');
    expect(await video(id)).toMatchObject({ status: 2, processing_error: 'disk full' });
    await handler({ videoId: id }, context(processVideoJob.retry.retryLimit));
    expect(await video(id)).toMatchObject({ status: 4, reject_reason: 'The video could not be processed.' });
  }, 120_000);

  it('never rejects while the storage does not answer: even the last attempt throws, the video waits', async () => {
    const id = await insertProcessingVideo(database.handle.db, storage, clip);
    // The bucket away: every call fails, the check too (a missing source would otherwise be permanent).
    const down = new Error('connect ECONNREFUSED 127.0.0.1:9');
    const away: Storage = {
      kind: 's3',
      urlsExpire: false,
      putFile: async () => Promise.reject(down),
      putStream: async () => Promise.reject(down),
      get: async () => Promise.reject(down),
      stat: async () => Promise.reject(down),
      exists: async () => Promise.reject(down),
      delete: async () => Promise.reject(down),
      deletePrefix: async () => Promise.reject(down),
      listFolders: (p) => storage.listFolders(p),
      url: (k, o) => storage.url(k, o),
      check: async () => Promise.reject(down),
    };
    const handler = processVideoHandler({ ...deps, storage: away });
    const context = (retryCount: number) => ({
      id: 'job-3',
      name: processVideoJob.name,
      retryCount,
      singletonKey: processVideoKey(id),
      signal: new AbortController().signal,
      progress: async () => {},
    });
    for (const retryCount of [0, processVideoJob.retry.retryLimit]) {
      await expect(handler({ videoId: id }, context(retryCount))).rejects.toThrow('ECONNREFUSED');
      expect(await video(id)).toMatchObject({
        status: 2,
        reject_reason: null,
        processing_error: `${STORAGE_DOWN}: connect ECONNREFUSED 127.0.0.1:9`,
      });
    }
    // A source that is missing while the storage answers is still rejected at once.
    const gone: Storage = { ...away, exists: async () => false, check: async () => {} };
    await processVideoHandler({ ...deps, storage: gone })({ videoId: id }, context(0));
    expect(await video(id)).toMatchObject({ status: 4, reject_reason: 'The uploaded file is missing.' });
  });

  it('works the same on S3 storage (s3rver): source read through the port, files written to it', async () => {
    const bucketDir = await mkdtemp(path.join(dir, 's3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    const { port } = await server.run();
    const s3 = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    });
    try {
      const id = await insertProcessingVideo(database.handle.db, s3, clip);
      expect(await processVideo({ ...deps, storage: s3 }, id)).toBe('done');
      const rows = await fileRows(id);
      expect(
        rows
          .filter((r) => r.kind === 'mp4')
          .map((r) => r.format)
          .sort(),
      ).toEqual(['240p', '360p']);
      for (const row of rows) expect(await s3.exists(row.storage_key)).toBe(true);
      const stored = await s3.stat(`videos/${id}/360p.mp4`);
      expect(stored).toMatchObject({ contentType: 'video/mp4' });
      expect(stored!.size).toBe(rows.find((r) => r.format === '360p')!.size_bytes);
      await database.handle.db.updateTable('videos').set({ status: 1 }).where('id', '=', id).execute();
      const files = await createVideoFilesService(createMediaRepository(database.handle.db), s3).playerFiles(
        id,
      );
      // Presigned URLs expire: the list links to /media/, which redirects to a fresh one.
      expect(files?.poster).toBe(`/media/videos/${id}/poster.jpg`);
    } finally {
      s3.close();
      await server.close();
    }
  }, 120_000);

  it('leaves a member upload waiting while only the packaged ffmpeg may not be used; makes a demo upload', async () => {
    const gated = { ...deps, uploadsWaitReason: 'Uploads wait for a current ffmpeg (test).' };
    const member = await insertProcessingVideo(database.handle.db, storage, clip);
    expect(await processVideo(gated, member)).toBe('waiting');
    expect(await video(member)).toMatchObject({
      status: 2,
      processing_error: 'Uploads wait for a current ffmpeg (test).',
    });
    expect((await fileRows(member)).map((r) => r.kind)).toEqual(['source']);

    const demo = await insertProcessingVideo(database.handle.db, storage, clip);
    await database.handle.db
      .insertInto('site_settings')
      .values({ key: DEMO_UPLOADS_KEY, value: JSON.stringify([demo]), updated_at: new Date() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify([demo]) }))
      .execute();
    expect(await processVideo(gated, demo)).toBe('done');
    expect((await video(demo)).status).toBe(3);
    // Ungated (a current ffmpeg installed and the site restarted), the waiting upload is made.
    expect(await processVideo(deps, member)).toBe('done');
    expect(await video(member)).toMatchObject({ status: 3, processing_error: null });
  }, 120_000);

  it('runs through the queue in the web process (WORKERS=inline) up to waiting for moderation', async () => {
    let queue: JobQueue | null = null;
    try {
      queue = await startJobs(database.handle, {
        work: true,
        log: silent,
        storage,
        queue: { pollingIntervalSeconds: 0.5 },
      });
      // Uploaded after the start (the start-up sweep would otherwise enqueue it first, F7).
      const id = await insertProcessingVideo(database.handle.db, storage, clip);
      const jobId = await queue.enqueue(
        processVideoJob,
        { videoId: id },
        { singletonKey: processVideoKey(id) },
      );
      expect(jobId).not.toBeNull();
      // A second upload event for the same video while the first is queued is dropped.
      expect(
        await queue.enqueue(processVideoJob, { videoId: id }, { singletonKey: processVideoKey(id) }),
      ).toBeNull();
      const until = Date.now() + 90_000;
      while ((await video(id)).status === 2 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 250));
      expect((await video(id)).status).toBe(3);
      const progress = await database.handle.db
        .selectFrom('job_progress')
        .select(['percent', 'singleton_key'])
        .where('job_id', '=', jobId!)
        .executeTakeFirstOrThrow();
      expect(progress).toEqual({ percent: 100, singleton_key: processVideoKey(id) });
    } finally {
      await queue?.stop({ timeoutMs: 1000 });
    }
  }, 120_000);
});
