// The view stage (issue 18): claims are atomic under parallel views, in process and across processes
// through Redis; a batch is taken by one flush only, and one left behind by a dead flush is applied
// once, by the record of applied batches.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import {
  coviewKeyOf,
  createMemoryViewStage,
  createRedisViewStage,
  type ViewClaim,
  type ViewStage,
} from './view-stage.ts';
import { createWatchRepository } from './watch.repository.ts';

const DAY = '2026-11-26';
const claim = (viewer: string, ip = '203.0.113.1', videoId = 1): ViewClaim => ({
  videoId,
  viewerHash: viewer,
  ipHash: ip,
  bucket: 20_000,
  day: DAY,
  ipCap: 5,
});

/** What a stage's take() hands out, added up per video and day. */
async function takeAll(stage: ViewStage) {
  const batches = await stage.take();
  const sum = new Map<string, number>();
  for (const b of batches)
    for (const v of b.views)
      sum.set(`${v.videoId}:${v.day}`, (sum.get(`${v.videoId}:${v.day}`) ?? 0) + v.views);
  for (const b of batches) await b.done();
  return Object.fromEntries(sum);
}

function contractSuite(name: string, makeStages: () => Promise<[ViewStage, ViewStage]>) {
  describe(name, () => {
    it('counts a viewer once and an address up to its cap, under 200 parallel views', async () => {
      const [one, two] = await makeStages();
      // 200 views of one video from one address, each a new user agent, half through each stage.
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? one : two).claim(claim(`g:${i}`))),
      );
      expect(answers.filter(Boolean)).toHaveLength(5);
      // One viewer from 50 addresses at once: once.
      const same = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? one : two).claim(claim('u:7', `198.51.100.${i}`)),
        ),
      );
      expect(same.filter(Boolean)).toHaveLength(1);
      // Another video is another count.
      expect(await one.claim(claim('u:7', '198.51.100.1', 2))).toBe(true);
      // Both see the one pending batch (the same stage, or the same Redis key): 5 + 1 + 1.
      expect(await one.pending()).toBe(7);
      expect(await two.pending()).toBe(7);
    });

    it('hands the pending views to one flush, then nothing', async () => {
      const [one, two] = await makeStages();
      for (let i = 0; i < 4; i++) await one.claim(claim(`g:${i}`, `192.0.2.${i}`));
      await two.claim(claim('g:x', '192.0.2.99', 3));
      const [a, b] = await Promise.all([takeAll(one), takeAll(two)]);
      const merged = { ...a, ...b };
      // In process each stage holds its own; in Redis one of the two takes them all.
      expect(Object.values(merged).reduce((s, n) => s + n, 0)).toBe(5);
      expect(await takeAll(one)).toEqual({});
      expect(await one.pending()).toBe(0);
    });

    it('stages one visit per counted view, by a compact key of the viewer (issue 32)', async () => {
      const [one, two] = await makeStages();
      await one.claim(claim('g:a', '192.0.2.1', 1));
      await two.claim(claim('g:a', '192.0.2.1', 2));
      await one.claim(claim('g:a', '192.0.2.1', 2)); // a repeat: no visit
      await two.claim(claim('u:9', '192.0.2.2', 1));
      expect(await one.pending()).toBe(3);
      const batches = [...(await one.take()), ...(await two.take())];
      const visits = batches.flatMap((b) => b.visits);
      const key = coviewKeyOf('g:a');
      expect(Number.isSafeInteger(key) && key > 0).toBe(true);
      expect(visits.sort((x, y) => x.videoId - y.videoId || x.viewer - y.viewer)).toEqual(
        [
          { day: DAY, viewer: key, videoId: 1 },
          { day: DAY, viewer: coviewKeyOf('u:9'), videoId: 1 },
          { day: DAY, viewer: key, videoId: 2 },
        ].sort((x, y) => x.videoId - y.videoId || x.viewer - y.viewer),
      );
      for (const b of batches) await b.done();
    });
  });
}

contractSuite('the view stage in process', async () => {
  const shared = createMemoryViewStage();
  return [shared, shared];
});

describe('the view stage in process, after a failed apply', () => {
  it('puts the views back for the next flush', async () => {
    const stage = createMemoryViewStage();
    await stage.claim(claim('g:1'));
    const [batch] = await stage.take();
    await batch?.failed();
    expect(await stage.pending()).toBe(1);
    expect(await takeAll(stage)).toEqual({ [`1:${DAY}`]: 1 });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('the view stage in Redis', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 2 });
    connections.push(redis);
    return redis;
  };
  afterAll(async () => {
    for (const redis of connections) await redis.quit();
  });
  // Two processes: two connections, one prefix (each test its own, so that tests never meet).
  contractSuite('across two connections', async () => {
    const prefix = `test:views:${randomUUID()}:`;
    return [createRedisViewStage(connect(), { prefix }), createRedisViewStage(connect(), { prefix })];
  });

  describe.each(databaseKinds())('with the database (%s)', (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database?.dispose());

    it('applies a batch left behind by a dead flush once, however many flushes find it', async () => {
      const db = database.handle.db;
      const repo = createWatchRepository(db);
      const video = Number((await insertVideo(db, { title: 'Left behind' })).id);
      const prefix = `test:views:${randomUUID()}:`;
      let clock = Date.now();
      const now = () => clock;
      const dead = createRedisViewStage(connect(), { prefix, now });
      for (let i = 0; i < 3; i++) await dead.claim(claim(`g:${i}`, `192.0.2.${i}`, video));
      // The dead process took its batch and never applied it.
      const [taken] = await dead.take();
      expect(taken?.views).toEqual([{ videoId: video, day: DAY, views: 3 }]);
      // Fresh, it is another flush's work in progress: left alone.
      const live = [
        createRedisViewStage(connect(), { prefix, now }),
        createRedisViewStage(connect(), { prefix, now }),
      ];
      expect(await live[0]?.take()).toEqual([]);
      // Past the abandon time, two processes find it at once: the counts move once.
      clock += 61_000;
      const found = await Promise.all(live.map((s) => s.take()));
      const batches = found.flat();
      expect(batches.length).toBe(2);
      const results = await Promise.all(batches.map((b) => repo.applyViews(b.id, b.views)));
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      await Promise.all(batches.map((b) => b.done()));
      const row = await db
        .selectFrom('videos')
        .select('views')
        .where('id', '=', video)
        .executeTakeFirstOrThrow();
      expect(Number(row.views)).toBe(3);
      expect((await live[0]?.take())?.length).toBe(0);
    });
  });
});
