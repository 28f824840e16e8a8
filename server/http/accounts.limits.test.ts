// Limits of the accounts calls under parallel load (issue 11): login attempts are reserved before the
// password is checked (F2), signup and restore mails are limited per IP and per address (F5), and a
// browser that signed in before is not held by the per-account lock (F10). In process, and on Redis
// when TEST_REDIS_URL is set.
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../lib/english.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readOutbox } from '../test/mail.ts';

const ORIGIN = 'http://tube.test';
const PARALLEL = 50;

const shapes: Array<[string, Record<string, string>]> = [['in process', {}]];
if (process.env.TEST_REDIS_URL) shapes.push(['on Redis', { REDIS_URL: process.env.TEST_REDIS_URL }]);

/** Fresh databases reuse user ids: counters of an earlier run must not leak into this one. */
async function clearRedisCounters() {
  if (!process.env.TEST_REDIS_URL) return;
  const redis = new Redis(process.env.TEST_REDIS_URL);
  for (const pattern of ['login:fail:*', 'limit:send:*']) {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
}

describe.each(shapes)('accounts limits %s', (_name, redisEnv) => {
  let t: TestApp;

  beforeAll(async () => {
    await clearRedisCounters();
    t = await createTestApp('pglite', {
      ssr: false,
      env: { LOGIN_MAX_ATTEMPTS: '5', LOGIN_WINDOW_SECONDS: '600', TRUST_PROXY: '1', ...redisEnv },
    });
  });
  afterAll(async () => {
    await t?.close();
    await clearRedisCounters();
  });

  const post = (url: string, data: Record<string, string>, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(data).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
    });
  const statuses = (responses: LightMyRequestResponse[]) => {
    const count: Record<number, number> = {};
    for (const res of responses) count[res.statusCode] = (count[res.statusCode] ?? 0) + 1;
    return count;
  };
  const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
  const mailsTo = (address: string) =>
    readOutbox(t.config.dataDir).filter((m) => m.to.toLowerCase().includes(address)).length;
  const member = (username: string) =>
    t.services.accounts.createUser({
      username,
      email: `${username}@example.com`,
      password: 'secret1',
      role: 'member',
    });
  const tooManyRequests = {
    error: 'Too many requests. Try again later.',
    code: 'too_many_requests',
    codes: [{ field: 'general', code: 'too_many_requests' }],
  };

  it('F2: parallel logins check at most LOGIN_MAX_ATTEMPTS passwords, then the right one is refused', async () => {
    await member('target');
    const burst = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post('/api/login.php', { usr: 'target', pwd: `wrong-${i}` }, '10.20.0.1'),
      ),
    );
    // 401 = a password was checked; 429 = refused by the limiter without checking it.
    expect(statuses(burst)).toEqual({ 401: 5, 429: PARALLEL - 5 });
    for (const res of burst.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({
        error: english('component.login.er.too_many_attempts'),
        code: 'too_many_attempts',
      });
    }
    const right = await post('/api/login.php', { usr: 'target', pwd: 'secret1' }, '10.20.0.1');
    expect(right.statusCode).toBe(429);
    expect(cookieOf(right, 'sid')).toBeUndefined();
  });

  it('F2: parallel logins from many IPs are held by the per-account count', async () => {
    await member('target2');
    const burst = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post('/api/login.php', { usr: 'target2', pwd: `wrong-${i}` }, `10.21.${i}.1`),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: PARALLEL - 5 });
  });

  it('F2: a successful login gives its reservation back to the IP', async () => {
    await member('regular');
    for (let i = 0; i < 8; i++) {
      expect((await post('/api/login.php', { usr: 'regular', pwd: 'secret1' }, '10.22.0.1')).statusCode).toBe(
        200,
      );
    }
  });

  it('F5: 5 signups per IP per hour, counted only for signups that mail, also in parallel', async () => {
    const ip = '10.30.0.1';
    // A refused form mails nothing and costs nothing.
    expect(
      (await post('/api/signup.php', { username: 'x', email: 'bad', password: '1' }, ip)).statusCode,
    ).toBe(400);
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/api/signup.php',
        { username: `edge${i}`, email: `edge${i}@example.com`, password: 'secret1' },
        ip,
      );
      expect(res.statusCode, `signup ${i}`).toBe(200);
    }
    const sixth = await post(
      '/api/signup.php',
      { username: 'edge6', email: 'edge6@example.com', password: 'secret1' },
      ip,
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooManyRequests);
    expect(mailsTo('edge6@example.com')).toBe(0);
    // The refused signup made no account: the name is still free from elsewhere.
    const elsewhere = await post(
      '/api/signup.php',
      { username: 'edge6', email: 'edge6@example.com', password: 'secret1' },
      '10.30.0.2',
    );
    expect(elsewhere.statusCode).toBe(200);

    const before = readOutbox(t.config.dataDir).length;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/signup.php',
          { username: `par${i}`, email: `par${i}@example.com`, password: 'secret1' },
          '10.30.0.3',
        ),
      ),
    );
    expect(statuses(burst)).toEqual({ 200: 5, 429: 15 });
    expect(readOutbox(t.config.dataDir).length - before).toBe(5);
  });

  it('F5: 3 restore mails per address per hour, from any IPs, also in parallel', async () => {
    await member('victim');
    for (let i = 1; i <= 3; i++) {
      const res = await post('/api/restore-password.php', { email: 'victim@example.com' }, `10.31.0.${i}`);
      expect(res.statusCode, `restore ${i}`).toBe(200);
    }
    const fourth = await post('/api/restore-password.php', { email: 'VICTIM@example.com' }, '10.31.0.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(tooManyRequests);
    expect(mailsTo('victim@example.com')).toBe(3);
    // Another address from the same IP is not held.
    await member('bystander');
    expect(
      (await post('/api/restore-password.php', { email: 'bystander@example.com' }, '10.31.0.4')).statusCode,
    ).toBe(200);

    await member('victim2');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/restore-password.php', { email: 'victim2@example.com' }, `10.32.${i}.1`),
      ),
    );
    expect(statuses(burst)).toEqual({ 200: 3, 429: 17 });
    expect(mailsTo('victim2@example.com')).toBe(3);
  });

  it('F5: 10 mails per IP per hour, whatever the addresses', async () => {
    const ip = '10.33.0.1';
    for (let i = 1; i <= 11; i++) await member(`many${i}`);
    for (let i = 1; i <= 10; i++) {
      const res = await post('/api/restore-password.php', { email: `many${i}@example.com` }, ip);
      expect(res.statusCode, `restore ${i}`).toBe(200);
    }
    const eleventh = await post('/api/restore-password.php', { email: 'many11@example.com' }, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(mailsTo('many11@example.com')).toBe(0);
  });

  it('F10: a browser that signed in before still signs in while the account is locked for others', async () => {
    await member('owner');
    const first = await post('/api/login.php', { usr: 'owner', pwd: 'secret1' }, '10.40.0.1');
    expect(first.statusCode).toBe(200);
    const device = cookieOf(first, 'kd');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/login.php' });
    expect(device?.maxAge).toBeGreaterThanOrEqual(300 * 86_400);
    const kd = `kd=${device?.value}`;

    // Someone else locks the account from five addresses.
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/login.php', { usr: 'owner', pwd: `guess-${i}` }, `10.41.0.${i}`)).statusCode,
      ).toBe(401);
    }
    expect((await post('/api/login.php', { usr: 'owner', pwd: 'secret1' }, '10.40.0.9')).statusCode).toBe(
      429,
    );

    const known = await post('/api/login.php', { usr: 'owner', pwd: 'secret1' }, '10.40.0.9', kd);
    expect(known.statusCode).toBe(200);
    expect(cookieOf(known, 'sid')).toBeDefined();
    // Still locked for everyone else, and a forged or foreign device cookie is no way in.
    expect((await post('/api/login.php', { usr: 'owner', pwd: 'secret1' }, '10.40.0.8')).statusCode).toBe(
      429,
    );
    await member('other');
    const otherKd = cookieOf(
      await post('/api/login.php', { usr: 'other', pwd: 'secret1' }, '10.40.1.1'),
      'kd',
    );
    for (const cookie of [`kd=${otherKd?.value}`, `kd=${device?.value}x`, 'kd=garbage']) {
      expect(
        (await post('/api/login.php', { usr: 'owner', pwd: 'secret1' }, '10.40.0.7', cookie)).statusCode,
      ).toBe(429);
    }
  });

  it('F10: a known device has its own failure count, and the per-IP limit holds for it', async () => {
    await member('keeper');
    const kd = `kd=${cookieOf(await post('/api/login.php', { usr: 'keeper', pwd: 'secret1' }, '10.42.0.1'), 'kd')?.value}`;
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/login.php', { usr: 'keeper', pwd: `guess-${i}` }, `10.42.1.${i}`, kd)).statusCode,
      ).toBe(401);
    }
    expect(
      (await post('/api/login.php', { usr: 'keeper', pwd: 'secret1' }, '10.42.2.1', kd)).statusCode,
    ).toBe(429);
    // Those failures were the device's, not the account's: others may still try.
    expect((await post('/api/login.php', { usr: 'keeper', pwd: 'secret1' }, '10.42.2.2')).statusCode).toBe(
      200,
    );

    await member('keeper2');
    const kd2 = `kd=${cookieOf(await post('/api/login.php', { usr: 'keeper2', pwd: 'secret1' }, '10.43.0.1'), 'kd')?.value}`;
    for (const usr of ['n1x', 'n2x', 'n3x', 'n4x', 'n5x'])
      await post('/api/login.php', { usr, pwd: 'whatever' }, '10.43.0.2');
    expect(
      (await post('/api/login.php', { usr: 'keeper2', pwd: 'secret1' }, '10.43.0.2', kd2)).statusCode,
    ).toBe(429);
  });
});
