// Issue 29: every text answer compressed for a client that asks — the read calls' stored answers and
// the front door's hits (a variant made once per stored body), pages as they render — and none when
// COMPRESSION=false. Real HTTP, raw bytes (fetch would decompress them).
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createSignedInUser } from '../test/roles.ts';
import { pickEncoding } from './compression.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const plain = (raw: Raw) => {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body);
  if (encoding === 'gzip') return gunzipSync(raw.body);
  return raw.body;
};

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(pickEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity;q=1, *;q=0')).toBeNull();
    expect(pickEncoding('brotli')).toBeNull();
  });
});

describe('compressed answers (PGlite, COMPRESSION on)', () => {
  let t: TestApp;
  let base: string;
  let video: { id: number; dir: string };
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { COMPRESSION: 'true' } });
    for (let i = 0; i < 30; i++) {
      const row = await insertVideo(t.database.handle.db, { title: `Compressed Pattern ${i}`, views: i });
      video = { id: Number(row.id), dir: row.dir };
    }
    cookie = (await createSignedInUser(t, 'zip_member')).cookie;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const call = videos2Path({ gender: 'str', sort: 'latest-updates', count: 24, section: 'videos', page: 1 });

  it('sends a stored read answer and its front-door hits in br or gzip, the same JSON as plain', async () => {
    const identity = await get(base, call);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    // Made as the answer entered the cache: the first compressed answer and the hits are the same bytes.
    const br = await get(base, call, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const brHit = await get(base, call, { 'accept-encoding': 'br' });
    expect(brHit.body.equals(br.body)).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    expect(plain(br).equals(identity.body)).toBe(true);
    const gz = await get(base, call, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain(gz).equals(identity.body)).toBe(true);
  });

  it("compresses a guest's page as it renders and then from the page cache", async () => {
    const path = `/video/${video.id}/${video.dir}/`;
    const first = await get(base, path, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(plain(first).toString()).toContain('Compressed Pattern');
    // The front door's hit: the bytes the render's caller got.
    const again = await get(base, path, { 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(first.body)).toBe(true);
    const hit = await get(base, '/', { 'accept-encoding': 'gzip' });
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.headers.vary).toMatch(/accept-encoding/i);
    const home = plain(hit).toString();
    expect(home).toContain('</html>');
    const identity = await get(base, '/');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(hit.body.length * 3);
  });

  it("compresses a member's page and a member's lifetime-0 answer", async () => {
    const page = await get(base, '/videos/latest-updates/1/', { cookie, 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(plain(page).toString()).toContain('Compressed Pattern');
    const history = videos2Path({
      lifetime: 0,
      gender: 'str',
      sort: 'latest-updates',
      count: 60,
      section: 'videos',
      page: 1,
    });
    const own = await get(base, history, { cookie, 'accept-encoding': 'gzip' });
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(plain(own).toString()).videos.length).toBeGreaterThan(0);
  });
});

describe('COMPRESSION=false', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { COMPRESSION: 'false' } });
    for (let i = 0; i < 30; i++) await insertVideo(t.database.handle.db, { title: `Plain Pattern ${i}` });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('leaves every answer plain for a proxy to compress', async () => {
    const call = videos2Path({
      gender: 'str',
      sort: 'latest-updates',
      count: 24,
      section: 'videos',
      page: 1,
    });
    for (let i = 0; i < 3; i++) {
      for (const path of [call, '/', '/videos/latest-updates/1/']) {
        const raw = await get(base, path, { 'accept-encoding': 'gzip, br' });
        expect([path, raw.status, raw.headers['content-encoding']]).toEqual([path, 200, undefined]);
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
});
