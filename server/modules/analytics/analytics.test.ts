// First-party analytics (issue 17): a call's events become counts, the stage adds them up exactly
// under parallel calls (in process, and across processes through Redis), the address's budget is
// atomic, and a flush writes each batch once into stats_daily. The video views' day total lands in
// stats_daily with the view counter's own flush.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsEvent } from '../../../contract/analytics.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { createWatchRepository } from '../watch/watch.repository.ts';
import { countsOf, createAnalyticsService } from './analytics.service.ts';
import { createStatsRepository } from './stats.repository.ts';
import { createMemoryStatsStage, createRedisStatsStage, type StatsStage } from './stats-stage.ts';

const DAY = '2026-11-26';
const NOON = Date.parse(`${DAY}T12:00:00Z`);
const hit = (route: string, campaign?: string): StatsEvent => ({
  type: 'hit',
  route,
  ...(campaign ? { campaign } : {}),
});
const goal = (name: string): StatsEvent => ({ type: 'goal', name });

/** stats_daily as { 'metric|name': count } for one day. */
async function daily(database: TestDatabase, day = DAY) {
  const rows = await database.handle.db
    .selectFrom('stats_daily')
    .select(['metric', 'name', 'count'])
    .where('day', '=', day)
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.metric}|${r.name}`, Number(r.count)]));
}

describe('countsOf', () => {
  it('adds up a call per metric and name; a campaign counts beside its page view', () => {
    const counts = countsOf(
      [hit('routes/video', 'spring'), hit('routes/video'), hit('routes/home', 'spring'), goal('player_play')],
      DAY,
    );
    expect(counts).toEqual([
      { day: DAY, metric: 'page_view', name: 'routes/video', count: 2 },
      { day: DAY, metric: 'campaign', name: 'spring', count: 2 },
      { day: DAY, metric: 'page_view', name: 'routes/home', count: 1 },
      { day: DAY, metric: 'goal', name: 'player_play', count: 1 },
    ]);
  });
});

describe('the stats stage in process', () => {
  const budget = (key: string, max = 3) => ({ key, max, windowMs: 60_000 });
  it('refuses a call past the address budget, atomically, and counts nothing of it', async () => {
    let clock = NOON;
    const stage = createMemoryStatsStage({ now: () => clock });
    const one = [{ day: DAY, metric: 'goal' as const, name: 'x', count: 1 }];
    const answers = await Promise.all(Array.from({ length: 10 }, () => stage.add(one, budget('a'))));
    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(await stage.add(one, budget('b'))).toBe(true);
    expect(await stage.pending()).toBe(4);
    // A minute later the address has its budget again.
    clock += 60_001;
    expect(await stage.add(one, budget('a'))).toBe(true);
  });

  it('puts a failed batch back for the next flush', async () => {
    const stage = createMemoryStatsStage();
    await stage.add([{ day: DAY, metric: 'goal', name: 'x', count: 2 }], budget('a'));
    const [batch] = await stage.take();
    await batch?.failed();
    expect(await stage.pending()).toBe(2);
    const [again] = await stage.take();
    expect(again?.counts).toEqual([{ day: DAY, metric: 'goal', name: 'x', count: 2 }]);
    expect(await stage.take()).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
const connect = () => {
  const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 2 });
  connections.push(redis);
  return redis;
};
afterAll(async () => {
  for (const redis of connections) await redis.quit();
});

describe.each(databaseKinds())('analytics with the database (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());
  const clear = () => database.handle.db.deleteFrom('stats_daily').execute();

  /** Two services (two web processes) over the given stages. */
  const servicesOver = (stages: [StatsStage, StatsStage]) =>
    stages.map((stage) =>
      createAnalyticsService(createStatsRepository(database.handle.db), { stage, now: () => NOON }),
    );

  function parallelSuite(name: string, makeStages: () => [StatsStage, StatsStage]) {
    it(`${name}: 20 parallel calls add up exactly, written once by racing flushes`, async () => {
      await clear();
      const [one, two] = servicesOver(makeStages());
      if (!one || !two) throw new Error('no services');
      // 20 calls from 20 addresses, half through each process: 3 page views (one with a campaign)
      // and 2 goals each.
      const calls = Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? one : two).record(
          [
            hit('routes/video', 'spring'),
            hit('routes/video'),
            hit('routes/home'),
            goal('player_play'),
            goal('tablink_click'),
          ],
          { ip: `198.51.100.${i + 1}` },
        ),
      );
      expect((await Promise.all(calls)).map((r) => r.accepted)).toEqual(Array(20).fill(5));
      // Both processes flush at once, twice: every count is written, none twice.
      await Promise.all([one.flush(), two.flush(), one.flush(), two.flush()]);
      await Promise.all([one.flush(), two.flush()]);
      expect(await daily(database)).toEqual({
        'page_view|routes/video': 40,
        'page_view|routes/home': 20,
        'campaign|spring': 20,
        'goal|player_play': 20,
        'goal|tablink_click': 20,
      });
      expect(await one.unflushed()).toBe(0);
      // More later adds to the same rows.
      await one.record([goal('player_play')], { ip: '198.51.100.1' });
      expect(await one.flush()).toEqual({ events: 1, batches: 1 });
      expect((await daily(database))['goal|player_play']).toBe(21);
      expect(await one.daily('goal', DAY, DAY)).toEqual([
        { day: DAY, metric: 'goal', name: 'player_play', count: 21 },
        { day: DAY, metric: 'goal', name: 'tablink_click', count: 20 },
      ]);
    });

    it(`${name}: an address past its budget is refused with 429, its calls not counted`, async () => {
      await clear();
      const stages = makeStages();
      const [one, two] = stages.map((stage) =>
        createAnalyticsService(createStatsRepository(database.handle.db), {
          stage,
          now: () => NOON,
          callsPerMinute: 5,
        }),
      );
      if (!one || !two) throw new Error('no services');
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? one : two).record([goal('g')], { ip: '203.0.113.9' }),
        ),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      // In process each service has its own budget (5 each); in Redis they share one (5 in all).
      const shared = name.includes('Redis');
      expect(results.length - refused.length).toBe(shared ? 5 : 10);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
        code: 'too_many_requests',
        status: 429,
      });
      await Promise.all([one.flush(), two.flush()]);
      expect(await daily(database)).toEqual({ 'goal|g': shared ? 5 : 10 });
    });
  }

  parallelSuite('in process', () => [createMemoryStatsStage(), createMemoryStatsStage()]);

  describe.skipIf(!redisUrl)('in Redis', () => {
    parallelSuite('two stages on one Redis', () => {
      const prefix = `test:stats:${randomUUID()}:`;
      return [createRedisStatsStage(connect(), { prefix }), createRedisStatsStage(connect(), { prefix })];
    });

    it('writes a batch left behind by a dead flush once, however many flushes find it', async () => {
      await clear();
      const prefix = `test:stats:${randomUUID()}:`;
      let clock = NOON;
      const now = () => clock;
      const dead = createRedisStatsStage(connect(), { prefix, now });
      await dead.add(countsOf([hit('routes/video'), goal('player_play')], DAY), {
        key: 'x',
        max: 10,
        windowMs: 60_000,
      });
      // The dead process took its batch and never wrote it.
      expect((await dead.take()).length).toBe(1);
      const live = [
        createRedisStatsStage(connect(), { prefix, now }),
        createRedisStatsStage(connect(), { prefix, now }),
      ];
      expect(await live[0]?.take()).toEqual([]);
      clock += 61_000;
      const batches = (await Promise.all(live.map((s) => s.take()))).flat();
      expect(batches).toHaveLength(2);
      const repo = createStatsRepository(database.handle.db);
      const results = await Promise.all(batches.map((b) => repo.applyCounts(b.id, b.counts)));
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      await Promise.all(batches.map((b) => b.done()));
      expect(await daily(database)).toEqual({ 'page_view|routes/video': 1, 'goal|player_play': 1 });
      expect(await live[0]?.take()).toEqual([]);
    });
  });

  it('applies a batch id once (the ledger)', async () => {
    await clear();
    const repo = createStatsRepository(database.handle.db);
    const counts = countsOf([goal('once')], DAY);
    const id = `stats:test:${randomUUID()}`;
    const [a, b] = await Promise.all([repo.applyCounts(id, counts), repo.applyCounts(id, counts)]);
    expect([a.applied, b.applied].sort()).toEqual([false, true]);
    expect(await daily(database)).toEqual({ 'goal|once': 1 });
  });

  it("adds each day's video views to stats_daily in the view counter's flush", async () => {
    await clear();
    const db = database.handle.db;
    const watch = createWatchRepository(db);
    const a = Number((await insertVideo(db, { title: 'Counted one' })).id);
    const b = Number((await insertVideo(db, { title: 'Counted two' })).id);
    await watch.applyViews(`v:${randomUUID()}`, [
      { videoId: a, day: DAY, views: 3 },
      { videoId: b, day: DAY, views: 4 },
      { videoId: a, day: '2026-11-25', views: 2 },
      // A video that is gone counts nowhere.
      { videoId: 999_999, day: DAY, views: 50 },
    ]);
    const again = `v:${randomUUID()}`;
    await watch.applyViews(again, [{ videoId: b, day: DAY, views: 1 }]);
    // The same batch again (a flush that found it left behind) changes nothing.
    await watch.applyViews(again, [{ videoId: b, day: DAY, views: 1 }]);
    expect(await daily(database)).toEqual({ 'video_view|': 8 });
    expect(await daily(database, '2026-11-25')).toEqual({ 'video_view|': 2 });
  });
});
