import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import { createFrontDoor } from './front-door.ts';

describe('front door (unit)', () => {
  it('answers only GETs under /api/ that a source has, and only once ready', async () => {
    let ready = false;
    const door = createFrontDoor({ ready: () => ready });
    const hits: string[] = [];
    door.use(({ url }) =>
      url === '/api/x'
        ? { body: Buffer.from('{"a":1}'), headers: ['x-from', 'door'], onHit: () => hits.push(url) }
        : undefined,
    );
    let fallthrough = 0;
    const server = door.serverFactory(
      (_req, res) => {
        fallthrough += 1;
        res.end('app');
      },
      { keepAliveTimeout: 30_000 },
    );
    expect(server.keepAliveTimeout).toBe(30_000);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    try {
      expect(await (await fetch(`${base}/api/x`)).text()).toBe('app'); // not ready yet
      ready = true;
      const hit = await fetch(`${base}/api/x`);
      expect(await hit.text()).toBe('{"a":1}');
      expect(hit.headers.get('x-from')).toBe('door');
      expect(hit.headers.get('content-length')).toBe('7');
      expect(hits).toEqual(['/api/x']);
      expect(await (await fetch(`${base}/api/y`)).text()).toBe('app');
      expect(await (await fetch(`${base}/api/x`, { method: 'POST', body: 'a' })).text()).toBe('app');
      expect((await fetch(`${base}/api/x`, { method: 'HEAD' })).headers.get('x-from')).toBeNull();
      expect(fallthrough).toBe(4);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('front door in the app (real HTTP)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
    await seedCatalogueFixture(t.database.handle.db);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const headersOf = (response: Response) => {
    const all = Object.fromEntries(response.headers);
    delete all.date;
    delete all['x-request-id']; // one per answer, hits included
    return all;
  };

  it('answers a repeated read with the bytes and headers of the first answer', async () => {
    const url = videos2Path({
      lifetime: 3600,
      gender: 'str',
      sort: 'most-viewed',
      count: 3,
      section: 'videos',
      page: 1,
    });
    // A client that takes no compression (compressed hits: compression.test.ts).
    const plain = { headers: { 'accept-encoding': 'identity' } };
    const first = await fetch(base + url, plain);
    const firstBody = await first.text();
    await t.database.handle.db.updateTable('videos').set({ views: 7 }).execute();
    const second = await fetch(base + url, plain);
    expect(await second.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(second.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Fastify's keep-alive (72 s), not Node's 5 s: a client reusing an idle socket must not find it closed.
    expect(second.headers.get('keep-alive')).toBe('timeout=72');
  });

  it('still counts a search answered from the cache', async () => {
    const params = encodeURIComponent('3600/str/most-relevant/60/search..1.all.all.all');
    const url = `${base}/api/videos2.php?params=${params}&s=frontdoor%20walk`;
    for (let i = 0; i < 3; i += 1) expect((await fetch(url)).status).toBe(200);
    await t.services.search.flush();
    const row = await t.database.handle.db
      .selectFrom('search_keywords')
      .select('searches')
      .where('keyword', '=', 'frontdoor walk')
      .executeTakeFirst();
    expect(row?.searches).toBe(3);
  });

  it('never stores errors or private answers', async () => {
    const bad = `${base}/api/json/videos2/3600/str/best/60/..1.all.all.all.json`;
    expect((await (await fetch(bad)).json()).code).toBe('invalid_sort');
    expect((await (await fetch(bad)).json()).code).toBe('invalid_sort');
    // Lifetime 0 is never stored: the route answers each time (the door only has public answers).
    const live =
      base +
      videos2Path({ lifetime: 0, gender: 'str', sort: 'most-viewed', count: 3, section: 'videos', page: 1 });
    for (let i = 0; i < 2; i += 1) {
      expect((await fetch(live)).headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('front door for guest pages (real HTTP)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedCatalogueFixture(t.database.handle.db);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers a guest page again with the bytes and headers of its render', async () => {
    // A client that takes no compression (compressed hits: compression.test.ts).
    const plain = { headers: { 'accept-encoding': 'identity' } };
    const first = await fetch(`${base}/videos/latest-updates/1/`, plain);
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(body).toContain('Beach Sunset Walk');
    const second = await fetch(`${base}/videos/latest-updates/1/`, plain);
    expect(await second.text()).toBe(body);
    const headers = (r: Response) => {
      const all = Object.fromEntries(r.headers);
      delete all.date;
      delete all['x-request-id'];
      // The render is streamed (chunked); the stored copy has a length.
      delete all['transfer-encoding'];
      delete all['content-length'];
      return all;
    };
    expect(headers(second)).toEqual(headers(first));
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(second.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
