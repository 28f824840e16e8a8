// SQL of the performer records' retention (issue 31; migration 0057, records-retention.job.ts): which
// videos' records are due for the purge, and marking one purged.
import { sql } from 'kysely';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { videoStatus } from '../../db/video-status-sql.ts';

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
                .where('v.status', '=', VIDEO_STATUS.active)
                .where('v.deleted_at', 'is', null),
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

/** site_settings' key set once the storage was swept for records without a ledger row (the date). */
export const ORPHANS_SWEPT_SETTING = 'records.orphans_swept';

export async function orphansSwept(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('site_settings')
    .select('key')
    .where('key', '=', ORPHANS_SWEPT_SETTING)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markOrphansSwept(db: DB, now: Date): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key: ORPHANS_SWEPT_SETTING, value: JSON.stringify(now.toISOString()), updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(now.toISOString()), updated_at: now }),
    )
    .execute();
}

/**
 * Ledger rows for the videos among `ids` (folders found under records/) that have none: files left by
 * a video deleted before migration 0057. With the video gone its history is unknown, so it is entered
 * as published until `now` (kept 7 years from now: a record the law may still ask for is never lost to
 * a guess); a video still there is entered from its state, as the triggers would. Resolves the ids entered.
 */
export async function enterOrphans(db: DB, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = sql.join(ids.map((id) => sql`(${id}::bigint)`));
  const active = videoStatus('active');
  const result = await sql<{ video_id: string | number }>`
    INSERT INTO records_retention (video_id, last_published_at, ended_at)
    SELECT f.id,
           CASE WHEN v.id IS NULL THEN ${now}::timestamptz
                WHEN v.status = ${active} THEN COALESCE(v.deleted_at, ${now}::timestamptz) END,
           CASE WHEN v.id IS NULL OR v.status = ${active} THEN NULL
                WHEN v.deleted_at IS NOT NULL THEN v.deleted_at
                WHEN v.status = ${videoStatus('rejected')} THEN ${now}::timestamptz END
      FROM (VALUES ${found}) AS f(id)
      LEFT JOIN videos v ON v.id = f.id
     WHERE NOT EXISTS (SELECT 1 FROM records_retention r WHERE r.video_id = f.id)
    ON CONFLICT (video_id) DO NOTHING
    RETURNING video_id`.execute(db);
  return result.rows.map((r) => Number(r.video_id));
}
