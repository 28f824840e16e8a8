// The queue port on pg-boss 12.30 (see docs/decisions.md). pg-boss talks to the database only
// through `executeSql`, which here goes through the handle's withSession: on PGlite (one connection)
// that keeps pg-boss's statements from interleaving with Kysely's, and a failed statement is rolled
// back before the connection is handed on.
import { randomUUID } from 'node:crypto';
import { type Db, PgBoss, type WorkOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { JobContext, JobDefinition, JobHandler, PayloadOf } from './job.ts';
import { observeQueueDepth, type QueueDepth, timeJob } from './job-metrics.ts';
import { createJobProgressRepository } from './job-progress.repository.ts';
import type { EnqueueOptions, JobInfo, JobQueue, JobSchedule, JobScheduler, StopOptions } from './queue.ts';

/** The singleton key of every scheduled run: with the 'exclusive' policy, a run still going drops the next. */
export const SCHEDULED_KEY = 'scheduled';

export interface PgBossQueueOptions {
  /** Schema pg-boss installs into; default 'pgboss'. */
  schema?: string;
  /** How often an idle worker looks for jobs; default 2 s (minimum 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * How often this process looks for expired jobs (timed out, or orphaned by a worker that died) and
   * fails them so they retry; default 60 s. `superviseIntervalSeconds` is the timer, `monitorIntervalSeconds`
   * how often per queue the check may actually run (across processes).
   */
  superviseIntervalSeconds?: number;
  monitorIntervalSeconds?: number;
  /**
   * Run pg-boss's clock here (the working processes): it sends the scheduled jobs when due, each due
   * time once across every process on the database. Default off (a process that only enqueues).
   */
  runSchedules?: boolean;
  /** How often the clock checks the schedules (1–45 s, default 30) and forwards due jobs (default 5 s). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  onError?: (error: Error) => void;
}

/** pg-boss's IDatabase over a DatabaseHandle: parameterless SQL may hold several statements. */
export function sessionExecutor(handle: DatabaseHandle): Db {
  return {
    executeSql: (text, values) =>
      handle.withSession(async (session) => {
        try {
          const rows = values?.length ? await session.query(text, values) : await session.exec(text);
          return { rows };
        } catch (error) {
          // A statement failing inside pg-boss's BEGIN ... COMMIT would leave the session in an aborted
          // transaction for the next user of the connection.
          await session.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
  };
}

/** How long stop() waits for handlers still running after pg-boss stopped (their signal aborted). */
const STOP_SETTLE_MS = 2_000;

export class PgBossQueue implements JobQueue, JobScheduler {
  readonly #jobProgress: ReturnType<typeof createJobProgressRepository>;
  readonly #boss: PgBoss;
  readonly #pollingIntervalSeconds: number;
  readonly #registered = new Map<string, JobDefinition>();
  /** The handlers running now in this process (stop waits for them). */
  readonly #running = new Set<Promise<unknown>>();
  #started: Promise<unknown> | null = null;

  constructor(handle: DatabaseHandle, options: PgBossQueueOptions = {}) {
    this.#jobProgress = createJobProgressRepository(handle.db);
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.#boss = new PgBoss({
      db: sessionExecutor(handle),
      schema: options.schema ?? 'pgboss',
      backend: handle.kind === 'pglite' ? 'pglite' : 'postgres',
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
      monitorIntervalSeconds: options.monitorIntervalSeconds ?? 60,
      // The clock (cron schedules) only where jobs are worked; pg-boss refuses a present-but-undefined option.
      schedule: options.runSchedules ?? false,
      ...(options.cronMonitorIntervalSeconds !== undefined
        ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
        : {}),
      ...(options.cronWorkerIntervalSeconds !== undefined
        ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }
        : {}),
    });
    // pg-boss reports failed polls and maintenance as 'error' events, which would crash the process
    // without a listener; the server passes its logger here.
    this.#boss.on('error', options.onError ?? (() => {}));
  }

  #start(): Promise<unknown> {
    if (!this.#started) {
      this.#started = this.#boss.start();
      observeQueueDepth(this.#depth);
    }
    return this.#started;
  }

  /** The registered queues' counts, as pg-boss's monitor last stored them. */
  readonly #depth = async (): Promise<QueueDepth[]> => {
    const names = [...this.#registered.keys()];
    if (names.length === 0) return [];
    const queues = await this.#boss.getQueues(names);
    return queues.map((q) => ({
      name: q.name,
      ready: q.readyCount,
      deferred: q.deferredCount,
      active: q.activeCount,
      failed: q.failedCount,
    }));
  };

  async register(definitions: readonly JobDefinition[]): Promise<void> {
    await this.#start();
    const existing = new Set((await this.#boss.getQueues()).map((q) => q.name));
    for (const definition of definitions) {
      const options = {
        // 'exclusive': one job per (name, singleton key) waiting, retrying or running.
        policy: 'exclusive' as const,
        retryLimit: definition.retry.retryLimit,
        retryDelay: definition.retry.retryDelaySeconds,
        retryBackoff: definition.retry.retryBackoff,
        // pg-boss rejects a present-but-undefined option.
        ...(definition.retry.retryDelayMaxSeconds !== undefined
          ? { retryDelayMax: definition.retry.retryDelayMaxSeconds }
          : {}),
        expireInSeconds: definition.timeoutSeconds,
      };
      const heartbeat = definition.heartbeatSeconds;
      if (existing.has(definition.name)) {
        // The definition in code wins: a changed retry policy applies to jobs sent from now on; null
        // turns a heartbeat off again when a definition drops it.
        const { policy: _policy, ...changeable } = options;
        await this.#boss.updateQueue(definition.name, { ...changeable, heartbeatSeconds: heartbeat ?? null });
      } else {
        await this.#boss.createQueue(definition.name, {
          ...options,
          ...(heartbeat !== undefined ? { heartbeatSeconds: heartbeat } : {}),
        });
      }
      this.#registered.set(definition.name, definition);
    }
  }

  #definition(definition: JobDefinition): JobDefinition {
    const registered = this.#registered.get(definition.name);
    if (!registered) throw new Error(`Job ${definition.name} is not registered with the queue`);
    return registered;
  }

  async enqueue<D extends JobDefinition>(
    definition: D,
    payload: PayloadOf<D>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    this.#definition(definition);
    const data = definition.payload.parse(payload) as object;
    // Under the 'exclusive' policy every job without a key would share the empty key: give it its own.
    const singletonKey = options.singletonKey ?? `once:${randomUUID()}`;
    return this.#boss.send(definition.name, data, {
      singletonKey,
      startAfter: options.delaySeconds && options.delaySeconds > 0 ? options.delaySeconds : undefined,
    });
  }

  async work<D extends JobDefinition>(definition: D, handler: JobHandler<D>): Promise<void> {
    this.#definition(definition);
    await this.#boss.work<object, void, WorkOptions & { includeMetadata: true }>(
      definition.name,
      {
        batchSize: 1,
        localConcurrency: definition.concurrency ?? 1,
        pollingIntervalSeconds: this.#pollingIntervalSeconds,
        includeMetadata: true,
      },
      async ([job]) => {
        if (!job) return;
        const payload = definition.payload.parse(job.data) as PayloadOf<D>;
        const context: JobContext = {
          id: job.id,
          name: job.name,
          retryCount: job.retryCount,
          singletonKey: job.singletonKey?.startsWith('once:') ? null : job.singletonKey,
          signal: job.signal,
          progress: (percent) => this.#progress(job.id, job.name, job.singletonKey, percent),
        };
        const run = timeJob(definition.name, () => handler(payload, context));
        this.#running.add(run);
        try {
          await run;
        } finally {
          this.#running.delete(run);
        }
        await this.#progress(job.id, job.name, job.singletonKey, 100);
      },
    );
  }

  async #progress(jobId: string, name: string, singletonKey: string | null, percent: number): Promise<void> {
    const clamped = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
    await this.#jobProgress.record(jobId, name, singletonKey, clamped);
  }

  async schedule(schedules: readonly JobSchedule[]): Promise<void> {
    await this.#start();
    for (const { definition, cron, payload } of schedules) {
      this.#definition(definition);
      const data = definition.payload.parse(payload) as object;
      await this.#boss.schedule(definition.name, cron, data, { tz: 'UTC', singletonKey: SCHEDULED_KEY });
    }
  }

  async unschedule(definitions: readonly JobDefinition[]): Promise<void> {
    await this.#start();
    for (const definition of definitions) await this.#boss.unschedule(definition.name);
  }

  async info(definition: JobDefinition, id: string): Promise<JobInfo | null> {
    await this.#start();
    const job = await this.#boss.getJobById(definition.name, id);
    return job ? { state: job.state, retryCount: job.retryCount } : null;
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.#started) return;
    observeQueueDepth(null);
    await this.#started.catch(() => {});
    await this.#boss.stop({ graceful: true, timeout: options.timeoutMs ?? 30_000, close: true });
    // pg-boss gives up on a run still going at the timeout (fails the job, aborts its signal) but cannot
    // end the handler's code: wait, a little, until each has returned, so that none writes to a database
    // the caller closes next (seen at shutdown as "driver has already been destroyed"). A handler that
    // ignores its signal is left after STOP_SETTLE_MS.
    if (this.#running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.#running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, STOP_SETTLE_MS);
        }),
      ]);
      clearTimeout(timer);
    }
  }
}
