// Request targets that URL parsers refuse or read as another host (`//`, `//a:b@`, `//./`) must get a
// plain answer and leave the process running (issue 11, F1: `GET //` used to end the process).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';

const MALFORMED_PATHS = [
  '//',
  '///',
  '//:',
  '//?',
  '//#x',
  '//%',
  '//%zz',
  '//@',
  '//[',
  '//a:b@',
  '//:99999',
  '//a:-1',
  '//?s=1',
  '//////',
  '//%00/',
  '//a%20b/',
  '//./',
  '//videos/latest-updates/1/',
  '//api/json/videos2/3600/str/latest-updates/60/videos..1.all.all.all.json',
];

/** Sends the path exactly as written (no client-side normalisation) and resolves with the status. */
function rawGet(base: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const shapes: Array<[string, Record<string, string>]> = [['embedded', {}]];
if (process.env.TEST_REDIS_URL) shapes.push(['with Redis', { REDIS_URL: process.env.TEST_REDIS_URL }]);

describe.each(shapes)('malformed request targets (%s)', (_name, env) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env });
    await seedCatalogueFixture(t.database.handle.db);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Guest pages and public JSON are in the caches, so the front door looks every path up.
    expect(await rawGet(base, '/')).toBe(200);
    expect(
      await rawGet(base, '/api/json/videos2/3600/str/latest-updates/60/videos..1.all.all.all.json'),
    ).toBe(200);
  });
  afterAll(() => t.close());

  it.each(MALFORMED_PATHS)('GET %s gets an answer below 500 and the server stays up', async (path) => {
    const status = await rawGet(base, path);
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(await rawGet(base, '/healthz')).toBe(200);
  });
});
