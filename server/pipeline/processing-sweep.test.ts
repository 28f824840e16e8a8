// Audit F7: a status-2 video whose video.process job was never enqueued (a kill between the commit
// and the enqueue) is enqueued by the sweep, at start and periodically; one with a live job is not
// enqueued twice, however many sweeps run at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoStatus } from '../../contract/catalog.ts';
import type { DB } from '../db/database.ts';
import { startJobs } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { JobRegistry } from '../jobs/registry.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { processVideoJob, processVideoKey } from './definitions.ts';
import { processingSweepHandler, sweepProcessingVideos } from './processing-sweep.ts';

let counter = 0;
async function processingVideo(db: DB, status: VideoStatus = 2): Promise<number> {
  counter += 1;
  const { id } = await db
    .insertInto('videos')
    .values({ dir: `sweep-${counter}`, title: `Sweep ${counter}`, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function jobsOf(db: DB, videoId: number): Promise<string[]> {
  const { rows } = await sql<{ state: string }>`
    SELECT state::text AS state FROM pgboss.job
    WHERE name = ${processVideoJob.name} AND singleton_key = ${processVideoKey(videoId)}
    ORDER BY created_on`.execute(db);
  return rows.map((r) => r.state);
}

describe.each(databaseKinds())('processing sweep on %s', (kind) => {
  let database: TestDatabase;
  let queue: JobQueue;
  const log = { error: () => {}, info: () => {} };
  const noWork = new JobRegistry().define(processVideoJob).handle(processVideoJob, async () => {});

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Enqueue only: the jobs stay 'created', as a live job waiting for a worker.
    queue = await startJobs(database.handle, {
      work: false,
      log,
      registry: noWork,
    } as unknown as Parameters<typeof startJobs>[1]);
  }, 60_000);

  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await database?.dispose();
  });

  it('enqueues a stranded video once, and never a second job next to a live one', async () => {
    const db = database.handle.db;
    const stranded = await processingVideo(db);
    const queued = await processingVideo(db);
    const published = await processingVideo(db, 1);
    await queue.enqueue(processVideoJob, { videoId: queued }, { singletonKey: processVideoKey(queued) });

    // Three sweeps at once (two processes starting together, say): one job each, still.
    const results = await Promise.all(
      [1, 2, 3].map(() => sweepProcessingVideos(db, queue, { includeFinished: true })),
    );
    expect(results.flat().filter((id) => id === stranded)).toEqual([stranded]);
    expect(results.flat()).not.toContain(queued);
    expect(await jobsOf(db, stranded)).toEqual(['created']);
    expect(await jobsOf(db, queued)).toEqual(['created']);
    expect(await jobsOf(db, published)).toEqual([]);
    expect(await sweepProcessingVideos(db, queue, { includeFinished: true })).toEqual([]);
  });

  it('leaves a video the pipeline finished at status 2 to the start-up sweep only, and skips fresh rows', async () => {
    const db = database.handle.db;
    const waiting = await processingVideo(db);
    await queue.enqueue(processVideoJob, { videoId: waiting }, { singletonKey: processVideoKey(waiting) });
    await sql`UPDATE pgboss.job SET state = 'completed', completed_on = now()
      WHERE singleton_key = ${processVideoKey(waiting)}`.execute(db);
    const periodic = await sweepProcessingVideos(db, queue, { includeFinished: false, graceMs: 0 });
    expect(periodic).not.toContain(waiting);
    const fresh = await processingVideo(db);
    const graced = await sweepProcessingVideos(db, queue, { includeFinished: true, graceMs: 60_000 });
    expect(graced).not.toContain(fresh);
    expect(await sweepProcessingVideos(db, queue, { includeFinished: true })).toEqual(
      expect.arrayContaining([waiting, fresh]),
    );
    expect(await jobsOf(db, waiting)).toEqual(['completed', 'created']);
  });

  it('the scheduled sweep (video.sweep) enqueues videos stranded over a minute, not finished ones', async () => {
    const db = database.handle.db;
    const old = await processingVideo(db);
    const fresh = await processingVideo(db);
    const finished = await processingVideo(db);
    await sql`UPDATE videos SET created_at = now() - interval '2 minutes' WHERE id IN (${old}, ${finished})`.execute(
      db,
    );
    await queue.enqueue(processVideoJob, { videoId: finished }, { singletonKey: processVideoKey(finished) });
    await sql`UPDATE pgboss.job SET state = 'completed', completed_on = now()
      WHERE singleton_key = ${processVideoKey(finished)}`.execute(db);
    const logged: object[] = [];
    const handler = processingSweepHandler({
      db,
      queue,
      log: { error: () => {}, info: (details) => void logged.push(details) },
    });
    const context = {
      id: 'sweep',
      name: 'video.sweep',
      retryCount: 0,
      singletonKey: 'scheduled',
      signal: new AbortController().signal,
      progress: async () => {},
    };
    await handler({}, context);
    expect(await jobsOf(db, old)).toEqual(['created']);
    expect(await jobsOf(db, fresh)).toEqual([]);
    expect(await jobsOf(db, finished)).toEqual(['completed']);
    expect(logged).toContainEqual({ videoIds: expect.arrayContaining([old]) });
    expect(logged.flatMap((d) => (d as { videoIds: number[] }).videoIds)).not.toContain(fresh);
  });

  it('a working process sweeps at start: the stranded video is processed', async () => {
    const other = await createTestDatabase(kind);
    const seen: number[] = [];
    let done: () => void = () => {};
    const processed = new Promise<void>((resolve) => {
      done = resolve;
    });
    const registry = new JobRegistry()
      .define(processVideoJob)
      .handle(processVideoJob, async ({ videoId }) => {
        seen.push(videoId);
        done();
      });
    const stranded = await processingVideo(other.handle.db);
    const worker = await startJobs(other.handle, {
      work: true,
      log,
      registry,
      queue: { pollingIntervalSeconds: 0.5 },
    } as unknown as Parameters<typeof startJobs>[1]);
    try {
      await Promise.race([
        processed,
        new Promise((_, reject) => setTimeout(() => reject(new Error('never processed')), 15_000)),
      ]);
      expect(seen).toEqual([stranded]);
    } finally {
      await worker.stop({ timeoutMs: 1000 });
      await other.dispose();
    }
  }, 30_000);
});
