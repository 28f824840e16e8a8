// The per-address write budget and compression (protection.ts), on the real app.
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const logout = (t: TestApp, ip = '203.0.113.5') =>
  t.app.inject({ method: 'POST', url: '/api/logout.php', remoteAddress: ip });

describe('the write budget in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false, env: { WRITE_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows exactly the budget of parallel writes per address, then answers 429 in the spec shape', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => logout(t)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'too_many_requests', codes: [] });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget; reads are not counted.
    expect((await logout(t, '203.0.113.6')).statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/me.php', remoteAddress: '203.0.113.5' });
    expect(read.statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the write budget across processes (Redis)', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    for await (const keys of redis.scanStream({ match: 'limit:writes:*' }))
      if (keys.length) await redis.del(...keys);
    redis.disconnect();
    const env = { WRITE_RATE_LIMIT: '4', REDIS_URL: process.env.TEST_REDIS_URL as string };
    apps.push(await createTestApp('pglite', { ssr: false, env }));
    apps.push(await createTestApp('pglite', { ssr: false, env }));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('shares one budget between two apps on the same Redis', async () => {
    const ip = '198.51.100.7';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => logout(apps[i % 2] as TestApp, ip)),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBe(4);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
  });
});

describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gzips a large JSON answer for a client that accepts it, and not for one that does not', async () => {
    const zipped = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const doc = JSON.parse(gunzipSync(zipped.rawPayload).toString());
    expect(doc.openapi).toBe('3.1.0');
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
