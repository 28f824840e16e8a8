// Uploads end to end over real HTTP: tus (create, resume, ownership, limits) and /api/video_edit.php
// with every rejection rule of content.md §5, on files made by ffmpeg, a real database and a real
// pg-boss queue (enqueue only).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../http/contract.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { binaryPath } from '../../media/runner.ts';
import { processVideoJob } from '../../pipeline/definitions.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { listenWithIdleJobs } from '../../test/enqueue-only.ts';
import { insertCategories, insertUser } from '../../test/fixtures.ts';
import { until } from '../../test/poll.ts';
import { isBlockedAddress } from './link-import.ts';

const ORIGIN = 'http://tube.test';
const TEST_MAX_BYTES = 3 * 1024 * 1024;

// Generated per suite (each database kind) and removed after it.
let media = '';
const ff = (...args: string[]) =>
  execFileSync(binaryPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
/** A tiny clip: 64x36, 1 fps, test pattern `source`, `seconds` long. */
function clip(name: string, seconds: number, source = 'testsrc') {
  const file = path.join(media, name);
  const input = `${source}=size=64x36:rate=1:duration=${seconds}`;
  ff(...`-f lavfi -i ${input} -c:v libx264 -preset ultrafast -pix_fmt yuv420p`.split(' '), file);
  return file;
}

describe.each(databaseKinds())('uploads on %s', (kind) => {
  let t: TestApp;
  let queue: JobQueue;
  let base: string;
  let alice: { id: number; cookie: string };
  let bob: { id: number; cookie: string };
  let categoryId: number;
  type Media = 'long' | 'long2' | 'long3' | 'mid' | 'short' | 'damaged' | 'wav' | 'bigImage' | 'smallImage';
  const files = {} as Record<Media, Buffer>;
  let linkServer: http.Server;
  let linkBase: string;

  beforeAll(async () => {
    media = mkdtempSync(path.join(os.tmpdir(), 'h2-upload-media-'));
    files.long = readFileSync(clip('long.mp4', 610));
    files.long2 = readFileSync(clip('long2.mp4', 610, 'testsrc2'));
    files.long3 = readFileSync(clip('long3.mkv', 610, 'smptebars'));
    files.mid = readFileSync(clip('mid.mp4', 400, 'rgbtestsrc'));
    files.short = readFileSync(clip('short.mp4', 5));
    // Damaged: the first half of a real MP4 (the index at its end is gone).
    files.damaged = files.long2.subarray(0, Math.floor(files.long2.length / 2));
    // Wrong type: a WAV file, later named .mp4.
    const wav = path.join(media, 'tone.wav');
    ff('-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', wav);
    files.wav = readFileSync(wav);
    files.bigImage = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#335' } })
      .png()
      .toBuffer();
    files.smallImage = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#533' } })
      .png()
      .toBuffer();

    t = await createTestApp(kind, {
      ssr: false,
      env: { UPLOAD_MAX_BYTES: String(TEST_MAX_BYTES), UPLOAD_ALLOW_PRIVATE_LINKS: 'true' },
    });
    // Jobs are enqueued but not worked (server/test/enqueue-only.ts).
    ({ queue, base } = await listenWithIdleJobs(t));
    const session = async (name: string) => {
      const user = await insertUser(t.database.handle.db, name);
      const token = await t.services.accounts.startSession(Number(user.id), {
        ip: '127.0.0.1',
        userAgent: null,
      });
      return { id: Number(user.id), cookie: `sid=${token}` };
    };
    alice = await session('alice_uploader');
    bob = await session('bob_uploader');
    categoryId = (await insertCategories(t.database.handle.db, ['test-pattern'])).get('test-pattern')!;

    linkServer = http.createServer((req, res) => {
      const body =
        req.url === '/long3.mkv'
          ? files.long3
          : req.url === '/short.mp4'
            ? files.short
            : req.url === '/big.mp4'
              ? Buffer.alloc(TEST_MAX_BYTES + 1)
              : null;
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'video/x-matroska', 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => linkServer.listen(0, '127.0.0.1', resolve));
    linkBase = `http://127.0.0.1:${(linkServer.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    linkServer?.close();
    await queue?.stop({ timeoutMs: 1000 });
    await t?.close();
    rmSync(media, { recursive: true, force: true });
  });

  const meta = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;
  const tusHeaders = (cookie: string | null) => ({
    'tus-resumable': '1.0.0',
    origin: ORIGIN,
    ...(cookie ? { cookie } : {}),
  });

  async function create(cookie: string | null, name: string, size: number) {
    return fetch(`${base}/api/upload/`, {
      method: 'POST',
      headers: { ...tusHeaders(cookie), 'upload-length': String(size), 'upload-metadata': meta(name) },
    });
  }
  async function patch(cookie: string, location: string, offset: number, body: Buffer) {
    return fetch(base + location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(cookie),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(body),
    });
  }
  /** A whole upload; resolves the upload id. */
  async function upload(body: Buffer, name = 'clip.mp4', cookie = alice.cookie): Promise<string> {
    const created = await create(cookie, name, body.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const done = await patch(cookie, location, 0, body);
    expect(done.status).toBe(204);
    return location.split('/').pop()!;
  }
  async function submit(fields: Record<string, string | string[]>, image?: Buffer, cookie = alice.cookie) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    }
    if (image) form.append('preview_image', new Blob([new Uint8Array(image)]), 'preview.png');
    const res = await fetch(`${base}/api/video_edit.php`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const form = (extra: Record<string, string | string[]>) => ({
    title: 'Colour bars at dawn',
    description: 'A synthetic test pattern.',
    gender: 'str',
    'categories[]': [String(categoryId)],
    visibility: '0',
    preview: 'auto',
    ...extra,
  });
  const uploadDir = () => path.join(t.config.dataDir, 'uploads');
  const uploadFiles = () => (existsSync(uploadDir()) ? readdirSync(uploadDir()) : []);
  const count = async (table: 'videos' | 'uploads' | 'video_files') =>
    Number(
      (
        await t.database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const queuedVideoIds = async () => {
    const { rows } = await sql<{ data: { videoId: number } }>`
      SELECT data FROM pgboss.job WHERE name = ${processVideoJob.name}`.execute(t.database.handle.db);
    return rows.map((r) => r.data.videoId);
  };
  /** Uploads `body`, submits it, expects the rejection `code` and that nothing stays behind. */
  async function expectRejected(
    body: Buffer,
    fields: Record<string, string | string[]>,
    code: string,
    name = 'clip.mp4',
  ) {
    const videosBefore = await count('videos');
    const id = await upload(body, name);
    const res = await submit(form({ upload_id: id, ...fields }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.codes).toEqual([{ field: 'file', code }]);
    expect(uploadFiles().filter((f) => f.startsWith(id))).toEqual([]);
    expect(
      await t.database.handle.db.selectFrom('uploads').where('id', '=', id).select('id').execute(),
    ).toEqual([]);
    expect(await count('videos')).toBe(videosBefore);
  }

  it('describes each of its routes for the OpenAPI document (their schemas)', async () => {
    const mine = (url: string) => url.startsWith('/api/upload/') || url === '/api/video_edit.php';
    const served = routeTable(t.app).filter((r) => mine(r.url));
    expect(served.length).toBeGreaterThan(5);
    const undocumented = served.filter((r) => !r.schema?.response || r.schema.hide);
    expect(undocumented.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const documented = (r: { method: string; url: string }) =>
      doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] !== undefined;
    expect(served.filter((r) => !documented(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('gives tus answers the request id, the security headers and no-store, and CORS for the site only', async () => {
    const created = await create(alice.cookie, 'headers.mp4', 10);
    // Over a real socket: tus writes the answer past Fastify.
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toMatch(/\S/);
    expect(created.headers.get('x-content-type-options')).toBe('nosniff');
    expect(created.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    // Gone again: the cases below count the upload folder's files.
    const removed = await fetch(base + String(created.headers.get('location')), {
      method: 'DELETE',
      headers: tusHeaders(alice.cookie),
    });
    expect(removed.status).toBe(204);
    expect(removed.headers.get('x-request-id')).toMatch(/\S/);
  });

  it('refuses guests: tus and video_edit.php answer 401', async () => {
    const res = await create(null, 'clip.mp4', 100);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('login_required');
    const edit = await submit(form({ upload_id: 'a'.repeat(32) }), undefined, '');
    expect(edit.status).toBe(401);
    expect(uploadFiles()).toEqual([]);
  });

  it('refuses a bad file name and a file over the limit before storing a byte', async () => {
    for (const name of ['clip name.mp4', 'видео.mp4', '../x.mp4', '']) {
      const res = await create(alice.cookie, name, 100);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'file_name_invalid',
        codes: [{ field: 'file', code: 'file_name_invalid' }],
      });
    }
    const big = await create(alice.cookie, 'big.mp4', TEST_MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect((await big.json()).code).toBe('file_too_large');
    expect(uploadFiles()).toEqual([]);
    expect(await count('uploads')).toBe(0);
  });

  it('keeps an upload to its owner: another member cannot HEAD, PATCH or DELETE it', async () => {
    const created = await create(alice.cookie, 'mine.mp4', 10);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/upload\/[a-f0-9]{32}$/);
    const head = await fetch(base + location, { method: 'HEAD', headers: tusHeaders(bob.cookie) });
    expect(head.status).toBe(403);
    expect((await patch(bob.cookie, location, 0, Buffer.alloc(10))).status).toBe(403);
    const del = await fetch(base + location, { method: 'DELETE', headers: tusHeaders(bob.cookie) });
    expect(del.status).toBe(403);
    const guest = await fetch(base + location, { method: 'HEAD', headers: tusHeaders(null) });
    expect(guest.status).toBe(401);
    // The owner cancels: file, metadata and row go.
    const own = await fetch(base + location, { method: 'DELETE', headers: tusHeaders(alice.cookie) });
    expect(own.status).toBe(204);
    expect(uploadFiles()).toEqual([]);
    expect(await count('uploads')).toBe(0);
  });

  it('resumes after the connection is cut half-way: HEAD gives the offset, the rest completes it', async () => {
    const body = files.long;
    const created = await create(alice.cookie, 'resume.mp4', body.length);
    const location = created.headers.get('location')!;
    const half = Math.floor(body.length / 2);
    const id = location.split('/').pop()!;
    // Bytes of the PATCH below on the server's disk: the cut comes once some were stored.
    const file = () => statSync(path.join(uploadDir(), id), { throwIfNoEntry: false });
    const stored = () => until('stored bytes', () => (file()?.size ?? 0) > 0);
    // Send the first half of a PATCH that announces the whole body, then cut the socket.
    await new Promise<void>((resolve) => {
      const req = http.request(base + location, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(alice.cookie),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(body.length),
        },
      });
      req.on('error', () => resolve());
      // Nothing stored in time: the cut comes anyway, and the offset wait below fails.
      req.write(
        body.subarray(0, half),
        () =>
          void stored().then(
            () => req.destroy(),
            () => req.destroy(),
          ),
      );
      req.on('close', () => resolve());
    });
    let offset = 0;
    await until('a stored offset', async () => {
      const head = await fetch(base + location, { method: 'HEAD', headers: tusHeaders(alice.cookie) });
      expect(head.status).toBe(200);
      offset = Number(head.headers.get('upload-offset'));
      return offset > 0;
    });
    expect(offset).toBeLessThanOrEqual(half);
    const rest = await patch(alice.cookie, location, offset, body.subarray(offset));
    expect(rest.status).toBe(204);
    expect(readFileSync(path.join(uploadDir(), id)).equals(body)).toBe(true);
    const res = await submit(form({ upload_id: id, title: 'Resumed pattern' }));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  }, 60_000);

  it('accepts a finished upload: one row, its categories, the source in storage, the job queued', async () => {
    const before = await count('videos');
    const id = await upload(files.long2, 'pattern2.mp4');
    const res = await submit(
      form({ upload_id: id, title: 'Second pattern, 1080p!', visibility: '1', preview: 'image' }),
      files.bigImage,
    );
    expect(res.status).toBe(200);
    const videoId = res.body.video_id as number;
    expect(await count('videos')).toBe(before + 1);
    const video = await t.database.handle.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      title: 'Second pattern, 1080p!',
      dir: 'second-pattern-1080p',
      status: 2,
      user_id: alice.id,
      is_private: true,
      duration: 610,
      width: 64,
      height: 36,
    });
    expect(video.content_hash).toMatch(/^[a-f0-9]{64}$/);
    const cats = await t.database.handle.db
      .selectFrom('video_categories')
      .select('category_id')
      .where('video_id', '=', videoId)
      .execute();
    expect(cats.map((c) => Number(c.category_id))).toEqual([categoryId]);
    const vf = await t.database.handle.db
      .selectFrom('video_files')
      .select(['kind', 'format', 'storage_key', 'width', 'height'])
      .where('video_id', '=', videoId)
      .orderBy('kind')
      .execute();
    expect(vf).toEqual([
      { kind: 'source', format: 'mp4', storage_key: `videos/${videoId}/source.mp4`, width: 64, height: 36 },
      {
        kind: 'thumb',
        format: 'chosen',
        storage_key: `videos/${videoId}/preview-chosen.jpg`,
        width: 1280,
        height: 720,
      },
    ]);
    expect((await t.services.storage.stat(`videos/${videoId}/source.mp4`))?.size).toBe(files.long2.length);
    expect(await t.services.storage.exists(`videos/${videoId}/preview-chosen.jpg`)).toBe(true);
    expect(await queuedVideoIds()).toContain(videoId);
    // The upload itself is gone.
    expect(uploadFiles().filter((f) => f.startsWith(id))).toEqual([]);
  }, 60_000);

  it('rejects a video under 10 minutes (6 for exclusive ones) and accepts 6:40 as exclusive', async () => {
    await expectRejected(files.short, {}, 'video_too_short');
    await expectRejected(files.mid, { exclusive: '0' }, 'video_too_short');
    const id = await upload(files.mid, 'exclusive.mp4');
    const ok = await submit(form({ upload_id: id, exclusive: '1', title: 'Exclusive bars' }));
    expect(ok.status).toBe(200);
  }, 60_000);

  it('rejects a damaged file (cut-off MP4) as file_damaged', async () => {
    await expectRejected(files.damaged, {}, 'file_damaged');
  }, 60_000);

  it('refuses a WAV or a PNG renamed .mp4 at its first chunk: nothing stored, the upload gone', async () => {
    for (const [body, name] of [
      [files.wav, 'tone.mp4'],
      [files.bigImage, 'picture.mp4'],
    ] as const) {
      const created = await create(alice.cookie, name, body.length);
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const id = location.split('/').pop()!;
      const res = await patch(alice.cookie, location, 0, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'file_type_not_allowed',
        codes: [{ field: 'file', code: 'file_type_not_allowed' }],
      });
      expect(uploadFiles().filter((f) => f.startsWith(id))).toEqual([]);
      const rows = await t.database.handle.db
        .selectFrom('uploads')
        .where('id', '=', id)
        .select('id')
        .execute();
      expect(rows).toEqual([]);
      const head = await fetch(base + location, { method: 'HEAD', headers: tusHeaders(alice.cookie) });
      expect(head.status).toBe(404);
    }
  }, 60_000);

  it('refuses a name with a disallowed extension when the upload is created, before any byte', async () => {
    const before = await count('uploads');
    for (const name of ['setup.exe', 'song.mp3', 'photo.PNG']) {
      const res = await create(alice.cookie, name, 1000);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'file_type_not_allowed',
        codes: [{ field: 'file', code: 'file_type_not_allowed' }],
      });
    }
    expect(await count('uploads')).toBe(before);
    // Upper case and no extension are fine: judged by content.
    for (const name of ['CLIP.MP4', 'clip']) {
      const res = await create(alice.cookie, name, 1000);
      expect(res.status).toBe(201);
      const gone = await fetch(base + res.headers.get('location'), {
        method: 'DELETE',
        headers: tusHeaders(alice.cookie),
      });
      expect(gone.status).toBe(204);
    }
  });

  it('calls random bytes named .mp4 a damaged file, not another type', async () => {
    const noise = Buffer.from(new Uint8Array(64 * 1024).map((_, i) => (i * 197 + 89) % 251));
    await expectRejected(noise, {}, 'file_damaged', 'noise.mp4');
  }, 60_000);

  it('rejects the same video twice as duplicate_video', async () => {
    const first = await upload(files.long, 'again.mp4');
    // files.long went through in the resume test; this is its second copy.
    const res = await submit(form({ upload_id: first, title: 'Same pattern again' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('duplicate_video');
    expect(uploadFiles().filter((f) => f.startsWith(first))).toEqual([]);
  }, 60_000);

  it('checks the form before the file and keeps the upload so the form can be sent again', async () => {
    const id = await upload(files.long3, 'bars.mkv');
    const missing = await submit({ upload_id: id });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'required', error: 'This field is required' });
    expect(missing.body.codes).toEqual(
      expect.arrayContaining([
        { field: 'title', code: 'required' },
        { field: 'categories', code: 'required' },
        { field: 'preview', code: 'preview_not_chosen' },
      ]),
    );
    const tooMany = await submit(form({ upload_id: id, 'categories[]': ['1', '2', '3', '4'] }));
    expect(tooMany.body.codes).toEqual([{ field: 'categories', code: 'categories_count' }]);
    const noImage = await submit(form({ upload_id: id, preview: 'image' }));
    expect(noImage.body.codes).toEqual([{ field: 'preview_image', code: 'preview_not_chosen' }]);
    const small = await submit(form({ upload_id: id, preview: 'image' }), files.smallImage);
    expect(small.body.codes).toEqual([{ field: 'preview_image', code: 'image_too_small' }]);
    const broken = await submit(
      form({ upload_id: id, preview: 'image' }),
      Buffer.from('not an image at all'),
    );
    expect(broken.body).toMatchObject({
      error: 'Error uploading preview',
      codes: [{ field: 'preview_image', code: 'preview_upload_error' }],
    });
    const foreign = await submit(form({ upload_id: id }), undefined, bob.cookie);
    expect(foreign.body.codes).toEqual([{ field: 'file', code: 'upload_not_found' }]);
    expect(uploadFiles()).toContain(id);
    await expect(count('uploads')).resolves.toBe(1);
    // Fixed: the same upload goes through.
    const ok = await submit(form({ upload_id: id, title: 'Bars in Matroska' }));
    expect(ok.status).toBe(200);
    const source = await t.database.handle.db
      .selectFrom('video_files')
      .select('format')
      .where('video_id', '=', ok.body.video_id as number)
      .where('kind', '=', 'source')
      .executeTakeFirstOrThrow();
    expect(source.format).toBe('mkv');
  }, 60_000);

  it('imports a link through the same checks, and refuses private addresses unless allowed', async () => {
    // Accepted at once; the link.import job (run here by hand) downloads and checks it: a failure
    // rejects the video with the check's code as its reason.
    const imported = async (link: string) => {
      const accepted = await submit(form({ link }));
      expect(accepted).toMatchObject({ status: 200, body: { ok: true, importing: true } });
      const videoId = accepted.body.video_id as number;
      await t.services.uploads.runImport(videoId);
      return t.database.handle.db
        .selectFrom('videos')
        .select(['status', 'reject_reason'])
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
    };
    // long3 is already in the catalogue (previous test): through a link it is a duplicate.
    expect(await imported(`${linkBase}/long3.mkv`)).toEqual({ status: 4, reject_reason: 'duplicate_video' });
    expect(await imported(`${linkBase}/short.mp4`)).toEqual({ status: 4, reject_reason: 'video_too_short' });
    expect(await imported(`${linkBase}/big.mp4`)).toEqual({ status: 4, reject_reason: 'file_too_large' });
    expect(await imported(`${linkBase}/nothing.mp4`)).toEqual({ status: 4, reject_reason: 'link_failed' });
    const bad = await submit(form({ link: 'ftp://example.com/a.mp4' }));
    expect(bad.body.codes).toEqual([{ field: 'link', code: 'invalid' }]);
    expect(uploadFiles()).toEqual([]);
    expect(isBlockedAddress('127.0.0.1')).toBe(true);
    expect(isBlockedAddress('10.1.2.3')).toBe(true);
    expect(isBlockedAddress('169.254.169.254')).toBe(true);
    expect(isBlockedAddress('::1')).toBe(true);
    expect(isBlockedAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isBlockedAddress('fe80::1')).toBe(true);
    expect(isBlockedAddress('93.184.216.34')).toBe(false);
  }, 60_000);

  it('refuses loopback links when private addresses are not allowed', async () => {
    const strict = await createTestApp(kind, { ssr: false });
    try {
      const user = await insertUser(strict.database.handle.db, 'carol_uploader');
      const token = await strict.services.accounts.startSession(Number(user.id), {
        ip: '127.0.0.1',
        userAgent: null,
      });
      const cat = (await insertCategories(strict.database.handle.db, ['bars'])).get('bars')!;
      for (const link of [`${linkBase}/long3.mkv`, `http://localhost:${new URL(linkBase).port}/long3.mkv`]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/video_edit.php',
          headers: {
            origin: ORIGIN,
            cookie: `sid=${token}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({ ...form({}), 'categories[]': String(cat), link } as Record<
            string,
            string
          >).toString(),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'link_not_allowed',
          codes: [{ field: 'link', code: 'link_not_allowed' }],
        });
      }
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('refuses to submit an unfinished upload and keeps it for resuming', async () => {
    const created = await create(alice.cookie, 'partial.mp4', 1000);
    const location = created.headers.get('location')!;
    expect((await patch(alice.cookie, location, 0, Buffer.alloc(400))).status).toBe(204);
    const id = location.split('/').pop()!;
    const res = await submit(form({ upload_id: id }));
    expect(res.body.codes).toEqual([{ field: 'file', code: 'upload_incomplete' }]);
    expect(uploadFiles()).toContain(id);
    await fetch(base + location, { method: 'DELETE', headers: tusHeaders(alice.cookie) });
  });

  it('removes uploads older than a day, finished or not', async () => {
    const id = await upload(files.short, 'old.mp4');
    await t.database.handle.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await t.services.uploads.cleanExpired()).toBe(1);
    expect(uploadFiles().filter((f) => f.startsWith(id))).toEqual([]);
    const head = await fetch(`${base}/api/upload/${id}`, {
      method: 'HEAD',
      headers: tusHeaders(alice.cookie),
    });
    expect(head.status).toBe(404);
  });
});
