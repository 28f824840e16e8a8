import './production-default.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createServices } from './app-services.ts';
import { startBackupControl } from './backup/backup-control.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { loadSsrHandler } from './http/ssr.ts';
import { startJobs } from './jobs/jobs.ts';
import type { JobQueue } from './jobs/queue.ts';
import { describeMediaTools, mediaTools, uploadsWaitReason } from './media/tools.ts';
import { type CounterFlusher, startCounterFlusher } from './modules/acts/counter-flusher.ts';
import { type StatsFlusher, startStatsFlusher } from './modules/analytics/stats-flusher.ts';
import { startThumbsFlusher, type ThumbsFlusher } from './modules/thumbs/thumbs-flusher.ts';
import { startViewFlusher, type ViewFlusher } from './modules/watch/view-flusher.ts';

interface Jobs {
  queue: Promise<JobQueue> | null;
  views?: ViewFlusher;
  counters?: CounterFlusher;
  stats?: StatsFlusher;
  thumbs?: ThumbsFlusher;
  adStats?: StatsFlusher;
}

import { screeningNotifier } from './modules/integrity/rejection-notices.ts';
import { missingOperatorDetails } from './modules/settings/operator-details.ts';
import { isSeeded, seedDemo } from './seed/seed-demo.ts';
import { isCatalogueEmpty } from './seed/seed-sql.ts';
import { createStorageHealth } from './storage/storage-health.ts';

/**
 * Boot: config → database → HTTP (answering 503 on /healthz) → migrations → job queue (working jobs
 * unless WORKERS=off) → first-start seed → ready.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const startedAt = performance.now();
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const services = createServices(config, handle);
  const readiness = { ready: false };
  const app = await buildApp({
    config,
    services,
    readiness,
    ssr: await loadSsrHandler(services),
    database: handle,
  });
  // The embedded database opens in this process only: `npm run backup` asks it for a dump over a
  // loopback listener of its own (server/backup/backup-control.ts).
  if (handle.dumpDataDir) {
    const backups = await startBackupControl(config.dataDir, handle.dumpDataDir, app.log);
    app.addHook('onClose', () => backups.close());
  }
  const jobs: Jobs = { queue: null };
  installShutdown(app, handle, jobs);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `Site at http://localhost:${port}/ (public URL ${config.publicUrl}, database ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  // Which ffmpeg/ffprobe, from where (system, packaged, FFMPEG_PATH), and whether uploads can run.
  const tools = mediaTools();
  app.log.info(
    { media: tools.missing.length ? { missing: tools.missing } : undefined },
    `media tools: ${describeMediaTools(tools)}`,
  );
  const uploadsWait = uploadsWaitReason(tools, config.allowBundledFfmpeg);
  if (uploadsWait) app.log.warn(uploadsWait);
  // /healthz also says whether the media storage answers (a check cached for 10 s; issue 28).
  services.mediaStatus.set({
    tools,
    uploadsWaitReason: uploadsWait,
    storage: createStorageHealth(services.storage),
  });

  const applied = await migrate(handle);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');

  // Kept as a promise so that a SIGTERM while it starts waits for it before closing the database.
  jobs.queue = startJobs(handle, {
    work: config.workers === 'inline',
    log: app.log,
    storage: services.storage,
    uploadsWaitReason: uploadsWait,
    linkImport: { dataDir: config.dataDir, ...config.upload },
    // Issue 31: the uploader of a copy of removed content, and the administrators after a hash-list match.
    pipelineHooks: {
      onScreeningRejection: screeningNotifier({
        db: handle.db,
        send: (key, message) => services.accounts.sendAccountMail(key, message),
        publicUrl: config.publicUrl,
        siteName: () => services.settings.current().siteName,
        log: app.log,
      }),
    },
  });
  services.jobs.attach(await jobs.queue);
  // Staged views → counters every 5 s, and a last flush at shutdown (server/modules/watch).
  jobs.views = startViewFlusher(services.watch, { log: app.log });
  // Likes, favourites, comments and subscribers, batched the same way (server/modules/acts).
  jobs.counters = startCounterFlusher(services.acts, { log: app.log });
  // Page views and goals → stats_daily, the same way (server/modules/analytics).
  jobs.stats = startStatsFlusher(services.analytics, { log: app.log });
  // Thumbnail trials: counts → thumb_counts and the rule, trials started for new videos (modules/thumbs).
  jobs.thumbs = startThumbsFlusher(services.thumbs, { log: app.log });
  // Ad events → ad_stats_daily, the same way (server/modules/ads/ad-stats.service.ts, issue 32).
  jobs.adStats = startStatsFlusher(services.adStats, { log: app.log });
  app.log.info(
    config.workers === 'inline'
      ? 'job queue started, working jobs here'
      : 'job queue started (WORKERS=off: enqueue only)',
  );

  if (config.seedDemo && !(await isSeeded(handle)) && (await isCatalogueEmpty(handle.db))) {
    app.log.info('empty database: creating the demo catalogue (SEED_DEMO=false turns this off)');
    const report = await seedDemo(handle, {
      mediaDir: config.mediaDir,
      storage: services.storage,
      jobs: services.jobs,
      log: (msg) => app.log.info(msg),
    });
    app.log.info({ report }, 'demo catalogue created');
  }

  // A new site's legal pages print what is set: say what is missing until the operator sets it (issue 34).
  await services.settings?.fresh();
  const site = services.settings?.current();
  const missing = site ? missingOperatorDetails({ siteName: site.siteName, operator: site.operator }) : [];
  if (missing.length > 0) {
    app.log.warn(
      { missing },
      `operator details missing from the legal pages (${missing.join(', ')}): set them at /admin/settings/ or with OPERATOR_NAME, OPERATOR_ADDRESS, DMCA_AGENT_EMAIL and CUSTODIAN_OF_RECORDS`,
    );
  }

  readiness.ready = true;
  app.log.info(`ready in ${Math.round(performance.now() - startedAt)} ms: http://localhost:${port}/`);
}

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, stop the job queue (running jobs get
 * 5 s, then fail and retry later), close the database, exit 0.
 */
function installShutdown(app: FastifyInstance, handle: DatabaseHandle, jobs: Jobs) {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took over 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await jobs.views?.stop();
      await jobs.counters?.stop();
      await jobs.stats?.stop();
      await jobs.thumbs?.stop();
      await jobs.adStats?.stop();
      const queue = await jobs.queue?.catch(() => null);
      await queue?.stop({ timeoutMs: 5_000 });
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
