// SQL of the suggester: prefix matches first, then typo-tolerant trigram matches (pg_trgm, GIN indexes
// on every title column), each list ordered by how much it is used.
import { sql } from 'kysely';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { listedVideos } from '../catalog/object-counts-sql.ts';

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
    async suggest(text: string, gender: Gender, limit: number) {
      const kw = matches('keyword', text);
      const tg = matches('title', text);
      const [keywords, tags, categories, models, channels] = await Promise.all([
        db
          .selectFrom('search_keywords')
          .select('keyword')
          .where(kw.where)
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

    topKeywords(limit: number) {
      return db
        .selectFrom('search_keywords')
        .select('keyword')
        .orderBy('searches', 'desc')
        .orderBy('keyword')
        .limit(limit)
        .execute();
    },

    /** Adds searches to keywords (creating them), from a batch collected in memory. */
    async countSearches(counts: Map<string, number>) {
      if (counts.size === 0) return;
      const rows = [...counts].map(([keyword, searches]) => ({ keyword, searches }));
      await db
        .insertInto('search_keywords')
        .values(rows)
        .onConflict((oc) =>
          oc
            .expression(sql`lower(keyword)`)
            .doUpdateSet({ searches: sql`search_keywords.searches + excluded.searches` }),
        )
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
