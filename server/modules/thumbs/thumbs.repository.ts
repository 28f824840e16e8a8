// The thumbnail trials' SQL (issue 32 part 1; migration 0054): thumb_trials, thumb_counts, and the
// videos.card_stills column the listing cards read. Every write of card_stills raises card_version in
// the same UPDATE, so every process's card cache (catalog/video-cards.repository.ts) rebuilds the card.
import { type Kysely, sql } from 'kysely';
import { GENDERS } from '../../../contract/catalog.ts';
import type { Database } from '../../db/schema.ts';
import { listedVideo } from '../../db/video-status-sql.ts';
import type { StillCount } from './thumbs.rule.ts';
import type { ThumbCount } from './thumbs-stage.ts';

export type TrialRowState = 'trial' | 'settled' | 'pinned';

export interface TrialRow {
  video_id: number;
  stills: number[];
  live: number[];
  state: TrialRowState;
  chosen: number | null;
  started_at: Date;
  decided_at: Date | null;
}

/** What a listing card shows for a trial in `state`: its live stills, one still, or (poster) nothing. */
export const cardStillsOf = (state: TrialRowState, live: number[], chosen: number | null): number[] | null =>
  state === 'trial' ? live : chosen === null || chosen === 0 ? null : [chosen];

const numbers = (list: unknown): number[] => (Array.isArray(list) ? list.map(Number) : []);

const trialOf = (row: {
  video_id: number | string;
  stills: unknown;
  live: unknown;
  state: string;
  chosen: number | null;
  started_at: Date | string;
  decided_at: Date | string | null;
}): TrialRow => ({
  video_id: Number(row.video_id),
  stills: numbers(row.stills),
  live: numbers(row.live),
  state: row.state as TrialRowState,
  chosen: row.chosen === null ? null : Number(row.chosen),
  started_at: new Date(row.started_at),
  decided_at: row.decided_at === null ? null : new Date(row.decided_at),
});

export function createThumbsRepository(db: Kysely<Database>) {
  /** card_stills of `videoId` as the trial's state says, with the card's version raised (when it changes). */
  const setCard = (trx: Kysely<Database>, videoId: number, stills: number[] | null) =>
    sql`UPDATE videos SET card_stills = ${stills}::smallint[], card_version = card_version + 1
      WHERE id = ${videoId} AND card_stills IS DISTINCT FROM ${stills}::smallint[]`.execute(trx);

  return {
    /** The running trials' candidate stills: what the beacon may count (a page shown before a drop too). */
    async running(): Promise<Map<number, number[]>> {
      const rows = await db
        .selectFrom('thumb_trials')
        .select(['video_id', 'stills'])
        .where('state', '=', 'trial')
        .execute();
      return new Map(rows.map((r) => [Number(r.video_id), numbers(r.stills)]));
    },

    /**
     * Adds one staged batch to thumb_counts in one statement, once: the batch id goes into the ledger of
     * applied batches (view_flush_batches, ids here start with `thumbs:`) in the same statement.
     */
    async applyCounts(batchId: string, counts: ThumbCount[]): Promise<{ applied: boolean }> {
      const rows = JSON.stringify(
        counts.map((c) => ({ v: c.videoId, s: c.still, i: c.impressions, c: c.clicks })),
      );
      const { rows: result } = await sql<{ applied: number }>`
        WITH claim AS (
          INSERT INTO view_flush_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id
        ), counted AS (
          INSERT INTO thumb_counts (video_id, still, impressions, clicks)
          SELECT x.v, x.s, sum(x.i), sum(x.c)
          FROM jsonb_to_recordset(${rows}::jsonb) AS x(v bigint, s smallint, i bigint, c bigint)
          WHERE EXISTS (SELECT 1 FROM claim) AND EXISTS (SELECT 1 FROM videos WHERE id = x.v)
          GROUP BY x.v, x.s
          ON CONFLICT (video_id, still) DO UPDATE SET
            impressions = thumb_counts.impressions + excluded.impressions,
            clicks = thumb_counts.clicks + excluded.clicks
          RETURNING video_id
        )
        SELECT (SELECT count(*) FROM claim)::int AS applied, (SELECT count(*) FROM counted)::int AS rows`.execute(
        db,
      );
      return { applied: Number(result[0]?.applied ?? 0) > 0 };
    },

    /** One video's trial, or null. */
    async trial(videoId: number): Promise<TrialRow | null> {
      const row = await db
        .selectFrom('thumb_trials')
        .selectAll()
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return row ? trialOf(row) : null;
    },

    /** The running trials among `videoIds`, or (no ids) those started before `startedBefore`. */
    async runningTrials(filter: { videoIds?: number[]; startedBefore?: Date }): Promise<TrialRow[]> {
      let query = db.selectFrom('thumb_trials').selectAll().where('state', '=', 'trial');
      if (filter.videoIds)
        query = query.where('video_id', '=', sql<number>`ANY(${filter.videoIds}::bigint[])`);
      if (filter.startedBefore) query = query.where('started_at', '<', filter.startedBefore).limit(500);
      return (await query.execute()).map(trialOf);
    },

    /** Each still's counts of the videos, by video. */
    async counts(videoIds: number[]): Promise<Map<number, StillCount[]>> {
      const out = new Map<number, StillCount[]>();
      if (videoIds.length === 0) return out;
      const rows = await db
        .selectFrom('thumb_counts')
        .select(['video_id', 'still', 'impressions', 'clicks'])
        .where('video_id', '=', sql<number>`ANY(${videoIds}::bigint[])`)
        .orderBy('video_id')
        .orderBy('still')
        .execute();
      for (const r of rows) {
        const list = out.get(Number(r.video_id)) ?? [];
        list.push({ still: Number(r.still), impressions: Number(r.impressions), clicks: Number(r.clicks) });
        out.set(Number(r.video_id), list);
      }
      return out;
    },

    /**
     * Listed videos posted since `since` without a trial, with the numbers of their thumbnails (only
     * those with at least one): the trials to start. At most `limit`, newest first.
     */
    async untried(since: Date, limit: number): Promise<{ videoId: number; thumbs: number[] }[]> {
      const { rows } = await sql<{ id: number; thumbs: number[] }>`
        SELECT v.id, ARRAY(SELECT f.format::smallint FROM video_files f
          WHERE f.video_id = v.id AND f.kind = 'thumb' AND f.format ~ '^[0-9]{1,2}$') AS thumbs
        FROM videos v
        WHERE v.gender = ANY(${[...GENDERS]}::text[]) AND ${listedVideo()}
          AND v.post_date >= ${since}
          AND NOT EXISTS (SELECT 1 FROM thumb_trials t WHERE t.video_id = v.id)
          AND EXISTS (SELECT 1 FROM video_files f WHERE f.video_id = v.id AND f.kind = 'thumb')
        ORDER BY v.post_date DESC
        LIMIT ${limit}`.execute(db);
      return rows.map((r) => ({ videoId: Number(r.id), thumbs: numbers(r.thumbs) }));
    },

    /** Starts a trial of `stills` (none already there), and puts them on the card. False: one was there. */
    async start(videoId: number, stills: number[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('thumb_trials')
          .values({ video_id: videoId, stills, live: stills, state: 'trial', chosen: null })
          .onConflict((oc) => oc.column('video_id').doNothing())
          .returning('video_id')
          .executeTakeFirst();
        if (inserted) await setCard(trx, videoId, stills);
        return inserted !== undefined;
      });
    },

    /** Restarts `videoId`'s trial afresh with `stills`: counts cleared, every still live again. */
    async restart(videoId: number, stills: number[], by: number | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('thumb_counts').where('video_id', '=', videoId).execute();
        await trx
          .insertInto('thumb_trials')
          .values({ video_id: videoId, stills, live: stills, state: 'trial', chosen: null, decided_by: by })
          .onConflict((oc) =>
            oc.column('video_id').doUpdateSet({
              stills,
              live: stills,
              state: 'trial',
              chosen: null,
              started_at: sql`now()`,
              decided_at: null,
              decided_by: by,
            }),
          )
          .execute();
        await setCard(trx, videoId, stills);
      });
    },

    /**
     * Moves a trial to `next`. With `ifLive` (the rule's decisions), only while the trial still runs with
     * those live stills: a pin or another process's decision meanwhile wins. True when it changed.
     */
    async move(
      videoId: number,
      next: {
        state: TrialRowState;
        live: number[];
        chosen: number | null;
        by?: number | null;
        stills?: number[];
      },
      ifLive?: number[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('thumb_trials')
          .set({
            state: next.state,
            live: next.live,
            chosen: next.chosen,
            decided_at: next.state === 'trial' ? null : sql<Date>`now()`,
            ...(next.by !== undefined ? { decided_by: next.by } : {}),
            ...(next.stills ? { stills: next.stills } : {}),
          })
          .where('video_id', '=', videoId);
        if (ifLive)
          update = update.where('state', '=', 'trial').where(sql<boolean>`live = ${ifLive}::smallint[]`);
        const moved = await update.returning('video_id').executeTakeFirst();
        if (moved) await setCard(trx, videoId, cardStillsOf(next.state, next.live, next.chosen));
        return moved !== undefined;
      });
    },

    /** The storage keys of a video's stills: the poster's JPEG as 0, thumbnail n's JPEG as n. */
    async stillKeys(videoId: number): Promise<Map<number, string>> {
      const rows = await db
        .selectFrom('video_files')
        .select(['kind', 'format', 'storage_key'])
        .where('video_id', '=', videoId)
        .where((eb) =>
          eb.or([
            eb.and([eb('kind', '=', 'poster'), eb('format', '=', '')]),
            eb.and([eb('kind', '=', 'thumb'), eb('format', '~', '^[0-9]{1,2}$')]),
          ]),
        )
        .execute();
      return new Map(rows.map((r) => [r.kind === 'poster' ? 0 : Number(r.format), r.storage_key]));
    },

    async videoExists(videoId: number): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ThumbsRepository = ReturnType<typeof createThumbsRepository>;
