import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';

const LISTING = videos2Path({
  lifetime: 3600,
  gender: 'str',
  sort: 'most-viewed',
  count: 3,
  section: 'videos',
  page: 1,
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('gives every answer its own id, keeps a valid incoming one and replaces an invalid one', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    const idA = a.headers['x-request-id'];
    const idB = b.headers['x-request-id'];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);

    const echoed = await t.app.inject({ url: '/livez', headers: { 'x-request-id': 'edge-42.a_b' } });
    expect(echoed.headers['x-request-id']).toBe('edge-42.a_b');
    for (const bad of ['has space', 'x'.repeat(65), 'a\\b', 'é']) {
      const replaced = await t.app.inject({ url: '/livez', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the id on pages (SSR replies bypass the hooks) and on error answers', async () => {
    const page = await t.app.inject({ url: '/', headers: { 'x-request-id': 'page-1' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-request-id']).toBe('page-1');
    const bad = await t.app.inject({ url: `${LISTING.replace('most-viewed', 'nope')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('labels every log line of a request with its id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = await buildApp({
      config: t.config,
      services: t.services,
      readiness: { ready: true },
      ssr: null,
      logger: { level: 'info', stream },
    });
    try {
      const response = await app.inject({ url: '/livez', headers: { 'x-request-id': 'logged-1' } });
      expect(response.headers['x-request-id']).toBe('logged-1');
      const ofRequest = lines.filter((line) => line.req || line.res);
      expect(ofRequest.length).toBeGreaterThanOrEqual(2);
      for (const line of ofRequest) expect(line.requestId).toBe('logged-1');
    } finally {
      await app.close();
    }
  });
});

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false, ready: false });
  });
  afterAll(() => t.close());

  it('answers while starting: /livez 200, /readyz 503 starting, both uncached', async () => {
    const live = await t.app.inject({ url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'starting' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers['x-request-id']).toBeDefined();
    // Everything else is still gated (and carries an id too).
    const gated = await t.app.inject({ url: '/api/no-such-route' });
    expect(gated.statusCode).toBe(503);
    expect(gated.headers['x-request-id']).toBeDefined();
  });

  it('is ready once started, and unavailable when the database stops answering', async () => {
    t.readiness.ready = true;
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    // Not redirected to a trailing slash like a page.
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);

    await t.database.handle.close();
    const down = await t.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', code: 'database' });
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('is unavailable when the database ping hangs past the timeout', async () => {
    const hanging = {
      // Kysely's executeQuery is what `sql\`SELECT 1\`.execute(db)` calls.
      getExecutor: () => ({
        transformQuery: (node: unknown) => node,
        compileQuery: (node: unknown) => ({ sql: 'SELECT 1', parameters: [], query: node }),
        executeQuery: () => new Promise(() => {}),
      }),
    };
    const app = await buildApp({
      config: t.config,
      services: t.services,
      readiness: { ready: true },
      ssr: null,
      logger: false,
      // biome-ignore lint/suspicious/noExplicitAny: a stand-in database that never answers
      database: { db: hanging as any },
    });
    try {
      const started = Date.now();
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', code: 'database' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    } finally {
      await app.close();
    }
  });
});

describe('/metrics', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false, env: { METRICS_TOKEN: 'scrape-secret' } });
    await seedCatalogueFixture(t.database.handle.db);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('counts requests by route pattern and front door hits by source', async () => {
    const first = await fetch(base + LISTING);
    expect(first.status).toBe(200);
    await first.text();
    const hit = await fetch(base + LISTING); // now from the front door
    expect(hit.status).toBe(200);
    await hit.text();
    expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/json/videos2/:lifetime/:gender/:sort/:count/:file",status="200"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/json\/videos2\/:lifetime[^"]*"\} 1/,
    );
    expect(text).not.toContain('most-viewed');
    expect(text).toContain('front_door_hits_total{source="api"} 1');
    // The jobs' metrics are served beside them (server/jobs/job-metrics.ts).
    expect(text).toContain('# TYPE job_duration_seconds histogram');
    expect(text).toContain('# TYPE job_queue_depth gauge');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('is not found for other clients without the token', async () => {
    const remote = { remoteAddress: '203.0.113.9' };
    expect((await t.app.inject({ url: '/metrics', ...remote })).statusCode).toBe(404);
    const wrong = { authorization: 'Bearer scrape-secre' };
    expect((await t.app.inject({ url: '/metrics', headers: wrong, ...remote })).statusCode).toBe(404);
    const right = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
      ...remote,
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
    // A proxy on this host makes every visitor local: a forwarded request is not a loopback client.
    const proxied = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
  });
});
