// The queue on a real database, PGlite and PostgreSQL: pg-boss with short intervals so retries show.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostgresDatabase, createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { defineJob, type JobDefinition } from './job.ts';
import { jobMetricsRegistry } from './job-metrics.ts';
import { PgBossQueue } from './pg-boss-queue.ts';
import type { JobQueue } from './queue.ts';

const payload = z.object({ videoId: z.number().int().positive() });

/**
 * A test job: retried after 1 s, then 2 s… (backoff), unless `retryAt: 'once'` retries it at once, for
 * the tests about what is retried rather than when.
 */
function job(
  name: string,
  retryLimit: number,
  timeoutSeconds = 60,
  retryAt: 'backoff' | 'once' = 'backoff',
): JobDefinition<string, typeof payload> {
  return defineJob({
    name,
    payload,
    retry:
      retryAt === 'once'
        ? { retryLimit, retryDelaySeconds: 0, retryBackoff: false }
        : { retryLimit, retryDelaySeconds: 1, retryBackoff: true },
    timeoutSeconds,
  });
}

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databaseKinds())('pg-boss queue on %s', (kind) => {
  let database: TestDatabase;
  const queues: JobQueue[] = [];
  const newQueue = () => {
    const queue = new PgBossQueue(database.handle, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    queues.push(queue);
    return queue;
  };

  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop({ timeoutMs: 1000 });
    await database.dispose();
  });

  it('times each run by outcome, counts failures, and reports the depth of each queue', async () => {
    const ok = job('test.metrics-ok', 0);
    const bad = job('test.metrics-bad', 0);
    const queue = newQueue();
    await queue.register([ok, bad]);
    let runs = 0;
    await queue.work(ok, async () => {
      runs += 1;
    });
    await queue.work(bad, async () => {
      throw new Error('this job fails');
    });
    const sample = async (metric: string, labels: string) => {
      const text = await jobMetricsRegistry.metrics();
      const line = text.split('\n').find((l) => l.startsWith(`${metric}{`) && l.includes(labels));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await sample('job_failures_total', 'name="test.metrics-bad"');
    const completedBefore = await sample(
      'job_duration_seconds_count',
      'name="test.metrics-ok",outcome="completed"',
    );
    await queue.enqueue(ok, { videoId: 1 });
    await queue.enqueue(bad, { videoId: 2 });
    await waitFor(
      'both runs',
      async () => runs === 1 && (await sample('job_failures_total', 'name="test.metrics-bad"')) > before,
    );
    expect(await sample('job_duration_seconds_count', 'name="test.metrics-ok",outcome="completed"')).toBe(
      completedBefore + 1,
    );
    expect(await sample('job_duration_seconds_count', 'name="test.metrics-bad",outcome="failed"')).toBe(
      before + 1,
    );
    // The monitor (every second here) counts the failed job in its queue.
    await waitFor(
      'the failed count',
      async () => (await sample('job_queue_depth', 'name="test.metrics-bad",state="failed"')) >= 1,
    );
  });

  it('runs a job once, with its payload, and records its progress', async () => {
    const definition = job('test.once', 2);
    const queue = newQueue();
    await queue.register([definition]);
    const runs: Array<{ videoId: number; retryCount: number; key: string | null }> = [];
    await queue.work(definition, async (data, context) => {
      await context.progress(40);
      runs.push({ videoId: data.videoId, retryCount: context.retryCount, key: context.singletonKey });
    });
    const id = await queue.enqueue(definition, { videoId: 7 }, { singletonKey: 'video:7' });
    expect(id).toEqual(expect.any(String));
    await waitFor('completion', async () => (await queue.info(definition, id!))?.state === 'completed');
    // No fixed pause for a second run to show: a completed job is never fetched again, and this worker
    // takes one job at a time, so once a later job has run, any other run of the first has ended.
    const later = await queue.enqueue(definition, { videoId: 8 }, { singletonKey: 'video:8' });
    await waitFor('the later job', async () => (await queue.info(definition, later!))?.state === 'completed');
    expect(runs).toEqual([
      { videoId: 7, retryCount: 0, key: 'video:7' },
      { videoId: 8, retryCount: 0, key: 'video:8' },
    ]);
    const progress = await database.handle.db
      .selectFrom('job_progress')
      .selectAll()
      .where('job_id', '=', id!)
      .execute();
    expect(progress).toMatchObject([
      { job_id: id, name: 'test.once', singleton_key: 'video:7', percent: 100 },
    ]);
  });

  it('refuses a payload that does not match the schema', async () => {
    const definition = job('test.schema', 0);
    const queue = newQueue();
    await queue.register([definition]);
    await expect(queue.enqueue(definition, { videoId: -1 })).rejects.toThrow();
  });

  it('retries a failing job with growing delays, then fails it', async () => {
    const definition = job('test.failing', 2);
    const queue = newQueue();
    await queue.register([definition]);
    const attempts: number[] = [];
    await queue.work(definition, async () => {
      attempts.push(Date.now());
      throw new Error('ffmpeg exploded');
    });
    const id = await queue.enqueue(definition, { videoId: 1 });
    const info = await waitFor('failure', async () => {
      const i = await queue.info(definition, id!);
      return i?.state === 'failed' ? i : null;
    });
    expect(info.retryCount).toBe(2);
    expect(attempts).toHaveLength(3);
    const [a, b, c] = attempts as [number, number, number];
    // Backoff: the first retry waits 1–2 s, the second 2–4 s (plus polling).
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1900);
  });

  it('runs a job again when its worker stopped mid-run, and a new worker completes it', async () => {
    const definition = job('test.resume', 3, 60, 'once');
    const first = newQueue();
    await first.register([definition]);
    let started = false;
    await first.work(definition, async () => {
      started = true;
      await new Promise(() => {}); // a transcode that never ends: the worker is going away
    });
    const id = await first.enqueue(definition, { videoId: 3 }, { singletonKey: 'video:3' });
    await waitFor('first run to start', async () => started);
    await first.stop({ timeoutMs: 1000 });
    expect((await newQueue().info(definition, id!))?.state).toBe('retry');

    const second = newQueue();
    await second.register([definition]);
    const retries: number[] = [];
    await second.work(definition, async (_data, context) => void retries.push(context.retryCount));
    await waitFor('completion', async () => (await second.info(definition, id!))?.state === 'completed');
    expect(retries).toEqual([1]);
  });

  it('stop() returns once a run it aborted has returned: nothing writes after the caller closes', async () => {
    const definition = job('test.settle', 0, 60, 'once');
    const queue = newQueue();
    await queue.register([definition]);
    const events: string[] = [];
    await queue.work(definition, async (_data, context) => {
      events.push('started');
      await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      // An aborted transcode still records its outcome: a statement after the abort.
      await database.handle.db.selectFrom('videos').select('id').limit(1).execute();
      events.push('returned');
    });
    await queue.enqueue(definition, { videoId: 6 });
    await waitFor('the run to start', async () => events.includes('started'));
    await queue.stop({ timeoutMs: 1000 });
    events.push('stopped');
    expect(events).toEqual(['started', 'returned', 'stopped']);
  });

  it('fails a run that outlives its timeout and runs it again', async () => {
    const definition = job('test.timeout', 2, 1, 'once');
    const queue = newQueue();
    await queue.register([definition]);
    const runs: number[] = [];
    await queue.work(definition, async (_data, context) => {
      runs.push(context.retryCount);
      if (context.retryCount === 0) await new Promise(() => {}); // hangs: only the timeout ends it
    });
    const id = await queue.enqueue(definition, { videoId: 4 });
    await waitFor('completion', async () => (await queue.info(definition, id!))?.state === 'completed');
    expect(runs).toEqual([0, 1]);
  });

  it('drops a second job with the same singleton key while the first waits', async () => {
    const definition = job('test.singleton', 0);
    const queue = newQueue();
    await queue.register([definition]);
    const first = await queue.enqueue(definition, { videoId: 5 }, { singletonKey: 'video:5' });
    const again = await queue.enqueue(definition, { videoId: 5 }, { singletonKey: 'video:5' });
    const other = await queue.enqueue(definition, { videoId: 6 }, { singletonKey: 'video:6' });
    const unkeyed = [
      await queue.enqueue(definition, { videoId: 5 }),
      await queue.enqueue(definition, { videoId: 5 }),
    ];
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(unkeyed).toEqual([expect.any(String), expect.any(String)]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('pg-boss queue with a worker process killed mid-job', () => {
  it('runs the job again in another worker once its timeout passes', async () => {
    const database = await createPostgresDatabase();
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'crash-worker.fixture.ts')], {
      env: { ...process.env, CRASH_DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const queue = new PgBossQueue(database.handle, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    try {
      // The same definition as the fixture's.
      const definition = defineJob({
        name: 'test.crash',
        payload,
        retry: { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false },
        timeoutSeconds: 2,
      });
      await waitFor('the worker process', async () => output.includes('ready'));
      await queue.register([definition]);
      const id = await queue.enqueue(definition, { videoId: 9 }, { singletonKey: 'video:9' });
      await waitFor('the job to start in the worker process', async () => output.includes('started 9'));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      expect((await queue.info(definition, id!))?.state).toBe('active');

      const retries: number[] = [];
      await queue.work(definition, async (_data, context) => void retries.push(context.retryCount));
      await waitFor('completion', async () => (await queue.info(definition, id!))?.state === 'completed');
      expect(retries).toEqual([1]);
    } finally {
      child.kill('SIGKILL');
      await queue.stop({ timeoutMs: 1000 });
      await database.dispose();
    }
  });
});
