// Starting the jobs of a process: the registry's check first, then pg-boss, then (in a worker role)
// taking jobs. The wiring used by server/main.ts and cli/worker.ts.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle, ScriptRunner } from '../db/database.ts';
import { SESSION_SWEEP_CRON, sessionSweepJob } from '../modules/accounts/session-sweep.job.ts';
import { COVIEW_CRON, coviewJob, TRENDING_CRON, trendingJob } from '../modules/discovery/discovery.job.ts';
import { RECORDS_PURGE_CRON, recordsPurgeJob } from '../modules/records/records-retention.job.ts';
import { linkImportJob } from '../modules/upload/link-import.job.ts';
import { processVideoJob } from '../pipeline/definitions.ts';
import { PROCESSING_SWEEP_CRON, processingSweepJob } from '../pipeline/processing-sweep.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { defineJob } from './job.ts';
import { createJobRegistry, startJobs } from './jobs.ts';
import type { JobQueue } from './queue.ts';
import { JobRegistry, JobRegistryError } from './registry.ts';

const ping = defineJob({
  name: 'test.ping',
  payload: z.object({ n: z.number() }),
  retry: { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false },
  timeoutSeconds: 30,
});
const log = { error: () => {} };
// Never written to by these tests: they run their own jobs, or none.
const storage = new LocalStorage({ root: '/nonexistent/media' });
const fast = { pollingIntervalSeconds: 0.5 };

/** A handle that counts pg-boss's fetches through it (the `UPDATE … SET state = 'active', started_on = now()`). */
function countingFetches(handle: DatabaseHandle): { handle: DatabaseHandle; fetches: () => number } {
  let fetches = 0;
  const count = <R>(text: string, rows: R[]): R[] => {
    if (/state = 'active',\s+started_on = now\(\)/.test(text)) fetches += 1;
    return rows;
  };
  const counting = (session: ScriptRunner): ScriptRunner => ({
    exec: async <R>(script: string) => count(script, await session.exec<R>(script)),
    query: async <R>(text: string, params?: unknown[]) => count(text, await session.query<R>(text, params)),
  });
  return {
    handle: { ...handle, withSession: (fn) => handle.withSession((s) => fn(counting(s))) },
    fetches: () => fetches,
  };
}

async function pgbossInstalled(database: TestDatabase): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') AS found
  `.execute(database.handle.db);
  return rows[0]!.found;
}

describe.each(databaseKinds())('starting jobs on %s', (kind) => {
  let database: TestDatabase;
  let queue: JobQueue | null = null;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    queue = null;
    await database.dispose();
  });

  it('starts with the site registry (the media pipeline, the link import, the sweeps) and stops', async () => {
    const registry = createJobRegistry({ handle: database.handle, storage, log });
    expect(registry.definitions()).toEqual([
      processVideoJob,
      linkImportJob,
      processingSweepJob,
      coviewJob,
      trendingJob,
      recordsPurgeJob,
      sessionSweepJob,
    ]);
    queue = await startJobs(database.handle, { work: true, log, storage, queue: fast });
    expect(await pgbossInstalled(database)).toBe(true);
  });

  it('stores the periodic work as pg-boss schedules in a working process, not in one that only enqueues', async () => {
    const schedules = async () =>
      (
        await sql<{ name: string; cron: string; timezone: string }>`
          SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`.execute(database.handle.db)
      ).rows;
    queue = await startJobs(database.handle, { work: false, log, storage, queue: fast });
    expect(await schedules()).toEqual([]);
    await queue.stop({ timeoutMs: 1000 });
    queue = await startJobs(database.handle, { work: true, log, storage, queue: fast });
    expect(await schedules()).toEqual([
      { name: 'coview.compute', cron: COVIEW_CRON, timezone: 'UTC' },
      { name: 'records.purge', cron: RECORDS_PURGE_CRON, timezone: 'UTC' },
      { name: 'sessions.sweep', cron: SESSION_SWEEP_CRON, timezone: 'UTC' },
      { name: 'trending.refresh', cron: TRENDING_CRON, timezone: 'UTC' },
      { name: 'video.sweep', cron: PROCESSING_SWEEP_CRON, timezone: 'UTC' },
    ]);
    expect([SESSION_SWEEP_CRON, PROCESSING_SWEEP_CRON]).toEqual(['0 * * * *', '*/5 * * * *']);
  });

  it('works the jobs of the registry in a working process', async () => {
    const seen: number[] = [];
    const registry = new JobRegistry().define(ping).handle(ping, async ({ n }) => void seen.push(n));
    queue = await startJobs(database.handle, { work: true, log, storage, registry, queue: fast });
    const id = await queue.enqueue(ping, { n: 3 });
    const until = Date.now() + 15_000;
    while (seen.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([3]);
    // The queue records the completion after the handler returns: wait for it, as for the handler.
    let state = (await queue.info(ping, id!))?.state;
    while (state !== 'completed' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await queue.info(ping, id!))?.state;
    }
    expect(state).toBe('completed');
  });

  it('only enqueues in a process that does not work (WORKERS=off)', async () => {
    const seen: string[] = [];
    const registryOf = (role: string) =>
      new JobRegistry().define(ping).handle(ping, async ({ n }) => void seen.push(`${role}:${n}`));
    const enqueuing = countingFetches(database.handle);
    queue = await startJobs(enqueuing.handle, {
      work: false,
      log,
      storage,
      registry: registryOf('enqueuing'),
      queue: fast,
    });
    const id = await queue.enqueue(ping, { n: 4 });
    expect((await queue.info(ping, id!))?.state).toBe('created');
    // A working process on the same database takes the job; a worker in the first process would have
    // polled from its start, long before, and every poll goes through its handle.
    const working = await startJobs(database.handle, {
      work: true,
      log,
      storage,
      registry: registryOf('working'),
      queue: fast,
    });
    try {
      const until = Date.now() + 15_000;
      let state = (await queue.info(ping, id!))?.state;
      while (state !== 'completed' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        state = (await queue.info(ping, id!))?.state;
      }
      expect(state).toBe('completed');
    } finally {
      await working.stop({ timeoutMs: 1000 });
    }
    expect(seen).toEqual(['working:4']);
    expect(enqueuing.fetches()).toBe(0);
  });

  it('refuses a job without a handler before touching the database', async () => {
    const registry = new JobRegistry().define(ping);
    await expect(startJobs(database.handle, { work: true, log, storage, registry })).rejects.toBeInstanceOf(
      JobRegistryError,
    );
    expect(await pgbossInstalled(database)).toBe(false);
  });
});
