// Periodic work as pg-boss schedules (issue 12): the clock of a working process sends a due job, on
// PGlite (the embedded default, one process) and on PostgreSQL; and two instances on one PostgreSQL
// database run a sweep once per tick, not once each. The crons here are every minute and the clock
// checks every second, so both instances contend for every tick many times over. A tick is a minute of
// the database's clock, which no test can move: the two-instance test counts each clock's checks instead
// of waiting for the next minute, and groups the jobs by the minute they were created in.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type DB, postgresHandle, type ScriptRunner } from '../db/database.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { registerSessionSweepJob, sessionSweepJob } from '../modules/accounts/session-sweep.job.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { createPostgresDatabase, createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { insertUser } from '../test/fixtures.ts';
import { startJobs } from './jobs.ts';
import type { JobQueue } from './queue.ts';
import { JobRegistry } from './registry.ts';

const EVERY_MINUTE = '* * * * *';
const log = { error: () => {}, info: () => {} };
const storage = new LocalStorage({ root: '/nonexistent/media' });
/** The clock checks every second and forwards at once; workers poll twice a second. */
const fastClock = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

async function waitFor(what: string, done: () => boolean | Promise<boolean>, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One instance's handle, recording each check of its clock: pg-boss's `UPDATE … SET cron_on = now()`,
 * which returns a row (won) only for the instance whose turn it is; that one then reads the schedules and
 * sends the due ones.
 */
function countingClock(handle: DatabaseHandle): {
  handle: DatabaseHandle;
  checks: { at: number; won: boolean }[];
} {
  const checks: { at: number; won: boolean }[] = [];
  const count = <R>(text: string, rows: R[]): R[] => {
    if (text.includes('SET cron_on = now()')) checks.push({ at: Date.now(), won: rows.length > 0 });
    return rows;
  };
  const counting = (session: ScriptRunner): ScriptRunner => ({
    exec: async <R>(script: string) => count(script, await session.exec<R>(script)),
    query: async <R>(text: string, params?: unknown[]) => count(text, await session.query<R>(text, params)),
  });
  return { checks, handle: { ...handle, withSession: (fn) => handle.withSession((s) => fn(counting(s))) } };
}

async function addSession(db: DB, userId: number, token: string, expires: Date) {
  await db
    .insertInto('sessions')
    .values({ token_hash: token, user_id: userId, expires_at: expires, ip: null, user_agent: null })
    .execute();
}

async function sessionTokens(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute();
  return rows.map((r) => r.token_hash);
}

describe.each(databaseKinds())('the schedules’ clock on %s', (kind) => {
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

  it('runs the session sweep when due in a working process: the expired session goes, the live one stays', async () => {
    const db = database.handle.db;
    const userId = Number((await insertUser(db, 'sweep_clock')).id);
    await addSession(db, userId, 'expired', new Date(Date.now() - 60_000));
    await addSession(db, userId, 'live', new Date(Date.now() + 86_400_000));
    let runs = 0;
    const repo = createAccountsRepository(db);
    const registry = registerSessionSweepJob(
      new JobRegistry(),
      {
        repo: {
          deleteExpiredSessions: (now) => {
            runs += 1;
            return repo.deleteExpiredSessions(now);
          },
        },
        log,
      },
      EVERY_MINUTE,
    );
    queue = await startJobs(database.handle, { work: true, log, storage, registry, queue: fastClock });
    await waitFor('the scheduled sweep', () => runs > 0);
    await waitFor('its job to complete', async () => {
      const { rows } = await sql<{ state: string }>`
        SELECT state::text AS state FROM pgboss.job WHERE name = ${sessionSweepJob.name}`.execute(db);
      return rows.some((r) => r.state === 'completed');
    });
    expect(await sessionTokens(db)).toEqual(['live']);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: (TestDatabase & { url: string }) | null = null;
  let second: DatabaseHandle | null = null;
  const queues: JobQueue[] = [];
  beforeEach(async () => {
    database = await createPostgresDatabase();
    // The second instance's own pool, as another process would have.
    second = postgresHandle(database.url, 4);
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop({ timeoutMs: 1000 });
    await second?.close();
    await database?.dispose();
  });

  it('run the sweep once per tick, not once each', async () => {
    const clocks = [countingClock(database!.handle), countingClock(second!)];
    // Each run: which instance took it.
    const runs: { instance: number }[] = [];
    const registryOf = (instance: number, handle: DatabaseHandle) => {
      const repo = createAccountsRepository(handle.db);
      return registerSessionSweepJob(
        new JobRegistry(),
        {
          repo: {
            deleteExpiredSessions: (now) => {
              runs.push({ instance });
              return repo.deleteExpiredSessions(now);
            },
          },
          log,
        },
        EVERY_MINUTE,
      );
    };
    for (const [instance, { handle }] of clocks.entries()) {
      queues.push(
        await startJobs(handle, {
          work: true,
          log,
          storage,
          registry: registryOf(instance, handle),
          queue: fastClock,
        }),
      );
    }
    // Contention within one tick (a minute of the database's clock, by when its job was created): the job
    // ran, then each clock checked that same minute three more times, and two of those checks won the
    // turn and sent the due schedules again: each a second job, had the once-per-tick guard failed.
    // Whatever second of the minute the test starts at, a later minute offers that within seconds.
    const db = database!.handle.db;
    const minute = (ms: number) => Math.floor(ms / 60_000);
    let tick = -1;
    await waitFor('both clocks to check a tick after its run', async () => {
      const { rows } = await sql<{ created: string | number; completed: string | number }>`
        SELECT extract(epoch FROM created_on) * 1000 AS created, extract(epoch FROM completed_on) * 1000 AS completed
        FROM pgboss.job WHERE name = ${sessionSweepJob.name} AND state = 'completed'`.execute(db);
      const contended = rows.find(({ created, completed }) => {
        const after = clocks.map(({ checks }) =>
          checks.filter(({ at }) => at > Number(completed) && minute(at) === minute(Number(created))),
        );
        return after.every((c) => c.length >= 3) && after.flat().filter((c) => c.won).length >= 2;
      });
      if (contended) tick = minute(Number(contended.created));
      return contended !== undefined;
    });
    // Stopped, so that no run is under way while the jobs are counted.
    for (const queue of queues.splice(0)) await queue.stop({ timeoutMs: 5000 });
    const { rows } = await sql<{ tick: string | number; n: string | number; completed: string | number }>`
      SELECT floor(extract(epoch FROM created_on) / 60) AS tick, count(*) AS n,
        count(*) FILTER (WHERE state = 'completed') AS completed
      FROM pgboss.job WHERE name = ${sessionSweepJob.name} GROUP BY 1 ORDER BY 1`.execute(db);
    const jobsPerTick = rows.map((r) => ({ tick: Number(r.tick), jobs: Number(r.n) }));
    // The contended tick had one job, and so had every other tick the test saw.
    expect(jobsPerTick).toContainEqual({ tick, jobs: 1 });
    expect(jobsPerTick.filter((t) => t.jobs !== 1)).toEqual([]);
    // And each job ran once: one run per tick, not one per instance.
    expect(runs).toHaveLength(rows.reduce((sum, r) => sum + Number(r.completed), 0));
  }, 150_000);
});
