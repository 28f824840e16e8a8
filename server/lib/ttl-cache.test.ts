import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('serves a hit until it expires, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 999;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1000;
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    const results = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('k', load)));
    expect(results).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
  });

  it('evicts the oldest entry past the limit', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await cache.getOrLoad('a', async () => 'a');
    await cache.getOrLoad('b', async () => 'b');
    await cache.getOrLoad('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('a', async () => 'reloaded')).toBe('reloaded');
  });
});

describe('TtlCache memory (audit F18)', () => {
  it('drops an expired entry without being asked for it again', async () => {
    const cache = new TtlCache<string>({ ttlMs: 30, maxEntries: 10 });
    await cache.getOrLoad('a', async () => 'a');
    await cache.getOrLoad('b', async () => 'b');
    expect(cache.size).toBe(2);
    // lru-cache's own timer drops them (ttlAutopurge): polled until it has.
    await vi.waitFor(() => expect(cache.size).toBe(0), { timeout: 2000, interval: 10 });
  });

  it('keeps nothing with a lifetime of 0', async () => {
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 0, maxEntries: 10 });
    expect(await cache.getOrLoad('k', async () => ++loads)).toBe(1);
    expect(await cache.getOrLoad('k', async () => ++loads)).toBe(2);
    expect(cache.size).toBe(0);
  });
});
