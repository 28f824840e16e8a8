// Issue 34 item 14: protections keyed on the path must not be skipped by percent-encoding it, and a
// control character in a page's query is a 400, not a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { encodedUnreservedPath, targetHasControlCharacters } from './input.ts';

describe('encoded paths and control characters (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { WRITE_RATE_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('refuses a write to a percent-encoded API path instead of skipping the Origin check', async () => {
    const foreign = { ...form, origin: 'http://evil.example' };
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: foreign,
      payload: 'act=view',
    });
    expect(plain.statusCode).toBe(403);
    for (const url of ['/%61pi/input.php', '/%41PI/input.php', '/api/%69nput.php', '/ap%69/input.php']) {
      const res = await t.app.inject({ method: 'POST', url, headers: foreign, payload: 'act=view' });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('does not let an encoded path reach the route once the write budget is spent', async () => {
    const write = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...form, origin: 'http://tube.test' },
        payload: 'act=view&video_id=1',
        remoteAddress: '192.0.2.40',
      });
    await write('/api/input.php');
    await write('/api/input.php');
    expect((await write('/api/input.php')).statusCode).toBe(429);
    const encoded = await write('/%61pi/input.php');
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('answers a read of an encoded path as the router reads it, never redirecting off the site', async () => {
    const res = await t.app.inject({ url: '/%76ideos/latest-updates/1/' });
    expect(res.statusCode).toBe(200);
    const protocolRelative = await t.app.inject({ url: '//evil%2Eexample/x' });
    expect(String(protocolRelative.headers.location ?? '')).not.toMatch(/^\/\//);
  });

  it('answers 400 to a NUL in a page query (was a 500)', async () => {
    for (const url of ['/search/1/?s=a%00b', '/videos/latest-updates/1/?q=%01', '/search/1/?s=ok%1Fx']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect((await t.app.inject({ url: '/search/1/?s=sunset%20bars' })).statusCode).toBe(200);
  });

  it('reads targets as the router does', () => {
    expect(encodedUnreservedPath('/api/input.php')).toBeNull();
    expect(encodedUnreservedPath('/tags/caf%C3%A9/1/')).toBeNull();
    expect(encodedUnreservedPath('/a%20b/')).toBeNull();
    expect(encodedUnreservedPath('/%61pi/x?y=%61')).toBe('/api/x?y=%61');
    expect(encodedUnreservedPath('/videos/%2E%2E/admin/')).toBe('/admin/');
    expect(encodedUnreservedPath('/%2E%2E/api/input.php')).toBe('/api/input.php');
    expect(targetHasControlCharacters('/search/1/?s=a%00b')).toBe(true);
    expect(targetHasControlCharacters('/a%0A/')).toBe(true);
    expect(targetHasControlCharacters('/search/1/?s=a%20b')).toBe(false);
    expect(targetHasControlCharacters('/%zz/')).toBe(false);
  });
});
