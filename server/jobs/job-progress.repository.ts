// A job's progress (job_progress, shown on the moderation queue): one row per pg-boss job id, written
// by the queue as a handler reports it and at 100 when it ends.
import type { DB } from '../db/database.ts';

export function createJobProgressRepository(db: DB) {
  return {
    async record(jobId: string, name: string, singletonKey: string | null, percent: number): Promise<void> {
      await db
        .insertInto('job_progress')
        .values({ job_id: jobId, name, singleton_key: singletonKey, percent })
        .onConflict((oc) => oc.column('job_id').doUpdateSet({ percent, updated_at: new Date() }))
        .execute();
    },
  };
}
