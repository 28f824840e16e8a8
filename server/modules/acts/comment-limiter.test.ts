// The comment limiter: all-or-nothing reservations at their exact edges under parallel calls, release,
// and a sliding window, in process and on Redis (TEST_REDIS_URL), where two connections stand for two
// web processes.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemorySlidingLimiter,
  createRedisSlidingLimiter,
  type SlidingLimiter,
} from './comment-limiter.ts';

const MINUTE = 60_000;
const granted = (results: { ok: boolean }[]) => results.filter((r) => r.ok).length;

/** A clock the tests move. */
const clock = () => {
  let now = 1_700_000_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

function behavesAsASlidingLimiter(make: (now: () => number) => { one: SlidingLimiter; two: SlidingLimiter }) {
  it('grants exactly the limit to parallel reservations', async () => {
    const { one, two } = make(Date.now);
    const quota = [{ key: 'u:1', max: 5, windowMs: 10 * MINUTE }];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).reserve(quota)),
    );
    expect(granted(results)).toBe(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.blocked.key === 'u:1')).toBe(true);
  });

  it('is all or nothing across quotas and names the full one', async () => {
    const { one } = make(Date.now);
    const ip = { key: 'ip:a', max: 3, windowMs: MINUTE };
    for (let i = 0; i < 3; i++)
      expect((await one.reserve([{ key: `u:${i}`, max: 5, windowMs: MINUTE }, ip])).ok).toBe(true);
    const refused = await one.reserve([{ key: 'u:9', max: 5, windowMs: MINUTE }, ip]);
    expect(refused).toEqual({ ok: false, blocked: ip });
    // u:9 was not counted by the refused reservation.
    for (let i = 0; i < 5; i++)
      expect((await one.reserve([{ key: 'u:9', max: 5, windowMs: MINUTE }])).ok).toBe(true);
    expect((await one.reserve([{ key: 'u:9', max: 5, windowMs: MINUTE }])).ok).toBe(false);
  });

  it('gives a reservation back', async () => {
    const { one, two } = make(Date.now);
    const quotas = [
      { key: 'u:r', max: 1, windowMs: MINUTE },
      { key: 'ip:r', max: 2, windowMs: MINUTE },
    ];
    const first = await one.reserve(quotas);
    expect(first.ok).toBe(true);
    expect((await two.reserve(quotas)).ok).toBe(false);
    if (first.ok) await two.release(['u:r', 'ip:r'], first.token);
    expect((await one.reserve(quotas)).ok).toBe(true);
  });

  it('slides: an event counts for exactly its window', async () => {
    const time = clock();
    const { one } = make(time.now);
    const quota = [{ key: 'u:s', max: 2, windowMs: 10 * MINUTE }];
    expect((await one.reserve(quota)).ok).toBe(true);
    time.advance(4 * MINUTE);
    expect((await one.reserve(quota)).ok).toBe(true);
    expect((await one.reserve(quota)).ok).toBe(false);
    time.advance(6 * MINUTE - 1); // the first is 1 ms short of 10 minutes old
    expect((await one.reserve(quota)).ok).toBe(false);
    time.advance(1); // now exactly 10 minutes: out of the window
    expect((await one.reserve(quota)).ok).toBe(true);
    // A window that started afresh would let two more through here; the second event still counts.
    expect((await one.reserve(quota)).ok).toBe(false);
  });
}

describe('in-process sliding limiter', () => {
  behavesAsASlidingLimiter((now) => {
    const limiter = createMemorySlidingLimiter(now);
    return { one: limiter, two: limiter };
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis sliding limiter', () => {
  const url = process.env.TEST_REDIS_URL as string;
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  let round = 0;
  let a: Redis;
  let b: Redis;

  beforeAll(() => {
    a = new Redis(url);
    b = new Redis(url);
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length > 0) await a.del(...keys);
    await a.quit();
    await b.quit();
  });

  // Each test its own keys; two connections: two web processes.
  behavesAsASlidingLimiter((now) => {
    const options = { prefix: `${prefix}${round++}:`, now: now === Date.now ? undefined : now };
    return { one: createRedisSlidingLimiter(a, options), two: createRedisSlidingLimiter(b, options) };
  });

  it('keys expire with their window', async () => {
    const limiter = createRedisSlidingLimiter(a, { prefix: `${prefix}ttl:` });
    await limiter.reserve([{ key: 'u:t', max: 5, windowMs: 60_000 }]);
    const ttl = await a.pttl(`${prefix}ttl:u:t`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
