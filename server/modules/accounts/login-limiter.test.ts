// Reservations of the attempt limiter (issue 11 F2): checked and counted in one step, all or nothing,
// in process and on Redis, where two limiters on one Redis stand for two web processes.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAccountsService } from './accounts.service.ts';
import { createMemoryLimiter, createRedisLimiter, type LoginLimiter } from './login-limiter.ts';
import { createDatabaseSessionStore } from './session-store.ts';

const PARALLEL = 50;
const granted = (results: boolean[]) => results.filter(Boolean).length;

function behavesAsALimiter(make: () => LoginLimiter) {
  it('reserves at most the limit in parallel', async () => {
    const limiter = make();
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => limiter.reserve(['ip:p'])));
    expect(granted(results)).toBe(5);
    expect(await limiter.isBlocked(['ip:p'])).toBe(true);
  });

  it('is all or nothing, with a limit per quota, and gives reservations back', async () => {
    const limiter = make();
    for (let i = 0; i < 5; i++) expect(await limiter.reserve(['ip:a', `acct:${i}`])).toBe(true);
    // ip:a is at its limit: acct:new is not counted either.
    expect(await limiter.reserve(['ip:a', 'acct:new'])).toBe(false);
    expect(await limiter.reserve(['ip:b', { key: 'acct:new', max: 1, windowSeconds: 60 }])).toBe(true);
    expect(await limiter.reserve(['ip:c', { key: 'acct:new', max: 1, windowSeconds: 60 }])).toBe(false);
    await limiter.release(['ip:a']);
    expect(await limiter.reserve(['ip:a'])).toBe(true);
    expect(await limiter.reserve(['ip:a'])).toBe(false);
    // Giving back what was never reserved does not go below zero.
    await limiter.release(['ip:none', 'ip:none']);
    for (let i = 0; i < 5; i++) expect(await limiter.reserve(['ip:none'])).toBe(true);
    expect(await limiter.reserve(['ip:none'])).toBe(false);
  });
}

describe('in-process limiter', () => {
  let clock = Date.now();
  behavesAsALimiter(() => createMemoryLimiter({ maxAttempts: 5, windowSeconds: 60 }));

  it('forgets reservations when the window ends', async () => {
    const limiter = createMemoryLimiter({ maxAttempts: 2, windowSeconds: 60, now: () => clock });
    expect(await limiter.reserve(['k'])).toBe(true);
    clock += 30_000;
    expect(await limiter.reserve(['k'])).toBe(true);
    expect(await limiter.reserve(['k'])).toBe(false);
    clock += 30_001; // the window started at the first reservation
    expect(await limiter.reserve(['k'])).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis limiter', () => {
  const url = process.env.TEST_REDIS_URL as string;
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  // Two connections: two web processes.
  let one: Redis;
  let two: Redis;
  let round = 0;

  beforeAll(() => {
    one = new Redis(url, { keyPrefix: prefix });
    two = new Redis(url, { keyPrefix: prefix });
  });
  afterAll(async () => {
    const plain = new Redis(url);
    const keys = await plain.keys(`${prefix}*`);
    if (keys.length > 0) await plain.del(...keys);
    await plain.quit();
    await one.quit();
    await two.quit();
  });

  // Each test gets its own counters.
  behavesAsALimiter(() => createRedisLimiter(one, { maxAttempts: 5, windowSeconds: 60 }, `r${round++}:`));

  it('shares the count between two limiters on one Redis, with the window set once', async () => {
    const options = { maxAttempts: 5, windowSeconds: 60 };
    const a = createRedisLimiter(one, options, 'shared:');
    const b = createRedisLimiter(two, options, 'shared:');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => (i % 2 ? a : b).reserve(['ip:x', 'acct:y'])),
    );
    expect(granted(results)).toBe(5);
    expect(await one.get('shared:ip:x')).toBe('5');
    const ttl = await one.ttl('shared:acct:y');
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('two accounts services on one Redis check at most the limit of passwords in parallel', async () => {
    let database: TestDatabase | undefined;
    try {
      database = await createTestDatabase('pglite');
      const repo = createAccountsRepository(database.handle.db);
      // One prefix for both: one shared count, as two processes with one REDIS_URL have.
      const service = (redis: Redis) =>
        createAccountsService({
          repo,
          sessions: createDatabaseSessionStore(repo, 30),
          limiter: createRedisLimiter(redis, { maxAttempts: 5, windowSeconds: 60 }, 'svc:'),
          mailer: { send: async () => {}, close: () => {} },
          publicUrl: 'http://tube.test',
          siteName: 'TestTube',
          googleEnabled: false,
        });
      const [a, b] = [service(one), service(two)];
      await a.createUser({
        username: 'twin',
        email: 'twin@example.com',
        password: 'secret1',
        role: 'member',
      });
      const outcomes = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          (i % 2 ? a : b).login({ usr: 'twin', pwd: `wrong-${i}` }, '10.50.0.1').then(
            () => 'signed in',
            (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
          ),
        ),
      );
      const count = (code: string) => outcomes.filter((o) => o === code).length;
      expect(count('invalid_usr_or_pwd')).toBe(5);
      expect(count('too_many_attempts')).toBe(PARALLEL - 5);
    } finally {
      await database?.dispose();
    }
  });
});
