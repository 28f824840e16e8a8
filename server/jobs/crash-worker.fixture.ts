// Run by pg-boss-queue.test.ts as a separate process, then killed with SIGKILL mid-job: a worker
// that dies without any chance to clean up. Not a test file itself.
import { z } from 'zod';
import { postgresHandle } from '../db/database.ts';
import { defineJob } from './job.ts';
import { PgBossQueue } from './pg-boss-queue.ts';

const url = process.env.CRASH_DATABASE_URL;
if (!url) throw new Error('CRASH_DATABASE_URL is not set');
const crashJob = defineJob({
  name: 'test.crash',
  payload: z.object({ videoId: z.number() }),
  retry: { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false },
  timeoutSeconds: 2,
});
const queue = new PgBossQueue(postgresHandle(url, 2), { pollingIntervalSeconds: 0.5 });
await queue.register([crashJob]);
await queue.work(crashJob, async (payload) => {
  process.stdout.write(`started ${payload.videoId}\n`);
  await new Promise(() => {});
});
process.stdout.write('ready\n');
