// /api/videofile.php on both databases: the player's file list pinned against fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEOFILE_LIFETIME, videoFileResponseSchema } from '../../contract/videofile.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';

const S3_ENV = {
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_BUCKET: 'media',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe.each(databaseKinds())('/api/videofile.php on %s', (kind) => {
  let t: TestApp;
  let plain: number;
  let full: number;
  const hidden: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    const db = t.database.handle.db;
    plain = (await insertVideo(db, { title: 'Plain clip', duration: 75 })).id;
    full = (await insertVideo(db, { title: 'Full clip', duration: 2400, height: 720 })).id;
    await db
      .insertInto('video_files')
      .values([
        {
          video_id: full,
          kind: 'mp4',
          format: '1080p',
          storage_key: `videos/${full}/1080p.mp4`,
          mime: 'video/mp4',
          width: 1920,
          height: 1080,
          size_bytes: 9_000_000_000,
        },
        {
          video_id: full,
          kind: 'mp4',
          format: '240p',
          storage_key: `videos/${full}/240p.mp4`,
          mime: 'video/mp4',
          width: 426,
          height: 240,
          size_bytes: 1234,
        },
        {
          video_id: full,
          kind: 'hls',
          format: 'master',
          storage_key: `videos/${full}/hls/master.m3u8`,
          mime: 'application/vnd.apple.mpegurl',
        },
        {
          video_id: full,
          kind: 'hls',
          format: '720p',
          storage_key: `videos/${full}/hls/720p.m3u8`,
          mime: 'application/vnd.apple.mpegurl',
        },
        {
          video_id: full,
          kind: 'vtt',
          format: '',
          storage_key: `videos/${full}/timelines/${full}.240.10.vtt`,
          mime: 'text/vtt',
        },
        {
          video_id: full,
          kind: 'sprite',
          format: '0',
          storage_key: `videos/${full}/timelines/sprite_000.jpg`,
          mime: 'image/jpeg',
        },
        {
          video_id: full,
          kind: 'preview',
          format: '',
          storage_key: `videos/${full}/preview.mp4`,
          mime: 'video/mp4',
        },
        {
          video_id: full,
          kind: 'thumb',
          format: '1',
          storage_key: `videos/${full}/thumb-1.jpg`,
          mime: 'image/jpeg',
        },
      ])
      .execute();
    hidden.processing = (await insertVideo(db, { title: 'Processing', status: 2 })).id;
    hidden.moderation = (await insertVideo(db, { title: 'Waiting', status: 3 })).id;
    hidden.rejected = (await insertVideo(db, { title: 'Rejected', status: 4 })).id;
    hidden.unavailable = (await insertVideo(db, { title: 'Unavailable', status: 5 })).id;
    hidden.private = (await insertVideo(db, { title: 'Private', isPrivate: true })).id;
    hidden.deleted = (await insertVideo(db, { title: 'Deleted' })).id;
    await db.updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', hidden.deleted).execute();
  });
  afterAll(() => t.close());

  it('lists the poster and the one rendition of a plain video, cacheable for the player', async () => {
    const res = await t.app.inject(`/api/videofile.php?video_id=${plain}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${VIDEOFILE_LIFETIME}`);
    expect(res.headers['cache-control']).toBe('public, max-age=8640000');
    const body = res.json();
    expect(videoFileResponseSchema.strict().parse(body)).toEqual(body);
    expect(body).toEqual({
      video_id: plain,
      duration: 75,
      poster: `/media/fixture/${plain}/poster.jpg`,
      preview: null,
      sources: [
        {
          format: '480p',
          video_url: `/media/fixture/${plain}/480p.mp4`,
          mime: 'video/mp4',
          width: null,
          height: 480,
          size: 0,
        },
      ],
      hls_url: null,
      timelines_count: null,
      timelines_interval: null,
      timelines_vtt: null,
    });
  });

  it('lists every rendition highest first, the HLS master, the timelines and the preview', async () => {
    const res = await t.app.inject(`/api/videofile.php?video_id=${full}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(videoFileResponseSchema.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      video_id: full,
      duration: 2400,
      poster: `/media/fixture/${full}/poster.jpg`,
      preview: `/media/videos/${full}/preview.mp4`,
      hls_url: `/media/videos/${full}/hls/master.m3u8`,
      timelines_count: 240,
      timelines_interval: 10,
      timelines_vtt: `/media/videos/${full}/timelines/${full}.240.10.vtt`,
    });
    expect(body.sources).toEqual([
      {
        format: '1080p',
        video_url: `/media/videos/${full}/1080p.mp4`,
        mime: 'video/mp4',
        width: 1920,
        height: 1080,
        size: 9_000_000_000,
      },
      expect.objectContaining({ format: '720p', height: 720 }),
      expect.objectContaining({ format: '240p', height: 240, width: 426, size: 1234 }),
    ]);
  });

  it.each(['processing', 'moderation', 'rejected', 'unavailable', 'private', 'deleted'])(
    'answers 404 for a %s video',
    async (which) => {
      const res = await t.app.inject(`/api/videofile.php?video_id=${hidden[which]}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', code: 'not_found', codes: [] });
      expect(res.headers['cache-control']).toBeUndefined();
    },
  );

  it('answers 404 for an unknown video', async () => {
    const res = await t.app.inject('/api/videofile.php?video_id=987654321');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it.each([
    '',
    '?video_id=',
    '?video_id=abc',
    '?video_id=0',
    '?video_id=-3',
    '?video_id=1.5',
    '?video_id=01',
    '?video_id=1e3',
    '?video_id=99999999999999999999',
  ])('answers 400 to /api/videofile.php%s', async (query) => {
    const res = await t.app.inject(`/api/videofile.php${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid video_id',
      code: 'invalid_video_id',
      codes: [{ field: 'video_id', code: 'invalid' }],
    });
  });
});

describe('/api/videofile.php with S3 storage', () => {
  it('links to /media/ (which redirects to a fresh signed URL) when URLs are presigned', async () => {
    const t = await createTestApp('pglite', { ssr: false, env: S3_ENV });
    try {
      const { id } = await insertVideo(t.database.handle.db, { title: 'On S3' });
      const body = (await t.app.inject(`/api/videofile.php?video_id=${id}`)).json();
      expect(body.poster).toBe(`/media/fixture/${id}/poster.jpg`);
      expect(body.sources[0].video_url).toBe(`/media/fixture/${id}/480p.mp4`);
      const redirect = await t.app.inject(body.sources[0].video_url);
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toContain('X-Amz-Signature=');
    } finally {
      await t.close();
    }
  });

  it('links straight to S3_PUBLIC_URL when set', async () => {
    const t = await createTestApp('pglite', {
      ssr: false,
      env: { ...S3_ENV, S3_PUBLIC_URL: 'https://cdn.example.com/m' },
    });
    try {
      const { id } = await insertVideo(t.database.handle.db, { title: 'On a CDN' });
      const body = (await t.app.inject(`/api/videofile.php?video_id=${id}`)).json();
      expect(body.poster).toBe(`https://cdn.example.com/m/fixture/${id}/poster.jpg`);
      expect(body.sources[0].video_url).toBe(`https://cdn.example.com/m/fixture/${id}/480p.mp4`);
    } finally {
      await t.close();
    }
  });
});
