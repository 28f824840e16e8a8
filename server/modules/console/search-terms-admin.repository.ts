// SQL of the console's search terms (issue 34 item 1): every counted term, most searched first, with why
// it is or is not offered under the rules in effect (search-terms-sql.ts), and staff's hiding.
import { sql } from 'kysely';
import type { SearchTermState } from '../../../contract/admin-search-terms.ts';
import type { DB } from '../../db/database.ts';
import type { OfferPolicy } from '../search/search-terms.ts';
import { stateOf } from '../search/search-terms-sql.ts';

export interface SearchTermRow {
  id: number | string;
  keyword: string;
  searches: number;
  visitors: number;
  results: number | null;
  state: SearchTermState;
  searched_at: Date | string | null;
  hidden_at: Date | string | null;
}

export interface SearchTermFilter {
  q?: string;
  state?: SearchTermState;
}

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createSearchTermsAdminRepository(db: DB) {
  return {
    async list(filter: SearchTermFilter, policy: OfferPolicy, limit: number, offset: number) {
      const where = [sql`true`];
      if (filter.q) where.push(sql`lower(t.keyword) LIKE ${likeOf(filter.q)}`);
      if (filter.state) where.push(sql`t.state = ${filter.state}`);
      const condition = sql.join(where, sql` AND `);
      const terms = sql`(SELECT k.*, ${stateOf(policy, 'k')} AS state FROM search_keywords k)`;
      const [items, total] = await Promise.all([
        sql<SearchTermRow>`
          SELECT t.id, t.keyword, t.searches, t.visitors, t.results, t.state, t.searched_at, t.hidden_at
          FROM ${terms} AS t
          WHERE ${condition}
          ORDER BY t.searches DESC, t.keyword
          LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM ${terms} AS t WHERE ${condition}`.execute(db),
      ]);
      return { rows: items.rows, total: Number(total.rows[0]?.n ?? 0) };
    },

    /** The terms that exist among `ids`, with their text. */
    async find(ids: number[]): Promise<{ id: number; keyword: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('search_keywords')
        .select(['id', 'keyword'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), keyword: r.keyword }));
    },

    /** Hides the shown ones among `ids`; the ids it changed. */
    async hide(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('search_keywords')
        .set({ hidden_at: new Date() })
        .where('id', 'in', ids)
        .where('hidden_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Shows the hidden ones among `ids` again; the ids it changed. */
    async unhide(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('search_keywords')
        .set({ hidden_at: null })
        .where('id', 'in', ids)
        .where('hidden_at', 'is not', null)
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },
  };
}

export type SearchTermsAdminRepository = ReturnType<typeof createSearchTermsAdminRepository>;
