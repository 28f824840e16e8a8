// The site's jobs and how a process starts them: the web process (WORKERS=inline works them,
// WORKERS=off only enqueues) and `npm run worker` (works them, no HTTP).
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../contract/upload.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { registerSessionSweepJob } from '../modules/accounts/session-sweep.job.ts';
import { registerDiscoveryJobs } from '../modules/discovery/discovery.job.ts';
import { registerRecordsPurgeJob } from '../modules/records/records-retention.job.ts';
import { registerLinkImportJob } from '../modules/upload/link-import.job.ts';
import { createUploadService } from '../modules/upload/upload.service.ts';
import { processVideoJob } from '../pipeline/definitions.ts';
import { type PipelineJobHooks, registerPipelineJobs } from '../pipeline/pipeline-jobs.ts';
import type { PipelineDeps } from '../pipeline/process-video.ts';
import { registerProcessingSweepJob, runStartupSweep } from '../pipeline/processing-sweep.ts';
import { startWorkFolderSweeper, workRootOf } from '../pipeline/work-folders.ts';
import type { Storage } from '../storage/storage.ts';
import { createJobSink, type JobSink } from './job-sink.ts';
import { PgBossQueue, type PgBossQueueOptions } from './pg-boss-queue.ts';
import type { JobQueue } from './queue.ts';
import { JobRegistry } from './registry.ts';

/** Where pg-boss's errors (failed polls, maintenance) and the jobs' logs go: the server's pino logger fits. */
export interface JobsLogger {
  error(details: object, message: string): void;
  info?(details: object, message: string): void;
}

/** The link import's settings (config.upload and DATA_DIR, where the download goes first). */
export interface LinkImportSettings {
  dataDir: string;
  maxBytes: number;
  allowPrivateLinks: boolean;
}

/** What the handlers need; the pipeline's options (work dir, preset…) ride along for tests. */
export type JobDeps = Omit<PipelineDeps, 'db' | 'log'> & {
  handle: DatabaseHandle;
  log: JobsLogger;
  /** Where handlers enqueue follow-up jobs (link.import → video.process); startJobs binds it. */
  jobs?: JobSink;
  /** Default: a folder in the system's temp dir, the 10 GB cap, public addresses only. */
  linkImport?: LinkImportSettings;
  /** pg-boss's schema (PgBossQueueOptions.schema), which the processing sweep reads. */
  queueSchema?: string;
  /** After screening rejected an upload: the mails (modules/integrity/rejection-notices.ts). */
  pipelineHooks?: PipelineJobHooks;
};

/**
 * Every job definition with its handler: the media pipeline's 'video.process' (server/pipeline/),
 * the link import's 'link.import' (server/modules/upload/link-import.job.ts), and the periodic work,
 * scheduled (pg-boss cron, run by the working processes): 'video.sweep' every 5 minutes
 * (server/pipeline/processing-sweep.ts) and 'sessions.sweep' every hour
 * (server/modules/accounts/session-sweep.job.ts). The registry's check refuses to boot when one has
 * no handler.
 */
export function createJobRegistry(deps: JobDeps): JobRegistry {
  const { handle, log, jobs: given, linkImport, queueSchema, pipelineHooks, ...pipeline } = deps;
  const jobs = given ?? createJobSink();
  const registry = registerPipelineJobs(
    new JobRegistry(),
    {
      ...pipeline,
      db: handle.db,
      log: { error: (d, m) => log.error(d, m), info: (d, m) => log.info?.(d, m) },
    },
    pipelineHooks,
  );
  const settings = linkImport ?? {
    dataDir: path.join(os.tmpdir(), 'tube-link-import'),
    maxBytes: UPLOAD_MAX_BYTES,
    allowPrivateLinks: false,
  };
  const uploads = createUploadService(handle.db, pipeline.storage, jobs, settings);
  registerLinkImportJob(registry, uploads);
  registerProcessingSweepJob(registry, { db: handle.db, queue: jobs, log, schema: queueSchema });
  registerDiscoveryJobs(registry, { db: handle.db, log });
  // Performer records past their retention (issue 31), daily.
  registerRecordsPurgeJob(registry, { db: handle.db, storage: pipeline.storage, log });
  return registerSessionSweepJob(registry, { repo: createAccountsRepository(handle.db), log });
}

export interface StartJobsOptions {
  /** Take jobs in this process (a worker, or the web process with WORKERS=inline). */
  work: boolean;
  log: JobsLogger;
  /** Where the pipeline reads sources and writes renditions (the process's one storage). */
  storage: Storage;
  /** Default: createJobRegistry with this handle, storage and log. */
  registry?: JobRegistry;
  /** The queue's settings; `runSchedules` follows `work` (the clock runs where jobs are worked). */
  queue?: Omit<PgBossQueueOptions, 'runSchedules'>;
  /**
   * In a working process that handles video.process: enqueue it for status-2 videos without a job,
   * once at start (server/pipeline/processing-sweep.ts; the periodic sweep is the scheduled
   * 'video.sweep' job), and remove the work folders of runs no longer active, at start and every 10
   * minutes (server/pipeline/work-folders.ts). Default on; false: off.
   */
  sweep?: false;
  /** Members' uploads wait with this message (server/media/tools.ts uploadsWaitReason); null: they run. */
  uploadsWaitReason?: string | null;
  /** The link import's settings (config.upload); see JobDeps. */
  linkImport?: LinkImportSettings;
  /** Where the pipeline's runs make their work folders; default `{os tmp}/tube-pipeline` (work-folders.ts). */
  workDir?: string;
  /** After screening rejected an upload: the mails (modules/integrity/rejection-notices.ts). */
  pipelineHooks?: PipelineJobHooks;
}

/** Checks the registry, starts pg-boss (installing its schema on first start), registers the queues. */
export async function startJobs(handle: DatabaseHandle, options: StartJobsOptions): Promise<JobQueue> {
  // Handlers enqueue follow-ups through this sink, bound to the queue once it runs.
  const sink = createJobSink();
  const registry =
    options.registry ??
    createJobRegistry({
      handle,
      storage: options.storage,
      log: options.log,
      uploadsWaitReason: options.uploadsWaitReason ?? null,
      jobs: sink,
      linkImport: options.linkImport,
      queueSchema: options.queue?.schema,
      ...(options.workDir ? { workDir: options.workDir } : {}),
      ...(options.pipelineHooks ? { pipelineHooks: options.pipelineHooks } : {}),
    });
  // Before anything touches the database: an inconsistent registry never boots.
  registry.check();
  const queue = new PgBossQueue(handle, {
    ...options.queue,
    runSchedules: options.work,
    onError: (error) => options.log.error({ err: error }, 'job queue error'),
  });
  sink.attach(queue);
  try {
    await registry.start(queue, { work: options.work, scheduler: queue });
  } catch (error) {
    await queue.stop({ timeoutMs: 0 }).catch(() => {});
    throw error;
  }
  const handlesVideos = registry.definitions().some((d) => d.name === processVideoJob.name);
  if (!options.work || !handlesVideos || options.sweep === false) return queue;
  const startup = runStartupSweep(handle.db, queue, { log: options.log, schema: options.queue?.schema });
  // Work folders left on this machine's disk by runs killed mid-transcode: now, then every 10 minutes.
  const folders = startWorkFolderSweeper({
    db: handle.db,
    workRoot: workRootOf(options.workDir),
    schema: options.queue?.schema,
    log: options.log,
  });
  return {
    register: queue.register.bind(queue),
    enqueue: queue.enqueue.bind(queue),
    work: queue.work.bind(queue),
    info: queue.info.bind(queue),
    async stop(stopOptions) {
      await startup;
      await folders.stop();
      await queue.stop(stopOptions);
    },
  };
}
