// POST /api/report.php with a captcha provider (shell.md §5): the token is checked on the provider's
// verify endpoint before anything is stored; a refusal is 400 `captcha` on the field `captcha`. No
// internet here: a local HTTP server stands in for the provider (CAPTCHA_VERIFY_URL). Unconfigured,
// the form works without a token. The per-address limit is shared by two app instances through Redis.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

interface VerifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/** The stand-in provider: answers by token; records what it was asked. */
async function startProvider() {
  const calls: VerifyCall[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response');
      calls.push({ secret: form.get('secret'), response: token, remoteip: form.get('remoteip') });
      if (token === 'provider-down') {
        res.writeHead(500).end('oops');
        return;
      }
      const answers: Record<string, object> = {
        'good-token': { success: true, action: 'login', score: 0.9 },
        'other-action': { success: true, action: 'signup', score: 0.9 },
        'low-score': { success: true, action: 'login', score: 0.1 },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(answers[token ?? ''] ?? { success: false, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const valid = {
  subject: 'DMCA / Copyright Infringement',
  email: 'rights@example.com',
  message: 'This upload copies a film we hold the rights to.',
};

function sender(t: TestApp) {
  return (fields: Record<string, string>, ip = '203.0.113.40') =>
    t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://tube.test' },
      remoteAddress: ip,
      payload: new URLSearchParams(fields).toString(),
    });
}

async function reportCount(t: TestApp): Promise<number> {
  const row = await t.database.handle.db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('/api/report.php with a captcha provider', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await provider.close();
  });

  const appWith = async (kind: 'turnstile' | 'hcaptcha' | 'recaptcha') => {
    const t = await createTestApp('pglite', {
      ssr: false,
      env: {
        CAPTCHA_PROVIDER: kind,
        CAPTCHA_SITE_KEY: `site-${kind}`,
        CAPTCHA_SECRET: `secret-${kind}`,
        CAPTCHA_VERIFY_URL: provider.url,
      },
    });
    apps.push(t);
    return t;
  };

  it('stores a report whose token the provider accepts, asking with the secret and the address', async () => {
    const t = await appWith('turnstile');
    const send = sender(t);
    provider.calls.length = 0;
    const res = await send({ ...valid, captcha: 'good-token' }, '198.51.100.9');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', report_id: expect.any(Number) });
    expect(provider.calls).toEqual([
      { secret: 'secret-turnstile', response: 'good-token', remoteip: '198.51.100.9' },
    ]);
    expect(await reportCount(t)).toBe(1);
  });

  it('refuses a missing, refused, wrong-action or unverifiable token with 400 captcha; nothing stored', async () => {
    const t = await appWith('turnstile');
    const send = sender(t);
    for (const token of [undefined, '', 'forged', 'other-action', 'provider-down']) {
      const fields: Record<string, string> =
        token === undefined ? { ...valid } : { ...valid, captcha: token };
      const res = await send(fields);
      expect(res.statusCode, `${token}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'captcha', codes: [{ field: 'captcha', code: 'captcha' }] });
    }
    expect(await reportCount(t)).toBe(0);
    // Refused tokens cost no send of the limit: five good ones still pass from the same address.
    for (let i = 0; i < 5; i++)
      expect((await send({ ...valid, captcha: 'good-token' })).statusCode).toBe(200);
    expect((await send({ ...valid, captcha: 'good-token' })).statusCode).toBe(429);
  });

  it('field errors come first: a bad e-mail is not sent to the provider', async () => {
    const t = await appWith('hcaptcha');
    provider.calls.length = 0;
    const res = await sender(t)({ ...valid, email: 'nope', captcha: 'good-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual([{ field: 'email', code: 'invalid_email' }]);
    expect(provider.calls).toHaveLength(0);
  });

  it('reCAPTCHA v3 needs the action login and a score of 0.5 or more', async () => {
    const t = await appWith('recaptcha');
    const send = sender(t);
    expect((await send({ ...valid, captcha: 'low-score' })).json().code).toBe('captcha');
    expect((await send({ ...valid, captcha: 'other-action' })).json().code).toBe('captcha');
    expect((await send({ ...valid, captcha: 'good-token' })).statusCode).toBe(200);
  });
});

describe('/api/report.php without a captcha provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
  });
  afterAll(() => t.close());

  it('works as before: no token needed, a stray one ignored', async () => {
    expect(t.config.captcha).toBeNull();
    expect((await sender(t)(valid)).statusCode).toBe(200);
    expect((await sender(t)({ ...valid, captcha: 'anything' })).statusCode).toBe(200);
    expect(await reportCount(t)).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the report limit across two processes (Redis)', () => {
  const apps: TestApp[] = [];
  // An address of its own per run, so earlier runs' keys cannot count.
  const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  afterAll(async () => {
    for (const t of apps) await t.close();
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    await redis.del(`limit:report:ip:${ip}`);
    await redis.quit();
  });

  it('5 sends in 10 minutes per address, exactly, with 12 parallel requests split between two apps', async () => {
    for (let i = 0; i < 2; i++) {
      apps.push(
        await createTestApp('pglite', {
          ssr: false,
          env: { REDIS_URL: process.env.TEST_REDIS_URL as string },
        }),
      );
    }
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sender(apps[i % 2] as TestApp)(valid, ip)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    expect((await reportCount(apps[0] as TestApp)) + (await reportCount(apps[1] as TestApp))).toBe(5);
  });
});
