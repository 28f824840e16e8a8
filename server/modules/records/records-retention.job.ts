// The `records.purge` job (issue 31; docs/decisions.md "issue 31: records retention"): deletes the sealed
// performer records (ID images and consents under records/{video_id}/) whose retention is over, by the
// ledger that triggers keep (migration 0057, records_retention):
//   - an upload never published (rejected, or deleted before it was): 30 days after it ended;
//   - a video published at some time: 7 years after its last publication (18 U.S.C. 2257 keeps records
//     for 7 years after the content was last published), once it is no longer published.
// The files go first, then the video's performer rows (when the video still exists), then the ledger
// row is marked purged, in that order: a purge cut short is done again at the next run. A pg-boss
// schedule runs it daily (once per tick across every worker).
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import { defineJob, type JobHandler } from '../../jobs/job.ts';
import type { JobsLogger } from '../../jobs/jobs.ts';
import type { JobRegistry } from '../../jobs/registry.ts';
import type { Storage } from '../../storage/storage.ts';
import { RECORDS_PREFIX } from './records.service.ts';
import { dueForPurge, markPurged } from './records-retention.repository.ts';

export {
  dueForPurge,
  PUBLISHED_RETENTION_YEARS,
  retentionCutoffs,
  UNPUBLISHED_RETENTION_DAYS,
} from './records-retention.repository.ts';

export const recordsPurgeJob = defineJob({
  name: 'records.purge',
  payload: z.object({}),
  // The next day's tick is the retry.
  retry: { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false },
  timeoutSeconds: 30 * 60,
});

/** Every day at 03:40 UTC. */
export const RECORDS_PURGE_CRON = '40 3 * * *';

export interface RecordsPurgeDeps {
  db: DB;
  storage: Pick<Storage, 'deletePrefix'>;
  log: JobsLogger;
  now?: () => Date;
}

/** Purges every due video's records; resolves how many videos were purged. */
export async function purgeRecords(deps: RecordsPurgeDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  let purged = 0;
  for (;;) {
    const ids = await dueForPurge(deps.db, now);
    if (ids.length === 0) return purged;
    for (const id of ids) {
      await deps.storage.deletePrefix(`${RECORDS_PREFIX}${id}/`);
      await markPurged(deps.db, id, now);
      purged += 1;
    }
  }
}

export function recordsPurgeHandler(deps: RecordsPurgeDeps): JobHandler<typeof recordsPurgeJob> {
  return async () => {
    const count = await purgeRecords(deps);
    if (count > 0) deps.log.info?.({ count }, 'performer records purged after their retention');
  };
}

export function registerRecordsPurgeJob(
  registry: JobRegistry,
  deps: RecordsPurgeDeps,
  cron = RECORDS_PURGE_CRON,
): JobRegistry {
  return registry
    .define(recordsPurgeJob)
    .handle(recordsPurgeJob, recordsPurgeHandler(deps))
    .schedule(recordsPurgeJob, cron, {});
}
