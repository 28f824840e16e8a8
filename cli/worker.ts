// npm run worker — works the job queue (transcoding and the rest of the media pipeline) without
// serving HTTP, until SIGTERM/SIGINT. Run as many as the machine allows, next to a web process
// started with WORKERS=off (or inline); they share the work through PostgreSQL.
import { pino } from 'pino';
import { migrate } from '../server/db/migrate.ts';
import { startJobs } from '../server/jobs/jobs.ts';
import { describeMediaTools, mediaTools, uploadsWaitReason } from '../server/media/tools.ts';
import { createAccounts } from '../server/modules/accounts/accounts.wiring.ts';
import { screeningNotifier } from '../server/modules/integrity/rejection-notices.ts';
import { createStorage } from '../server/storage/create-storage.ts';
import { openForCommand } from './startup.ts';

/** Running jobs get this long to finish after SIGTERM; the rest fail and are retried later. */
const STOP_TIMEOUT_MS = 30_000;

// The signal handlers go in first: a SIGTERM during start-up waits for it, then stops cleanly; a
// second one changes nothing (the first already asked for a clean stop).
let signalled: (signal: string) => void = () => {};
const stopSignal = new Promise<string>((resolve) => {
  signalled = resolve;
});
process.on('SIGTERM', () => signalled('SIGTERM'));
process.on('SIGINT', () => signalled('SIGINT'));

const { config, handle } = await openForCommand();
const log = pino({ level: config.logLevel });

// Idempotent, and serialised with the web process by an advisory lock.
await migrate(handle);
const tools = mediaTools();
log.info(`media tools: ${describeMediaTools(tools)}`);
const uploadsWait = uploadsWaitReason(tools, config.allowBundledFfmpeg);
if (uploadsWait) log.warn(uploadsWait);
const mailAccounts = createAccounts(config, handle.db, { redis: null, logger: log });
const queue = await startJobs(handle, {
  work: true,
  log,
  storage: createStorage(config),
  uploadsWaitReason: uploadsWait,
  linkImport: { dataDir: config.dataDir, ...config.upload },
  // Issue 31: the mails after screening rejected an upload, through the accounts' mailer (SMTP_URL or
  // DATA_DIR/outbox) and its send quota.
  pipelineHooks: {
    onScreeningRejection: screeningNotifier({
      db: handle.db,
      send: (key, message) => mailAccounts.sendAccountMail(key, message),
      publicUrl: config.publicUrl,
      siteName: () => config.siteName,
      log,
    }),
  },
});
log.info(`worker started (pid ${process.pid}); SIGTERM stops it`);

const signal = await stopSignal;
log.info(`${signal}: stopping the worker`);
const timer = setTimeout(() => {
  log.error('worker stop took too long, exiting');
  process.exit(1);
}, STOP_TIMEOUT_MS + 10_000);
timer.unref();
try {
  await queue.stop({ timeoutMs: STOP_TIMEOUT_MS });
  await mailAccounts.close();
  await handle.close();
  log.flush();
  process.exit(0);
} catch (error) {
  log.error({ err: error }, 'worker stop failed');
  process.exit(1);
}
