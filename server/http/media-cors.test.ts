// Issue 34, item 13 (CORS): a player on another origin could not load the site's media (MP4 ranges,
// HLS playlists and segments): /media/ sent no CORS headers and OPTIONS was a 404. Public files now say
// `Access-Control-Allow-Origin: *` and expose the range headers, and the preflight of a Range request
// is answered. A restricted file (an unlisted video's, for its owner) gets no CORS header; refusals
// (404, the UK gate's 403) keep theirs, so that the player can tell why. Over a real socket, through the
// whole app (its hooks see OPTIONS too).
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'https://player.example';
const EXPOSED = 'Content-Length, Content-Range, Accept-Ranges';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('CORS of /media/ over HTTP', () => {
  let t: TestApp;
  let port = 0;
  let listed = 0;
  let hidden = 0;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      ssr: false,
      env: { CATALOG_CACHE: 'off', COUNTRY_HEADER: 'cf-ipcountry', AGE_GATE_COUNTRIES: 'de' },
    });
    const db = t.database.handle.db;
    owner = await createSignedInUser(t, 'cors_owner');
    listed = (await insertVideo(db, { title: 'Cors Listed Clip' })).id;
    hidden = (await insertVideo(db, { title: 'Cors Private Clip', isPrivate: true })).id;
    await db.updateTable('videos').set({ user_id: owner.userId }).where('id', '=', hidden).execute();
    for (const id of [listed, hidden]) {
      for (const [name, type] of [
        ['480p.mp4', 'video/mp4'],
        ['hls/master.m3u8', 'application/vnd.apple.mpegurl'],
      ] as const) {
        await t.services.storage.putStream(`videos/${id}/${name}`, Readable.from([Buffer.alloc(1000, 7)]), {
          contentType: type,
        });
      }
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  const media = (id: number, name: string) => `/media/videos/${id}/${name}`;

  it('answers a cross-origin range GET with 206 and the CORS headers', async () => {
    const res = await send('GET', media(listed, '480p.mp4'), { origin: ORIGIN, range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-99/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toBe(EXPOSED);
    // No credentials are honoured across origins.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('serves an HLS playlist and a HEAD with them too', async () => {
    const playlist = await send('GET', media(listed, 'hls/master.m3u8'), { origin: ORIGIN });
    expect(playlist.status).toBe(200);
    expect(playlist.headers['access-control-allow-origin']).toBe('*');
    const head = await send('HEAD', media(listed, '480p.mp4'), { origin: ORIGIN });
    expect(head.status).toBe(200);
    expect(head.headers['access-control-allow-origin']).toBe('*');
    expect(head.headers['access-control-expose-headers']).toBe(EXPOSED);
  });

  it('answers the preflight of a Range request with 204 and the allow headers', async () => {
    const res = await send('OPTIONS', media(listed, '480p.mp4'), {
      origin: ORIGIN,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'range',
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(res.headers['access-control-allow-headers']).toBe('Range');
    expect(res.headers['access-control-max-age']).toBe('86400');
    // The same answer for any key: the preflight tells nothing about which files exist.
    const other = await send('OPTIONS', '/media/videos/999999/480p.mp4', { origin: ORIGIN });
    expect(other.status).toBe(204);
    expect(other.headers['access-control-allow-headers']).toBe('Range');
  });

  it("gives a private video's files to their owner without CORS, and a stranger the plain 404", async () => {
    const mine = await send('GET', media(hidden, '480p.mp4'), {
      origin: ORIGIN,
      range: 'bytes=0-9',
      cookie: owner.cookie,
    });
    expect(mine.status).toBe(206);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['access-control-allow-origin']).toBeUndefined();
    expect(mine.headers['access-control-expose-headers']).toBeUndefined();
    // A stranger's 404 is the one a missing file gets: whether the video exists is not told.
    const stranger = await send('GET', media(hidden, '480p.mp4'), { origin: ORIGIN });
    const missing = await send('GET', '/media/videos/999999/480p.mp4', { origin: ORIGIN });
    expect(stranger.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(stranger.headers['access-control-allow-origin']).toBe('*');
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect(stranger.body).toBe(missing.body);
  });

  it("keeps the UK gate: a guest from gb gets the 403, readable by the other origin's player", async () => {
    const res = await send('GET', media(listed, '480p.mp4'), {
      origin: ORIGIN,
      range: 'bytes=0-99',
      'cf-ipcountry': 'GB',
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'age_verification_required' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
