// The ad events' SQL (issue 32): ad_stats_daily (0056), one row per UTC day, zone, creative and event.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A count of one day's zone, creative and event (ad_stats_daily's key). */
export interface AdCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  zone: string;
  creative: string;
  event: string;
  count: number;
}

export function createAdStatsRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds one staged batch to ad_stats_daily in one statement, once: the batch's id goes into the
     * ledger of applied batches (view_flush_batches, shared with the view and analytics flushes; these
     * ids start with `ads:`) in the same statement, and a batch already there changes nothing.
     */
    async applyCounts(batchId: string, counts: AdCount[]): Promise<{ applied: boolean }> {
      const rows = JSON.stringify(
        counts.map((c) => ({ day: c.day, zone: c.zone, creative: c.creative, event: c.event, n: c.count })),
      );
      const { rows: result } = await sql<{ applied: number }>`
        WITH claim AS (
          INSERT INTO view_flush_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id
        ), counted AS (
          INSERT INTO ad_stats_daily (day, zone, creative, event, count)
          SELECT x.day, x.zone, x.creative, x.event, sum(x.n)
          FROM jsonb_to_recordset(${rows}::jsonb) AS x(day date, zone text, creative text, event text, n bigint)
          WHERE EXISTS (SELECT 1 FROM claim)
          GROUP BY x.day, x.zone, x.creative, x.event
          ON CONFLICT (day, zone, creative, event) DO UPDATE SET count = ad_stats_daily.count + excluded.count
          RETURNING day
        )
        SELECT (SELECT count(*) FROM claim)::int AS applied, (SELECT count(*) FROM counted)::int AS rows`.execute(
        db,
      );
      return { applied: Number(result[0]?.applied ?? 0) > 0 };
    },

    /** Every count from `from` to `to` (inclusive, YYYY-MM-DD), by day, zone, creative and event. */
    async between(from: string, to: string): Promise<AdCount[]> {
      const rows = await db
        .selectFrom('ad_stats_daily')
        .select(['zone', 'creative', 'event', 'count', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
        .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
        .orderBy('day')
        .orderBy('zone')
        .orderBy('creative')
        .orderBy('event')
        .execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
  };
}

export type AdStatsRepository = ReturnType<typeof createAdStatsRepository>;
