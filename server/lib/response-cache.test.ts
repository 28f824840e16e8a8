import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryResponseCache,
  createNoResponseCache,
  createRedisResponseCache,
  purgePrefix,
} from './response-cache.ts';

const body = (s: string) => Buffer.from(s);

describe('memory response cache', () => {
  it('keeps bytes for the lifetime, capped, and shares concurrent loads', async () => {
    let now = 0;
    let loads = 0;
    const cache = createMemoryResponseCache({ maxTtlSeconds: 100, now: () => now });
    const load = async () => body(`v${++loads}`);
    const [a, b] = await Promise.all([cache.getOrLoad('k', 50, load), cache.getOrLoad('k', 50, load)]);
    expect([a.toString(), b.toString(), loads]).toEqual(['v1', 'v1', 1]);
    now = 49_000;
    expect((await cache.getOrLoad('k', 50, load)).toString()).toBe('v1');
    now = 50_001;
    expect((await cache.getOrLoad('k', 50, load)).toString()).toBe('v2');
    // A lifetime above the cap is kept only for the cap.
    await cache.getOrLoad('long', 86_400, load);
    now += 100_001;
    expect((await cache.getOrLoad('long', 86_400, load)).toString()).toBe('v4');
  });

  it('evicts the oldest past its size and forgets failures', async () => {
    const cache = createMemoryResponseCache({ maxBytes: 4 });
    let loads = 0;
    await cache.getOrLoad('a', 60, async () => body('aa'));
    await cache.getOrLoad('b', 60, async () => body('bb'));
    await cache.getOrLoad('c', 60, async () => body('cc'));
    await cache.getOrLoad('a', 60, async () => body(`a${++loads}`));
    expect(loads).toBe(1);
    await expect(cache.getOrLoad('x', 60, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.getOrLoad('x', 60, async () => body('ok'))).toString()).toBe('ok');
  });

  it('the off switch always loads', async () => {
    const cache = createNoResponseCache();
    let loads = 0;
    await cache.getOrLoad('k', 60, async () => body(`${++loads}`));
    await cache.getOrLoad('k', 60, async () => body(`${++loads}`));
    expect(loads).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('redis response cache', () => {
  it('stores bytes with an expiry under its prefix', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    const prefix = `test:${process.pid}:`;
    const cache = createRedisResponseCache(redis, { prefix });
    let loads = 0;
    const load = async () => body(`v${++loads}`);
    expect((await cache.getOrLoad('k', 60, load)).toString()).toBe('v1');
    expect((await cache.getOrLoad('k', 60, load)).toString()).toBe('v1');
    const ttl = await redis.ttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(50);
    await cache.clear();
    expect(await redis.exists(`${prefix}k`)).toBe(0);
    await cache.close();
  });

  it('clears exactly its prefix by SCAN, in batches of at most 500, without KEYS (issue 12)', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    // Glob characters in the prefix: unescaped, `[x]` would also match the neighbour `…:x:` below.
    const base = `test:${process.pid}:${Date.now()}`;
    const prefix = `${base}:[x]:`;
    const others = [`${base}:x:1`, `${base}:other:1`, `${base}:[x]`, `${base}:other:2`];
    try {
      const pipeline = redis.pipeline();
      for (let i = 0; i < 1200; i++) pipeline.set(`${prefix}${i}`, 'v', 'EX', 120);
      for (const key of others) pipeline.set(key, 'keep', 'EX', 120);
      await pipeline.exec();
      const keys = vi.spyOn(redis, 'keys');
      const unlink = vi.spyOn(redis, 'unlink');
      const cache = createRedisResponseCache(redis, { prefix });
      await cache.clear();
      expect(keys).not.toHaveBeenCalled();
      for (const call of unlink.mock.calls) expect(call.length).toBeLessThanOrEqual(500);
      const remaining = new Set<string>();
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${base}*`, 'COUNT', 1000);
        for (const key of batch) remaining.add(key);
        cursor = next;
      } while (cursor !== '0');
      expect([...remaining].sort()).toEqual([...others].sort());
      // Nothing left to remove: a second purge finds nothing.
      expect(await purgePrefix(redis, prefix)).toBe(0);
    } finally {
      await redis.del(...others);
      redis.disconnect();
    }
  });
});

describe('memory response cache memory (audit F18)', () => {
  it('drops an expired body without being asked for it again', async () => {
    const cache = createMemoryResponseCache();
    await cache.getOrLoad('short', 0.03, async () => body('12345'));
    await cache.getOrLoad('long', 60, async () => body('678'));
    expect(cache.stats()).toEqual({ entries: 2, bytes: 8 });
    // Dropped by the cache's own expiry timer: polled until it has.
    await vi.waitFor(() => expect(cache.stats()).toEqual({ entries: 1, bytes: 3 }), {
      timeout: 2000,
      interval: 10,
    });
    expect(cache.peek('long')?.toString()).toBe('678');
  });

  it('stays under its byte cap, the least recently used going first', async () => {
    const cache = createMemoryResponseCache({ maxBytes: 10 });
    await cache.getOrLoad('a', 60, async () => body('aaaa'));
    await cache.getOrLoad('b', 60, async () => body('bbbb'));
    expect(cache.peek('a')?.toString()).toBe('aaaa'); // a is now the most recent
    await cache.getOrLoad('c', 60, async () => body('cccc'));
    expect(cache.stats()).toEqual({ entries: 2, bytes: 8 });
    expect(cache.peek('b')).toBeUndefined();
    await cache.getOrLoad('huge', 60, async () => body('x'.repeat(11)));
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
  });

  it('caps the number of entries', async () => {
    const cache = createMemoryResponseCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, 60, async () => body(key));
    expect(cache.stats().entries).toBe(2);
    expect(cache.peek('a')).toBeUndefined();
  });
});
