// SQL of the performer records' retention (issue 31; migration 0057, records-retention.job.ts): which
// videos' records are due for the purge, and marking one purged.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** An upload never published keeps its records this long after it was rejected or deleted. */
export const UNPUBLISHED_RETENTION_DAYS = 30;
/** A published video's records: this long after its last publication. */
export const PUBLISHED_RETENTION_YEARS = 7;
/** Videos purged per batch (the run goes on until none is due). */
const BATCH = 200;

/** The cut-offs of a run at `now`. */
export function retentionCutoffs(now: Date): { unpublished: Date; published: Date } {
  const unpublished = new Date(now.getTime() - UNPUBLISHED_RETENTION_DAYS * 86_400_000);
  const published = new Date(now);
  published.setUTCFullYear(published.getUTCFullYear() - PUBLISHED_RETENTION_YEARS);
  return { unpublished, published };
}

/** The ids of videos whose records are due, at most `limit`. */
export async function dueForPurge(db: DB, now: Date, limit = BATCH): Promise<number[]> {
  const cut = retentionCutoffs(now);
  const rows = await db
    .selectFrom('records_retention as r')
    .select('r.video_id')
    .where('r.purged_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('r.last_published_at', 'is', null), eb('r.ended_at', '<=', cut.unpublished)]),
        eb.and([
          eb('r.last_published_at', '<=', cut.published),
          eb.not(
            eb.exists(
              eb
                .selectFrom('videos as v')
                .select(sql`1`.as('one'))
                .whereRef('v.id', '=', 'r.video_id')
                .where('v.status', '=', 1),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('r.video_id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.video_id));
}

/** After its files went: the video's performer rows (the video may still exist) and the ledger mark. */
export async function markPurged(db: DB, videoId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('video_performers').where('video_id', '=', videoId).execute();
    await tx
      .updateTable('records_retention')
      .set({ purged_at: now })
      .where('video_id', '=', videoId)
      .execute();
  });
}
