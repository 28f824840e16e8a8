import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, trailingSlashRedirect } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppServices } from './services.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { databaseKinds } from './test/db.ts';

describe('trailingSlashRedirect', () => {
  it.each([
    ['/videos', '/videos/'],
    ['/videos/latest-updates/2?s=x', '/videos/latest-updates/2/?s=x'],
    ['/video/5/some-dir', '/video/5/some-dir/'],
    ['/', null],
    ['/videos/', null],
    ['/favicon.ico', null],
    ['/api/json/main/1/str.en.json', null],
    ['/api/login.php', null],
    ['/media/demo/clip-01/480p.mp4', null],
    ['/healthz', null],
    ['/__manifest?p=%2Fvideos%2F', null],
    // One URL per page: empty segments collapse (a duplicate canonical otherwise), off-site forms stay on site.
    ['/videos/latest-updates/1//', '/videos/latest-updates/1/'],
    ['/videos//latest-updates/1/?s=a', '/videos/latest-updates/1/?s=a'],
    ['//videos/latest-updates/1/', '/videos/latest-updates/1/'],
    ['//evil.example/x/', '/evil.example/x/'],
    ['/\\evil.example/x', '/evil.example/x/'],
    ['//favicon.ico', '/favicon.ico'],
  ])('%s → %s', (url, expected) => expect(trailingSlashRedirect(url)).toBe(expected));
});

describe.each(databaseKinds())('app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, ready: false });
  });
  afterAll(() => t.close());

  it('answers 503 on /healthz and on pages until ready, then 200 {"status":"ok"}', async () => {
    const before = await t.app.inject('/healthz');
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'starting' });
    const page = await t.app.inject('/api/anything');
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');

    t.readiness.ready = true;
    const after = await t.app.inject('/healthz');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok' });
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('redirects a page path without its trailing slash, keeping the query', async () => {
    t.readiness.ready = true;
    const res = await t.app.inject('/categories?x=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/categories/?x=1');
  });

  it('answers an unknown API path with the spec error shape', async () => {
    t.readiness.ready = true;
    const res = await t.app.inject('/api/nope.php');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found', codes: [] });
  });

  it('sets security headers; only /embed/ may be framed by other sites', async () => {
    t.readiness.ready = true;
    const res = await t.app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const embed = await t.app.inject('/embed/1/x/');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toBe('frame-ancestors *');
  });

  it('serves media with byte ranges and refuses paths outside the media directory', async () => {
    t.readiness.ready = true;
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    mkdirSync(path.join(t.config.mediaDir, 'x'), { recursive: true });
    writeFileSync(path.join(t.config.mediaDir, 'x/file.bin'), Buffer.from('0123456789'));
    const res = await t.app.inject({ url: '/media/x/file.bin', headers: { range: 'bytes=2-5' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-5/10');
    expect(res.body).toBe('2345');
    const bad = await t.app.inject({ url: '/media/x/file.bin', headers: { range: 'bytes=50-60' } });
    expect(bad.statusCode).toBe(416);
    const outside = await t.app.inject('/media/..%2f..%2f..%2f..%2fetc%2fpasswd');
    expect([403, 404]).toContain(outside.statusCode);
    expect(outside.body).not.toContain('root:');
  });
});

/** Services for tests of the HTTP layer alone: routes register, nothing behind them is called. */
// Services not listed are absent: a route that reached one would fail the test loudly.
const stubServices = () =>
  ({
    site: { name: 'x', publicUrl: 'http://x' },
    accounts: { close: async () => {} },
    acts: { close: async () => {} },
    // Destructured when its routes register (community.routes.ts).
    social: {},
    // Its takedown listener is attached when the app is built (app.ts).
    dmca: { onVideoChange: () => {} },
    changes: { onChange: () => {}, notify: async () => {} },
    infra: { redis: null, closeInfra: async () => {} },
  }) as unknown as AppServices;

describe('shutdown', () => {
  it('lets an in-flight request finish, closes its keep-alive socket, then refuses connections', async () => {
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() }),
      services: stubServices(),
      readiness: { ready: true },
      ssr: null,
      logger: false,
    });
    // The request is in flight once its handler runs: close() starts then, not after a guessed pause;
    // and the handler answers only once the server has stopped listening, so close() had to wait for it.
    let handlerStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/api/slow', async () => {
      handlerStarted();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const inFlight = fetch(`${url}/api/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await started;
    const closing = Date.now();
    const closed = app.close();
    const until = Date.now() + 2000;
    while (app.server.listening && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(app.server.listening).toBe(false);
    release();
    await closed;
    // Without closing the kept-alive socket, close() would wait for the 72 s keep-alive timeout.
    expect(Date.now() - closing).toBeLessThan(2000);
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});

describe('client IP behind proxies', () => {
  const ipSeen = async (env: Record<string, string>) => {
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), ...env }),
      services: stubServices(),
      readiness: { ready: true },
      ssr: null,
      logger: false,
    });
    app.get('/api/ip', async (request) => ({ ip: request.ip }));
    const res = await app.inject({
      url: '/api/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
    });
    await app.close();
    return res.json().ip;
  };

  it('ignores X-Forwarded-For by default, so a client cannot pick its own IP', async () => {
    expect(await ipSeen({})).toBe('10.0.0.2');
  });

  it('trusts the given number of proxy hops', async () => {
    expect(await ipSeen({ TRUST_PROXY: '1' })).toBe('198.51.100.7');
    expect(await ipSeen({ TRUST_PROXY: '2' })).toBe('203.0.113.9');
  });

  it('trusts proxies by address', async () => {
    expect(await ipSeen({ TRUST_PROXY: '10.0.0.0/8' })).toBe('198.51.100.7');
    expect(await ipSeen({ TRUST_PROXY: '192.168.0.0/16' })).toBe('10.0.0.2');
  });
});
