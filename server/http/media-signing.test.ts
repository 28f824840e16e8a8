// Hotlink protection (issue 32 part 4), over a real socket through the whole app: the player's file list
// hands out signed, expiring video URLs; a signed URL plays (ranges) before its expiry and answers 403
// after it (the test moves the server's signing clock, no waiting), as do a tampered token or key and
// the plain /media/{key}; an HLS playlist's relative segments ride the signed folder; pictures and the
// hover preview stay open; S3 (s3rver) redirects a signed URL to a presigned one that lives no longer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPath } from '../../contract/watch.ts';
import { createMediaSigner } from '../lib/media-signing.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const SECRET = 'test-media-signing-secret-0123456789abcdef';
const HOUR = 3600_000;

/** The app on a socket, with its signing clock in the test's hands. */
async function signedApp(env: Record<string, string> = {}) {
  const clock = { now: Date.now() };
  const t = await createTestApp('pglite', {
    ssr: false,
    env: { CATALOG_CACHE: 'off', MEDIA_SIGNING: 'true', MEDIA_SIGNING_SECRET: SECRET, ...env },
    mediaClock: () => clock.now,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, clock, base: address };
}

/** A listed video with an MP4, an HLS master, variant and segment, a preview and a poster (bytes only). */
async function putVideo(t: TestApp) {
  const db = t.database.handle.db;
  const { id } = await insertVideo(db, { title: 'Signed Test Clip', height: 480 });
  await db.deleteFrom('video_files').where('video_id', '=', id).execute();
  const files = {
    '480p.mp4': ['mp4', '480p', 'video/mp4', 'a'.repeat(1000)],
    'hls/master.m3u8': ['hls', 'master', 'application/vnd.apple.mpegurl', '#EXTM3U\n480p/index.m3u8\n'],
    'hls/480p/index.m3u8': [null, '', '', '#EXTM3U\n#EXTINF:2,\nseg-0.ts\n#EXT-X-ENDLIST\n'],
    'hls/480p/seg-0.ts': [null, '', '', 'segment'],
    'preview.mp4': ['preview', '', 'video/mp4', 'preview'],
    'poster.jpg': ['poster', '', 'image/jpeg', 'jpeg'],
  } as const;
  for (const [name, [kind, format, mime, body]] of Object.entries(files)) {
    const key = `videos/${id}/${name}`;
    await t.services.storage.putStream(key, Readable.from([Buffer.from(body)]), {
      contentType: mime || 'application/octet-stream',
    });
    if (kind) {
      await db
        .insertInto('video_files')
        .values({
          video_id: id,
          kind,
          format,
          storage_key: key,
          mime,
          height: 480,
          width: 854,
          size_bytes: 1,
        })
        .execute();
    }
  }
  return id;
}

describe('signed media URLs on local disk', () => {
  let t: TestApp;
  let clock: { now: number };
  let base = '';
  let id = 0;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(new URL(url, base), { headers });
  const fileList = async () => {
    const res = await get(`/api/videofile.php?video_id=${id}`);
    expect(res.status).toBe(200);
    return {
      cacheControl: res.headers.get('cache-control'),
      body: (await res.json()) as {
        sources: { video_url: string }[];
        hls_url: string;
        preview: string;
        poster: string;
      },
    };
  };

  beforeAll(async () => {
    ({ t, clock, base } = await signedApp());
    id = await putVideo(t);
  }, 180_000);
  afterAll(() => t.close());

  it('gives the player signed video URLs, kept by shared caches one bucket only', async () => {
    const { body, cacheControl } = await fileList();
    expect(cacheControl).toBe('public, max-age=3600');
    const mp4 = body.sources[0]?.video_url ?? '';
    expect(mp4).toMatch(new RegExp(`^/media/s/\\d+/[A-Za-z0-9_-]{22}/videos/${id}/480p\\.mp4$`));
    expect(body.hls_url).toMatch(/^\/media\/s\/\d+\/[A-Za-z0-9_-]{22}\/videos\/\d+\/hls\/master\.m3u8$/);
    // Pictures and the hover preview stay plain (cache-friendly; docs/decisions.md).
    expect(body.poster).toBe(`/media/videos/${id}/poster.jpg`);
    expect(body.preview).toBe(`/media/videos/${id}/preview.mp4`);
    // Expiry: at least the lifetime (6 h) ahead, rounded up to the hour; the same within the bucket.
    const expires = Number(mp4.split('/')[3]) * 1000;
    expect(expires - clock.now).toBeGreaterThanOrEqual(6 * HOUR);
    expect(expires - clock.now).toBeLessThanOrEqual(7 * HOUR);
    expect(expires % HOUR).toBe(0);
    expect((await fileList()).body.sources[0]?.video_url).toBe(mp4);
  });

  it('serves a signed URL with ranges until its expiry, then answers 403', async () => {
    const mp4 = (await fileList()).body.sources[0]?.video_url ?? '';
    const ok = await get(mp4, { range: 'bytes=0-9', origin: 'https://elsewhere.example' });
    expect(ok.status).toBe(206);
    expect(await ok.text()).toBe('a'.repeat(10));
    const expires = Number(mp4.split('/')[3]) * 1000;
    // No shared cache keeps the file past the URL's expiry.
    const left = expires / 1000 - Math.floor(clock.now / 1000);
    expect(ok.headers.get('cache-control')).toBe(`public, max-age=${left}`);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');

    const issuedAt = clock.now;
    try {
      clock.now = expires - 1000;
      expect((await get(mp4)).status).toBe(200);
      clock.now = expires;
      const late = await get(mp4);
      expect(late.status).toBe(403);
      expect(late.headers.get('cache-control')).toBe('private, no-store');
      expect(await late.json()).toMatchObject({ code: 'media_link_expired', codes: [] });
    } finally {
      clock.now = issuedAt;
    }
  });

  it('refuses a tampered token, expiry or key, and the plain URL of a video file', async () => {
    const mp4 = (await fileList()).body.sources[0]?.video_url ?? '';
    const [, , , expires = '', token = ''] = mp4.split('/');
    const flipped = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    const refused = async (url: string, code: string) => {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    };
    await refused(mp4.replace(token, flipped), 'media_link_invalid');
    // The same bytes spelt otherwise (a padding bit of the last character): only the canonical token.
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${token.slice(0, -1)}${B64[B64.indexOf(token.at(-1) ?? 'A') ^ 1]}`;
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(token, 'base64url'));
    await refused(mp4.replace(token, respelt), 'media_link_invalid');
    await refused(mp4.replace(`/${expires}/`, `/${Number(expires) + 3600}/`), 'media_link_invalid');
    await refused(mp4.replace(`/${token}/`, '/short/'), 'media_link_invalid');
    const other = (await insertVideo(t.database.handle.db, { title: 'Other Signed Clip' })).id;
    await t.services.storage.putStream(`videos/${other}/480p.mp4`, Readable.from([Buffer.from('b')]), {
      contentType: 'video/mp4',
    });
    await refused(mp4.replace(`/videos/${id}/`, `/videos/${other}/`), 'media_link_invalid');
    await refused(`/media/videos/${id}/480p.mp4`, 'media_link_required');
    await refused(`/media/videos/${id}/hls/master.m3u8`, 'media_link_required');
    // Not a 500 for garbage in the signed form.
    expect((await get('/media/s/99999999999999999999/x/videos/1/480p.mp4')).status).toBe(403);
    // Pictures and the preview need nothing.
    expect((await get(`/media/videos/${id}/poster.jpg`)).status).toBe(200);
    expect((await get(`/media/videos/${id}/preview.mp4`)).status).toBe(200);
  });

  it('opens the playlist’s relative variants and segments under the signed folder', async () => {
    const master = (await fileList()).body.hls_url;
    const playlist = await get(master);
    expect(playlist.status).toBe(200);
    const variant = new URL((await playlist.text()).split('\n')[1] ?? '', new URL(master, base));
    const index = await get(variant.href);
    expect(index.status).toBe(200);
    const segment = new URL('seg-0.ts', variant);
    const seg = await get(segment.href);
    expect(seg.status).toBe(200);
    expect(await seg.text()).toBe('segment');
  });

  it('answers many parallel signed requests alike (no shared state to race)', async () => {
    const mp4 = (await fileList()).body.sources[0]?.video_url ?? '';
    const codes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        get(i % 2 ? mp4 : mp4.replace('/s/', '/s/1')).then((r) => r.status),
      ),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 403)).toHaveLength(20);
  });
});

describe('members’ download links', () => {
  let t: TestApp;
  let clock: { now: number };
  let base = '';
  let id = 0;
  let member: SignedInUser;
  let other: SignedInUser;
  const get = (url: string, cookie?: string) =>
    fetch(new URL(url, base), { redirect: 'manual', headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    ({ t, clock, base } = await signedApp());
    id = await putVideo(t);
    member = await createSignedInUser(t, 'signed_downloader');
    other = await createSignedInUser(t, 'other_downloader');
  }, 180_000);
  afterAll(() => t.close());

  it('redirects a member to their own short-lived signed link, refused to anyone else and after it', async () => {
    expect((await get(downloadPath(id, '480p'))).status).toBe(401);
    const first = await get(downloadPath(id, '480p'), member.cookie);
    expect(first.status).toBe(302);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const link = first.headers.get('location') ?? '';
    const query = new URL(link, base).searchParams;
    expect(query.get('video_id')).toBe(String(id));
    expect(Number(query.get('expires')) - clock.now / 1000).toBeLessThanOrEqual(600);

    const file = await get(link, member.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(await file.text()).toBe('a'.repeat(1000));

    const code = async (url: string, cookie?: string) => {
      const res = await get(url, cookie);
      return res.status === 403 ? ((await res.json()) as { code: string }).code : res.status;
    };
    expect(await code(link, other.cookie)).toBe('media_link_invalid');
    expect(await code(link.replace('format=480p', 'format=720p'), member.cookie)).toBe('media_link_invalid');
    const token = query.get('token') ?? '';
    expect(
      await code(link.replace(token, `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`), member.cookie),
    ).toBe('media_link_invalid');
    expect(await code(link, undefined)).toBe(401);
    const now = clock.now;
    try {
      clock.now = Number(query.get('expires')) * 1000;
      expect(await code(link, member.cookie)).toBe('media_link_expired');
    } finally {
      clock.now = now;
    }
  });
});

describe('MEDIA_SIGNING=false', () => {
  it('hands out and serves plain URLs, and still serves an old signed one', {
    timeout: 180_000,
  }, async () => {
    const t = await createTestApp('pglite', {
      ssr: false,
      env: { CATALOG_CACHE: 'off', MEDIA_SIGNING: 'false' },
    });
    try {
      const id = await putVideo(t);
      const list = await t.app.inject(`/api/videofile.php?video_id=${id}`);
      expect(list.json().sources[0].video_url).toBe(`/media/videos/${id}/480p.mp4`);
      expect(list.headers['cache-control']).toBe('public, max-age=8640000');
      expect((await t.app.inject(`/media/videos/${id}/480p.mp4`)).statusCode).toBe(200);
      const signer = createMediaSigner({ enabled: true, secret: SECRET, lifetimeSeconds: 60 });
      expect((await t.app.inject(await signer.signedPath(`videos/${id}/480p.mp4`))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('signed media URLs on S3 (s3rver)', () => {
  let directory: string;
  let server: S3rver;
  let app: Awaited<ReturnType<typeof signedApp>>;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tube-s3rver-signing-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    const { port } = await server.run();
    app = await signedApp({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }, 180_000);
  afterAll(async () => {
    await app?.t.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('redirects a signed URL to a presigned one, and refuses it after its expiry', async () => {
    const id = await putVideo(app.t);
    const list = await fetch(new URL(`/api/videofile.php?video_id=${id}`, app.base));
    const mp4 = ((await list.json()) as { sources: { video_url: string }[] }).sources[0]?.video_url ?? '';
    expect(mp4.startsWith('/media/s/')).toBe(true);
    const res = await fetch(new URL(mp4, app.base), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location).toContain('X-Amz-Signature=');
    const expires = Number(mp4.split('/')[3]);
    const left = expires - Math.floor(app.clock.now / 1000);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe(String(left));
    const file = await fetch(location, { headers: { range: 'bytes=0-4' } });
    expect(file.status).toBe(206);
    expect(await file.text()).toBe('aaaaa');
    expect(
      (await fetch(new URL(`/media/videos/${id}/480p.mp4`, app.base), { redirect: 'manual' })).status,
    ).toBe(403);
    app.clock.now = expires * 1000 + 1;
    expect((await fetch(new URL(mp4, app.base), { redirect: 'manual' })).status).toBe(403);
  });
});
