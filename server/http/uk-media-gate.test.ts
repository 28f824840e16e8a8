// Issue 34, item 3: the UK gate was only an overlay. A guest from gb got the player's MP4 URLs in the
// video page and /media/ served them (206). Now, while the gate covers a visitor (gb, a guest or a member
// without age_verified), the video page, the embed and /api/videofile.php carry no URL of a moving
// picture, and /media/ (and the download) refuse those files with 403; posters, stills and the timeline
// index stay open. An age-verified member from gb and visitors from elsewhere are served as before. A
// page the gate does not cover for its referrer or promo query gives its player a pass for its video.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createSignedInUser, type SignedInUser, startSession } from '../test/roles.ts';

const HOST = 'tube.test';
const GB = { 'cf-ipcountry': 'GB' };
const JP = { 'cf-ipcountry': 'JP' };
const FROM_PARTNER = { ...GB, referer: 'https://partner.example/list/' };
/** Anything that names a moving picture: a rendition, an HLS playlist or segment, a preview clip. */
const MOVING = /\.(mp4|m3u8|ts|m4s)\b/;
const PASS = /[1-9]\d*\.\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{24}/;

describe('the UK gate over the video files', () => {
  let t: TestApp;
  let id = 0;
  let other = 0;
  let dir = '';
  let verified: SignedInUser;
  let unverified: SignedInUser;
  let moderator: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { COUNTRY_HEADER: 'cf-ipcountry', AGE_GATE_COUNTRIES: 'de' } });
    const db = t.database.handle.db;
    const addVideo = async (title: string, slug: string) => {
      const at = new Date(Date.now() - 3_600_000);
      const row = await db
        .insertInto('videos')
        .values({
          dir: slug,
          title,
          description: `About ${title}`,
          status: 1,
          duration: 2000,
          width: 426,
          height: 240,
          post_date: at,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'dir'])
        .executeTakeFirstOrThrow();
      const prefix = `videos/${row.id}`;
      const files: [string, string, string][] = [
        ['240p.mp4', 'video/mp4', 'mp4'],
        ['hls/master.m3u8', 'application/vnd.apple.mpegurl', 'hls'],
        ['hls/240p/index.m3u8', 'application/vnd.apple.mpegurl', ''],
        ['hls/240p/seg-0.ts', 'video/mp2t', ''],
        ['preview.mp4', 'video/mp4', 'preview'],
        ['poster.jpg', 'image/jpeg', 'poster'],
        ['sprites/1.jpg', 'image/jpeg', ''],
        [`${row.id}.10.5.vtt`, 'text/vtt', 'vtt'],
      ];
      for (const [name, mime] of files) {
        const body = Readable.from([Buffer.alloc(4096, 7)]);
        await t.services.storage.putStream(`${prefix}/${name}`, body, { contentType: mime });
      }
      await db
        .insertInto('video_files')
        .values(
          files
            .filter(([, , kind]) => kind !== '')
            .map(([name, mime, kind]) => ({
              video_id: row.id,
              kind: kind as 'mp4',
              format: kind === 'mp4' ? '240p' : kind === 'hls' ? 'master' : '',
              storage_key: `${prefix}/${name}`,
              mime,
              ...(kind === 'mp4' ? { width: 426, height: 240, size_bytes: 4096 } : {}),
            })),
        )
        .execute();
      return row;
    };
    const video = await addVideo('Gate Test Clip', 'gate-test-clip');
    id = video.id;
    dir = video.dir;
    other = (await addVideo('Other Gate Clip', 'other-gate-clip')).id;

    unverified = await createSignedInUser(t, 'uk_unverified');
    moderator = await createSignedInUser(t, 'uk_staff', 'moderator');
    const account = await t.services.accounts.createUser({
      username: 'uk_verified',
      email: 'uk_verified@example.com',
      password: 'secret-pass1',
      role: 'member',
    });
    await db.updateTable('users').set({ age_verified: true }).where('id', '=', account.user_id).execute();
    const sid = await startSession(t, account.user_id);
    verified = { ...unverified, userId: account.user_id, username: 'uk_verified', sid, cookie: `sid=${sid}` };
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
  const as = (user: SignedInUser, country = GB) => ({ ...country, cookie: user.cookie });
  const videoPage = () => `/video/${id}/${dir}/`;
  const embedPage = () => `/embed/${id}/${dir}/`;
  const media = (name: string) => `/media/videos/${id}/${name}`;
  const videofile = (pass?: string) =>
    `/api/videofile.php?video_id=${id}${pass ? `&pass=${encodeURIComponent(pass)}` : ''}`;

  describe('a guest from gb', () => {
    it('gets a video page and an embed without a URL of a moving picture (the poster stays)', async () => {
      const page = await get(videoPage(), GB);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/data-uk-gate=/);
      expect(page.body).not.toMatch(MOVING);
      expect(page.body).toContain(media('poster.jpg'));
      expect(page.body).not.toMatch(PASS);

      const embed = await get(embedPage(), GB);
      expect(embed.statusCode).toBe(200);
      expect(embed.body).not.toMatch(MOVING);
      expect(embed.body).toContain('Age verification required');
    });

    it('gets 403 age_verification_required from the file list, never cached', async () => {
      const res = await get(videofile(), GB);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'age_verification_required', codes: [] });
      expect(res.headers['cache-control']).toBe('private, no-store');
      // An unknown video is still a 404.
      expect((await get('/api/videofile.php?video_id=999999', GB)).statusCode).toBe(404);
    });

    it('is refused the renditions, HLS and previews; posters, sprites and the VTT stay open', async () => {
      for (const name of ['240p.mp4', 'hls/master.m3u8', 'hls/240p/seg-0.ts', 'preview.mp4']) {
        const res = await get(media(name), { ...GB, range: 'bytes=0-99' });
        expect(res.statusCode, name).toBe(403);
        expect(res.json().code).toBe('age_verification_required');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      for (const name of ['poster.jpg', 'sprites/1.jpg', `${id}.10.5.vtt`]) {
        expect((await get(media(name), GB)).statusCode, name).toBe(200);
      }
    });

    it('is refused a forged, foreign or expired-looking pass', async () => {
      const page = await get(videoPage(), FROM_PARTNER);
      const pass = PASS.exec(page.body)?.[0] ?? '';
      const forged = `${pass.slice(0, -3)}AAA`;
      expect((await get(videofile(forged), GB)).statusCode).toBe(403);
      expect((await get(`/media/~${forged}/videos/${id}/240p.mp4`, GB)).statusCode).toBe(403);
      // A pass of this video opens none of another video's files, nor its file list.
      expect((await get(`/media/~${pass}/videos/${other}/240p.mp4`, GB)).statusCode).toBe(403);
      expect((await get(`/api/videofile.php?video_id=${other}&pass=${pass}`, GB)).statusCode).toBe(403);
    });
  });

  describe('a page the UK gate does not cover (another site, a promo query)', () => {
    it('gives the player a pass: the file list and its files, never to a shared cache', async () => {
      for (const [url, headers] of [
        [videoPage(), FROM_PARTNER],
        [`${videoPage()}?utm_source=partner`, GB],
        [embedPage(), FROM_PARTNER],
      ] as const) {
        const page = await get(url, headers);
        expect(page.statusCode).toBe(200);
        expect(page.body, url).not.toMatch(/data-uk-gate=/);
        // The page itself names no file (downloads, previews): only the player asks, with its pass.
        expect(page.body, url).not.toMatch(MOVING);
        const pass = PASS.exec(page.body)?.[0];
        expect(pass, url).toBeDefined();

        const list = await get(videofile(pass), GB);
        expect(list.statusCode).toBe(200);
        expect(list.headers['cache-control']).toBe('private, no-store');
        const body = list.json();
        expect(body.sources[0].video_url).toBe(`/media/~${pass}/videos/${id}/240p.mp4`);
        expect(body.hls_url).toBe(`/media/~${pass}/videos/${id}/hls/master.m3u8`);
        expect(body.poster).toBe(media('poster.jpg'));

        const file = await get(body.sources[0].video_url, { ...GB, range: 'bytes=0-99' });
        expect(file.statusCode).toBe(206);
        expect(file.headers['cache-control']).toBe('private, no-store');
        // HLS playlists name their segments relatively: the pass stays in the path.
        const segment = new URL('240p/seg-0.ts', `http://${HOST}${body.hls_url}`).pathname;
        expect((await get(segment, GB)).statusCode).toBe(200);
      }
    });
  });

  describe('a member from gb', () => {
    it('without age_verified: no files, no file list, no media, no download', async () => {
      const page = await get(videoPage(), as(unverified));
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(MOVING);
      expect((await get(videofile(), as(unverified))).statusCode).toBe(403);
      expect((await get(media('240p.mp4'), as(unverified))).statusCode).toBe(403);
      const download = await get(`/api/download.php?video_id=${id}&format=240p`, as(unverified));
      expect(download.statusCode).toBe(403);
      expect(download.json().code).toBe('age_verification_required');
    });

    it('age verified: the page carries the files and /media/ serves them', async () => {
      const page = await get(videoPage(), as(verified));
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/data-uk-gate=/);
      expect(page.body).toContain(media('240p.mp4'));
      const list = await get(videofile(), as(verified));
      expect(list.statusCode).toBe(200);
      expect(list.json().sources[0].video_url).toBe(media('240p.mp4'));
      const file = await get(media('240p.mp4'), { ...as(verified), range: 'bytes=0-99' });
      expect(file.statusCode).toBe(206);
      expect((await get(media('hls/240p/seg-0.ts'), as(verified))).statusCode).toBe(200);
      const download = await get(`/api/download.php?video_id=${id}&format=240p`, as(verified));
      expect(download.statusCode).toBe(200);
    });

    it('staff are not covered: the console’s players need the files', async () => {
      expect((await get(media('240p.mp4'), as(moderator))).statusCode).toBe(200);
      expect((await get(videofile(), as(moderator))).statusCode).toBe(200);
    });
  });

  describe('a guest from elsewhere', () => {
    it('is served as before: page with the files, a public file list, 206 from /media/', async () => {
      const page = await get(videoPage(), JP);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(media('240p.mp4'));
      const list = await get(videofile(), JP);
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toMatch(/^public/);
      const file = await get(media('240p.mp4'), { ...JP, range: 'bytes=0-99' });
      expect(file.statusCode).toBe(206);
      expect(file.headers['cache-control']).toContain('immutable');
      // No country known (no header, a loopback address): not gb, so not covered.
      expect((await get(media('preview.mp4'))).statusCode).toBe(200);
    });
  });

  it('the guest page cache never hands the ungated page to a guest from gb, nor the other way', async () => {
    const url = `${videoPage()}?cache-probe=1`;
    const first = await get(url, JP);
    expect(first.body).toContain(media('240p.mp4'));
    expect((await get(url, GB)).body).not.toMatch(MOVING);
    expect((await get(url, JP)).body).toContain(media('240p.mp4'));
    const referred = await get(url, FROM_PARTNER);
    expect(referred.body).not.toMatch(MOVING);
    expect(referred.body).toMatch(PASS);
    // The gated page (no pass) and the referred one (a pass) stay apart too.
    expect((await get(url, GB)).body).not.toMatch(PASS);
  });
});
