// The HTTP input edge against the audit's reproductions (issue 11): F3 (the trailing-slash redirect
// stays on the site), F4 (control characters are a 400 with the field's code, never a 500), F11
// (repeated query parameters and JSON where a form is expected), F14 (page POST bodies are bounded)
// and F17 (the framing rule is decided on the resolved path). Raw HTTP where a client would
// normalise the request target or the body.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';

const ORIGIN = 'http://tube.test';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** Sends the target exactly as written; `body` as given, or `chunks` with chunked transfer encoding. */
function raw(
  base: string,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    chunks?: Iterable<Buffer>;
  } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    // The server may answer and close before the whole body is written: the answer is what counts.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    if (options.chunks) {
      const chunks = options.chunks[Symbol.iterator]();
      const pump = () => {
        for (;;) {
          const next = chunks.next();
          if (next.done || req.destroyed) return req.end();
          if (!req.write(next.value)) return req.once('drain', pump);
        }
      };
      pump();
    } else {
      req.end(options.body);
    }
  });
}

/** The head of the answer to a request line written by hand (targets node:http will not send). */
function headOf(base: string, requestLine: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${requestLine}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(data.slice(0, Math.max(0, data.indexOf('\r\n\r\n')))));
    socket.on('error', reject);
  });
}

const invalidCharacters = (field: string) => ({ field, code: 'invalid_characters' });

describe('the HTTP input edge', () => {
  let t: TestApp;
  let base: string;
  let moderator = '';
  let member = '';

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CATALOG_CACHE: 'off' } });
    await seedCatalogueFixture(t.database.handle.db);
    const session = async (username: string, role: 'member' | 'moderator') => {
      const user = await t.services.accounts.createUser({
        username,
        email: `${username}@example.com`,
        password: 'secret1',
        role,
      });
      return `sid=${await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null })}`;
    };
    moderator = await session('edgemod', 'moderator');
    member = await session('edgemember', 'member');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  describe('F3: the trailing-slash redirect stays on the site', () => {
    it.each([
      ['//evil.example/x', '/evil.example/x/'],
      ['/\\evil.example/x', '/evil.example/x/'],
      ['//evil%2Eexample/x', '/evil%2Eexample/x/'],
      ['///evil.example/x?a=1', '/evil.example/x/?a=1'],
      ['/\\/\\evil.example/x', '/evil.example/x/'],
    ])('GET %s → 301 %s', async (path, location) => {
      const answer = await raw(base, path);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(location);
    });

    it('never redirects an absolute-form target to its host', async () => {
      const head = await headOf(base, 'GET http://evil.example/x HTTP/1.1');
      expect(head).toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(head.toLowerCase()).not.toMatch(/^location:.*evil\.example/m);
    });
  });

  describe('F4: control characters are a 400 with the field code', () => {
    const post = async (url: string, body: string, cookie?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, ...(cookie ? { cookie } : {}) },
        payload: body,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const multipart = async (url: string, fields: Record<string, string>, cookie?: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const built = new Request(`${ORIGIN}${url}`, { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': built.headers.get('content-type') ?? '',
          origin: ORIGIN,
          ...(cookie ? { cookie } : {}),
        },
        payload: Buffer.from(await built.arrayBuffer()),
      });
      return { status: res.statusCode, body: res.json() };
    };

    it.each([
      ['/api/login.php', 'usr=a%00b&pwd=secret1', 'usr'],
      ['/api/signup.php', 'username=nulname&email=a%00b%40example.com&password=secret1', 'email'],
      ['/api/signup.php', 'username=nulpass&email=np%40example.com&password=secret%001', 'password'],
      ['/api/signup.php', 'username=tab%09name&email=tn%40example.com&password=secret1', 'username'],
      ['/api/restore-password.php', 'email=a%00b%40example.com', 'email'],
      ['/api/input.php', 'act=view&section=video&object_id=1%00', 'object_id'],
    ])('POST %s (%s) → 400 on %s', async (url, body, field) => {
      const answer = await post(url, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid_characters', codes: [invalidCharacters(field)] });
    });

    it('refuses a NUL in the moderation reason (the staff call)', async () => {
      const body = 'act=reject&video_id=1&reason=other&reason_text=spam%00here';
      const answer = await post('/api/admin/moderation.php', body, moderator);
      expect(answer.status).toBe(400);
      expect(answer.body.codes).toEqual([invalidCharacters('reason_text')]);
    });

    it.each(['message', 'referrer', 'email'])('refuses a NUL in the report %s', async (field) => {
      const fields: Record<string, string> = {
        subject: 'Technical Problems',
        email: 'edge@example.com',
        message: 'The player stops.',
        referrer: `${ORIGIN}/videos/`,
      };
      fields[field] = `${fields[field]}\u0000`;
      const answer = await multipart('/api/report.php', fields);
      expect(answer.status).toBe(400);
      expect(answer.body.codes).toEqual([invalidCharacters(field)]);
    });

    it('keeps tab and line breaks in a multi-line field (the report message)', async () => {
      const answer = await multipart('/api/report.php', {
        subject: 'Technical Problems',
        email: 'edge@example.com',
        message: 'Line one\r\n\tLine two\nLine three',
      });
      expect(answer.status).toBe(200);
    });

    it.each(['title', 'description'])('refuses a NUL in the video_edit %s', async (field) => {
      const fields: Record<string, string> = { title: 'Colour bars', description: 'A test pattern.' };
      fields[field] = `${fields[field]}\u0000`;
      const answer = await multipart('/api/video_edit.php', fields, member);
      expect(answer.status).toBe(400);
      expect(answer.body.codes).toContainEqual(invalidCharacters(field));
    });

    it.each([
      ['/api/suggester.php?c=a%00b', 'c'],
      ['/api/videos2.php?params=3600%2Fstr%2Fmost-relevant%2F60%2Fsearch..1.all.all.all&s=a%00b', 's'],
    ])('GET %s → 400 on %s', async (url, field) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().codes).toEqual([invalidCharacters(field)]);
    });
  });

  describe('F11: repeated parameters and JSON where a form is expected', () => {
    const search = encodeURIComponent('3600/str/most-relevant/60/search..1.all.all.all');
    it.each([
      '/api/suggester.php?c=tes&c=x',
      `/api/videos2.php?params=${search}&s=bea&s=x`,
      `/api/videos2.php?params=${search}&params=${search}&s=bea`,
    ])('GET %s takes the first value (200)', async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
    });

    it('answers the same for a repeated parameter as for its first value', async () => {
      const once = await t.app.inject('/api/suggester.php?c=bea');
      const twice = await t.app.inject('/api/suggester.php?c=bea&c=zzz');
      expect(twice.json()).toEqual(once.json());
    });

    // The staff calls keep taking JSON (moderation.routes.test.ts): odd values are field errors.
    it.each([
      ['/api/admin/moderation.php', { act: ['approve'], video_id: { a: 1 } }, 'act'],
      ['/api/admin/reports.php', { act: 'handle', report_id: [1] }, 'report_id'],
    ])('POST %s with JSON of odd shapes → 400 with field codes', async (url, payload, field) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: moderator },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().codes).toContainEqual({ field, code: 'invalid' });
    });

    it('POST /api/admin/moderation.php with a NUL in JSON → 400 invalid_characters', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/moderation.php',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: moderator },
        payload: JSON.stringify({ act: 'reject', video_id: '1', reason: 'other', reason_text: 'a\u0000b' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().codes).toEqual([invalidCharacters('reason_text')]);
    });

    it.each(['/admin/moderation/', '/admin/reports/'])('POST %s with JSON → 415, not 500', async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: moderator },
        payload: JSON.stringify({ act: 'handle', report_id: 1 }),
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('F14: page POST bodies are bounded', () => {
    const MB = 1024 * 1024;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: '' };

    it('answers 413 to a large declared body before reading it', async () => {
      const answer = await raw(base, '/admin/reports/', {
        method: 'POST',
        headers: { ...headers, cookie: moderator, 'content-length': String(200 * MB) },
        body: Buffer.alloc(64 * 1024, 'a'),
      });
      expect(answer.status).toBe(413);
    });

    it('cuts a large chunked body off with 413, without holding it in memory', async () => {
      const before = process.memoryUsage().rss;
      const chunk = Buffer.alloc(MB, 'a');
      function* chunks() {
        for (let i = 0; i < 200; i += 1) yield chunk;
      }
      const answer = await raw(base, '/admin/reports/', {
        method: 'POST',
        headers: { ...headers, cookie: moderator, 'transfer-encoding': 'chunked' },
        chunks: chunks(),
      });
      expect(answer.status).toBe(413);
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
    });

    it('answers 413 to a staff call above 64 KB', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reports.php',
        headers: { ...headers, cookie: moderator },
        payload: `act=handle&report_id=1&pad=${'a'.repeat(65 * 1024)}`,
      });
      expect(res.statusCode).toBe(413);
    });

    it('still lets a small form through to React Router', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/reports/',
        headers: { ...headers, cookie: moderator, host: 'tube.test' },
        payload: 'act=handle&report_id=999999',
      });
      // Past the bounds (no 413/415): the page answers, and it has no action since the staff pages
      // write through /api/admin/*.php (issue 12).
      expect(res.statusCode).toBe(405);
    });
  });

  describe('F17: the framing rule is decided on the resolved path', () => {
    it('keeps frame-ancestors * for the embed player', async () => {
      const answer = await raw(base, '/embed/1/');
      expect(answer.headers['content-security-policy']).toBe('frame-ancestors *');
    });

    it.each([
      '/embed/../admin/moderation/',
      '/embed/%2e%2e/admin/moderation/',
      '/embed/..%2Fadmin/moderation/',
      '/embed/..\\admin/moderation/',
    ])('GET %s may only be framed by the site itself', async (path) => {
      const answer = await raw(base, path, { headers: { cookie: moderator } });
      expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });
});

describe('F17 on the API answers (onSend)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
  });
  afterAll(() => t.close());

  it('decides on the resolved path', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await raw(base, '/embed/../api/nothing.php');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });
});
