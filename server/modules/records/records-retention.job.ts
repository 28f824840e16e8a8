// The `records.purge` job (issue 31; docs/decisions.md "issue 31: records retention"): deletes the sealed
// performer records (ID images and consents under records/{video_id}/) whose retention is over, by the
// ledger that triggers keep (migration 0057, records_retention):
//   - an upload never published (rejected, or deleted before it was): 30 days after it ended;
//   - a video published at some time: 7 years after its last publication (18 U.S.C. 2257 keeps records
//     for 7 years after the content was last published), once it is no longer published.
// The files go first, then the video's performer rows (when the video still exists), then the ledger
// row is marked purged, in that order: a purge cut short is done again at the next run. A pg-boss
// schedule runs it daily (once per tick across every worker). Its first run also sweeps the storage once
// for records without a ledger row (videos deleted before migration 0057; sweepOrphanRecords).
import { z } from 'zod';
import type { DB } from '../../db/database.ts';
import { defineJob, type JobHandler } from '../../jobs/job.ts';
import type { JobsLogger } from '../../jobs/jobs.ts';
import type { JobRegistry } from '../../jobs/registry.ts';
import type { Storage } from '../../storage/storage.ts';
import { RECORDS_PREFIX } from './records.service.ts';
import {
  dueForPurge,
  enterOrphans,
  markOrphansSwept,
  markPurged,
  orphansSwept,
} from './records-retention.repository.ts';

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
  storage: Pick<Storage, 'deletePrefix' | 'listFolders'>;
  log: JobsLogger;
  now?: () => Date;
}

/** Folders of records/ looked up against the ledger at once. */
const SWEEP_BATCH = 500;

/**
 * Once per site: every records/{video_id}/ folder without a ledger row gets one (files of videos
 * deleted before migration 0057, which the database no longer knows). Marked done only when the whole
 * listing was read, so a sweep cut short runs again. Resolves the ids entered.
 */
export async function sweepOrphanRecords(deps: RecordsPurgeDeps, now: Date): Promise<number[]> {
  if (await orphansSwept(deps.db)) return [];
  const entered: number[] = [];
  let batch: number[] = [];
  const flush = async () => {
    entered.push(...(await enterOrphans(deps.db, batch, now)));
    batch = [];
  };
  for await (const name of deps.storage.listFolders(RECORDS_PREFIX)) {
    if (!/^[1-9]\d{0,14}$/.test(name)) continue;
    batch.push(Number(name));
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  await markOrphansSwept(deps.db, now);
  if (entered.length > 0) {
    deps.log.info?.({ count: entered.length }, 'performer records of deleted videos entered in the ledger');
  }
  return entered;
}

/** Purges every due video's records; resolves how many videos were purged. */
export async function purgeRecords(deps: RecordsPurgeDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  await sweepOrphanRecords(deps, now);
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
