// The analytics counts' SQL (issue 17): stats_daily (0034), one row per UTC day, metric and name.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StatCount } from './stats-stage.ts';

export function createStatsRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds one staged batch (stats-stage.ts) to stats_daily in one statement, once: the batch's id goes
     * into the ledger of applied batches (view_flush_batches, shared with the view counter; ids here
     * start with `stats:`) in the same statement, and a batch already there changes nothing.
     */
    async applyCounts(batchId: string, counts: StatCount[]): Promise<{ applied: boolean }> {
      const rows = JSON.stringify(
        counts.map((c) => ({ day: c.day, metric: c.metric, name: c.name, n: c.count })),
      );
      const { rows: result } = await sql<{ applied: number }>`
        WITH claim AS (
          INSERT INTO view_flush_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id
        ), counted AS (
          INSERT INTO stats_daily (day, metric, name, count)
          SELECT x.day, x.metric, x.name, sum(x.n)
          FROM jsonb_to_recordset(${rows}::jsonb) AS x(day date, metric text, name text, n bigint)
          WHERE EXISTS (SELECT 1 FROM claim)
          GROUP BY x.day, x.metric, x.name
          ON CONFLICT (day, metric, name) DO UPDATE SET count = stats_daily.count + excluded.count
          RETURNING day
        )
        SELECT (SELECT count(*) FROM claim)::int AS applied, (SELECT count(*) FROM counted)::int AS rows`.execute(
        db,
      );
      return { applied: Number(result[0]?.applied ?? 0) > 0 };
    },

    /** The counts of `metric` from `from` to `to` (inclusive, YYYY-MM-DD), by day and name. */
    async countsBetween(metric: string, from: string, to: string): Promise<StatCount[]> {
      const rows = await db
        .selectFrom('stats_daily')
        .select(['metric', 'name', 'count', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
        .where('metric', '=', metric)
        .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
        .orderBy('day')
        .orderBy('name')
        .execute();
      return rows.map((r) => ({
        day: r.day,
        metric: r.metric as StatCount['metric'],
        name: r.name,
        count: Number(r.count),
      }));
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
