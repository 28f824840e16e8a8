// Periodic work as pg-boss schedules (issue 12): the clock of a working process sends a due job, on
// PGlite (the embedded default, one process) and on PostgreSQL; and two instances on one PostgreSQL
// database run a sweep once per tick, not once each. The crons here are every minute and the clock
// checks every second, so both instances contend for every tick many times over.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type DB, postgresHandle } from '../db/database.ts';
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
    const handles = [database!.handle, second!];
    // Each run: which instance, and the minute (the tick) its job was sent for.
    const runs: { instance: number; tick: number }[] = [];
    const registryOf = (instance: number, handle: DatabaseHandle) => {
      const repo = createAccountsRepository(handle.db);
      return registerSessionSweepJob(
        new JobRegistry(),
        {
          repo: {
            deleteExpiredSessions: (now) => {
              runs.push({ instance, tick: Math.floor(now.getTime() / 60_000) });
              return repo.deleteExpiredSessions(now);
            },
          },
          log,
        },
        EVERY_MINUTE,
      );
    };
    // Start well inside a minute, so that the first tick's contention all happens before the next tick.
    while (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, 250));
    const startedTick = Math.floor(Date.now() / 60_000);
    for (const [instance, handle] of handles.entries()) {
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
    // The next tick's run ends the first tick: by then both clocks have checked it dozens of times.
    await waitFor('the next tick', () => runs.some((r) => r.tick > startedTick));
    const firstTick = runs.filter((r) => r.tick === startedTick);
    expect(firstTick).toHaveLength(1);
    const { rows } = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM pgboss.job
      WHERE name = ${sessionSweepJob.name} AND created_on < to_timestamp(${(startedTick + 1) * 60})`.execute(
      database!.handle.db,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  }, 150_000);
});
