// SQL of the suggester: prefix matches first, then typo-tolerant trigram matches (pg_trgm, GIN indexes
// on every title column), each list ordered by how much it is used; search terms only when they may be
// offered (search-terms-sql.ts). And the counting of searches: terms, their distinct visitors per day.
import { sql } from 'kysely';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { listedVideos } from '../catalog/object-counts-sql.ts';
import type { OfferPolicy } from './search-terms.ts';
import { offeredCondition } from './search-terms-sql.ts';

/** One term of a batch of searches collected in memory (search.service.ts). */
export interface SearchBatchTerm {
  /** Lower case. */
  keyword: string;
  searches: number;
  /** Videos its last unfiltered search found; undefined leaves the stored value. */
  results?: number;
  /** The keyed hashes of its visitors, by UTC day. */
  visitors: { day: string; hash: Uint8Array }[];
}

/** Rows a statement writes at once (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 1000;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** site_settings' key of the address hashes' key (made once, shared by every process). */
export const ADDRESS_KEY_SETTING = 'search.address_key';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createSearchRepository(db: DB) {
  /** title starts with the text, or a word of it does, or it is close to the text (word similarity). */
  const matches = (column: string, text: string) => {
    const ref = sql.ref(column);
    const prefix = `${escapeLike(text)}%`;
    const wordPrefix = `% ${escapeLike(text)}%`;
    return {
      where: sql<boolean>`(${ref} ILIKE ${prefix} OR ${ref} ILIKE ${wordPrefix} OR ${text} <% ${ref} OR ${text} % ${ref})`,
      rank: sql<number>`(CASE WHEN ${ref} ILIKE ${prefix} THEN 2 WHEN ${ref} ILIKE ${wordPrefix} THEN 1 ELSE 0 END)`,
      similarity: sql<number>`word_similarity(${text}, ${ref})`,
    };
  };

  return {
    async suggest(text: string, gender: Gender, limit: number, policy: OfferPolicy) {
      const kw = matches('keyword', text);
      const tg = matches('title', text);
      const [keywords, tags, categories, models, channels] = await Promise.all([
        db
          .selectFrom('search_keywords')
          .select('keyword')
          .where(kw.where)
          .where(offeredCondition(policy))
          .orderBy(kw.rank, 'desc')
          .orderBy(kw.similarity, 'desc')
          .orderBy('searches', 'desc')
          .orderBy('keyword')
          .limit(limit)
          .execute(),
        // Every count is of the orientation's listed videos (object_video_counts), as its lists show;
        // ORDER BY total_videos is that output column.
        db
          .selectFrom('tags')
          .innerJoin('object_video_counts as n', (join) =>
            join.onRef('n.object_id', '=', 'tags.id').on('n.kind', '=', 'tag').on('n.gender', '=', gender),
          )
          .select(['dir', 'title', 'n.videos as total_videos'])
          .where(tg.where)
          .where('n.videos', '>', 0)
          .orderBy(tg.rank, 'desc')
          .orderBy(tg.similarity, 'desc')
          .orderBy('n.videos', 'desc')
          .orderBy('title')
          .limit(limit)
          .execute(),
        db
          .selectFrom('categories')
          .select([
            'dir',
            'title',
            listedVideos('category', sql.ref('categories.id'), gender).as('total_videos'),
          ])
          .where(tg.where)
          .where('gender', '=', gender)
          .orderBy(tg.rank, 'desc')
          .orderBy(tg.similarity, 'desc')
          .orderBy('total_videos', 'desc')
          .orderBy('title')
          .limit(limit)
          .execute(),
        db
          .selectFrom('models')
          .select(['dir', 'title', listedVideos('model', sql.ref('models.id'), gender).as('total_videos')])
          .where(tg.where)
          .where('gender', '=', gender)
          .orderBy(tg.rank, 'desc')
          .orderBy(tg.similarity, 'desc')
          .orderBy('total_videos', 'desc')
          .orderBy('title')
          .limit(limit)
          .execute(),
        db
          .selectFrom('channels')
          .select([
            'dir',
            'title',
            listedVideos('channel', sql.ref('channels.id'), gender).as('total_videos'),
          ])
          .where(tg.where)
          .where('gender', '=', gender)
          .orderBy(tg.rank, 'desc')
          .orderBy(tg.similarity, 'desc')
          .orderBy('total_videos', 'desc')
          .orderBy('title')
          .limit(limit)
          .execute(),
      ]);
      return { keywords: keywords.map((k) => k.keyword), tags, categories, models, channels };
    },

    /** The tags with the most listed videos of the orientation, with that count. */
    topTags(limit: number, gender: Gender) {
      return db
        .selectFrom('tags')
        .innerJoin('object_video_counts as n', (join) =>
          join.onRef('n.object_id', '=', 'tags.id').on('n.kind', '=', 'tag').on('n.gender', '=', gender),
        )
        .select(['dir', 'title', 'n.videos as total_videos'])
        .where('n.videos', '>', 0)
        .orderBy('n.videos', 'desc')
        .orderBy('title')
        .limit(limit)
        .execute();
    },

    /** The terms that may be offered, most searched first (the top searches, the home chips). */
    async topKeywords(limit: number, policy: OfferPolicy): Promise<string[]> {
      const rows = await db
        .selectFrom('search_keywords')
        .select('keyword')
        .where(offeredCondition(policy))
        .orderBy('searches', 'desc')
        .orderBy('keyword')
        .limit(limit)
        .execute();
      return rows.map((r) => r.keyword);
    },

    /**
     * Adds a batch of searches: the terms' counts and last results, and their visitors. A visitor row
     * (term, day, address hash) is unique, so a repeat from this batch, an earlier one or another
     * process adds nothing; `visitors` grows by the rows actually inserted. The terms are written in
     * key order, so two processes writing the same terms wait for each other rather than deadlock.
     */
    async countSearches(batch: SearchBatchTerm[], at: Date) {
      if (batch.length === 0) return;
      const terms = [...batch].sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
      await db.transaction().execute(async (trx) => {
        for (const part of chunks(terms)) {
          await trx
            .insertInto('search_keywords')
            .values(
              part.map((t) => ({
                keyword: t.keyword,
                searches: t.searches,
                results: t.results ?? null,
                searched_at: at,
              })),
            )
            .onConflict((oc) =>
              oc.expression(sql`lower(keyword)`).doUpdateSet({
                searches: sql`search_keywords.searches + excluded.searches`,
                results: sql`coalesce(excluded.results, search_keywords.results)`,
                searched_at: sql`excluded.searched_at`,
              }),
            )
            .execute();
        }
        // Each term's row by the unique key's own reading (lower() of the database, not of JavaScript).
        const keywords = terms.map((t) => t.keyword);
        const found = await sql<{ input: string; id: number | string }>`
          SELECT t.input, k.id FROM unnest(${keywords}::text[]) AS t (input)
          JOIN search_keywords k ON lower(k.keyword) = lower(t.input)`.execute(trx);
        const ids = new Map(found.rows.map((r) => [r.input, Number(r.id)]));
        const visitors = terms.flatMap((t) => {
          const id = ids.get(t.keyword);
          return id === undefined
            ? []
            : t.visitors.map((v) => ({ keyword_id: id, day: v.day, address_hash: v.hash }));
        });
        const added = new Map<number, number>();
        for (const part of chunks(visitors)) {
          const rows = await trx
            .insertInto('search_keyword_visitors')
            .values(part)
            .onConflict((oc) => oc.doNothing())
            .returning('keyword_id')
            .execute();
          for (const row of rows) {
            const id = Number(row.keyword_id);
            added.set(id, (added.get(id) ?? 0) + 1);
          }
        }
        if (added.size === 0) return;
        const deltas = [...added].map(([id, n]) => sql`(${id}::bigint, ${n}::int)`);
        await sql`
          UPDATE search_keywords k SET visitors = k.visitors + d.n
          FROM (VALUES ${sql.join(deltas)}) AS d (id, n)
          WHERE k.id = d.id`.execute(trx);
      });
    },

    /** Forgets the visitor rows of days before `day` (they only de-duplicate one day's visitors). */
    async pruneVisitors(day: string) {
      await db.deleteFrom('search_keyword_visitors').where('day', '<', day).execute();
    },

    /** The key of the address hashes: `candidate` when none is stored yet, else the stored one. */
    async addressKey(candidate: string): Promise<string> {
      await db
        .insertInto('site_settings')
        .values({ key: ADDRESS_KEY_SETTING, value: JSON.stringify(candidate), updated_at: new Date() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('site_settings')
        .select(sql<string>`value #>> '{}'`.as('v'))
        .where('key', '=', ADDRESS_KEY_SETTING)
        .executeTakeFirstOrThrow();
      return row.v;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
