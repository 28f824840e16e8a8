// The console's reads of discovery (issue 32): the related list's goals by source from stats_daily, and
// the trending order's size per orientation.
import { sql } from 'kysely';
import { RELATED_SOURCES, relatedGoal } from '../../../contract/watch-values.ts';
import type { DB } from '../../db/database.ts';

export function createDiscoveryRepository(db: DB) {
  const names = RELATED_SOURCES.flatMap((s) => [relatedGoal('impression', s), relatedGoal('click', s)]);
  return {
    /** The related goals' totals per name between two days (YYYY-MM-DD, inclusive). */
    async relatedGoals(from: string, to: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('stats_daily')
        .select(['name', sql<number>`sum(count)::bigint`.as('n')])
        .where('metric', '=', 'goal')
        .where('name', 'in', names)
        .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
        .groupBy('name')
        .execute();
      return new Map(rows.map((r) => [r.name, Number(r.n)]));
    },

    async trendingSizes(): Promise<{ gender: string; videos: number }[]> {
      const rows = await db
        .selectFrom('trending_videos')
        .select(['gender', sql<number>`count(*)::int`.as('videos')])
        .groupBy('gender')
        .orderBy('gender')
        .execute();
      return rows.map((r) => ({ gender: r.gender, videos: Number(r.videos) }));
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
