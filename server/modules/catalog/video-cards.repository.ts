// A listing's cards on a response-cache miss (issue 18). Building a card in SQL costs a poster and a
// preview lookup, the categories' and the models' aggregates and a count per model: 60 cards made that
// most of an uncached page (bench/notes.md, session 10). The stable part of each card is kept here per
// process, tagged with videos.card_version, which triggers raise whenever that part changes (0045): a page
// reads its ids with their counters and versions, builds only the cards whose version it does not hold,
// and reads the few categories and models of the page by id (their names and per-orientation counts are
// always current). The cache is exact, so it serves every process of a fleet and stays on when the
// response caches are off.

import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { PREPARED } from '../../db/prepared.ts';

/** What a listing row carries: the columns of a card, its poster and preview, and with links its objects. */
export interface ListedVideoRow {
  id: number;
  dir: string;
  title: string;
  duration: number;
  height: number | null;
  post_date: Date;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  comments_count: number;
  poster_key: string | null;
  preview_key: string | null;
  /** A running thumbnail trial's candidates (modules/thumbs): [still, storage key] each. */
  stills?: [number, string][];
}

export interface LinkedCategory {
  id: number;
  dir: string;
  title: string;
}
export interface LinkedModel {
  dir: string;
  title: string;
  img: string | null;
  total_videos: number;
}
export type LinkedVideoRow = ListedVideoRow & {
  link_categories: LinkedCategory[];
  link_models: LinkedModel[];
};

/** The counters of a page's row, read on every request, and the version its stable part must have. */
export interface PageRow {
  id: number;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  comments_count: number;
  card_version: number;
}

interface StableCard {
  version: number;
  dir: string;
  title: string;
  duration: number;
  height: number | null;
  post_date: Date;
  gender: Gender;
  poster_key: string | null;
  preview_key: string | null;
  /** videos.card_stills with their keys (0054): a trial's candidates, or the one still a trial chose. */
  still_keys: [number, string][] | null;
  category_ids: number[];
  model_ids: number[];
}

/** Cards kept per process: about 300 bytes each. */
const MAX_CARDS = 50_000;

export function createVideoCardsRepository(db: DB) {
  const cards = new LRUCache<number, StableCard>({ max: MAX_CARDS });

  const loadStable = async (ids: number[]): Promise<void> => {
    const rows = await db
      .selectFrom('videos as v')
      .select([
        'v.id',
        'v.card_version',
        'v.dir',
        'v.title',
        'v.duration',
        'v.height',
        'v.post_date',
        'v.gender',
      ])
      .select([
        sql<string | null>`(SELECT f.storage_key FROM video_files f
          WHERE f.video_id = v.id AND f.kind = 'poster' AND f.format = '' LIMIT 1)`.as('poster_key'),
        sql<string | null>`(SELECT f.storage_key FROM video_files f
          WHERE f.video_id = v.id AND f.kind = 'preview' AND f.format = '' LIMIT 1)`.as('preview_key'),
        sql<[number, string][] | null>`(SELECT json_agg(json_build_array(s.n, f.storage_key) ORDER BY s.i)
          FROM unnest(v.card_stills) WITH ORDINALITY AS s(n, i)
          JOIN video_files f ON f.video_id = v.id AND (CASE WHEN s.n = 0
            THEN f.kind = 'poster' AND f.format = '' ELSE f.kind = 'thumb' AND f.format = s.n::text END))`.as(
          'still_keys',
        ),
        sql<number[]>`ARRAY(SELECT l.category_id FROM video_categories l WHERE l.video_id = v.id)`.as(
          'category_ids',
        ),
        sql<number[]>`ARRAY(SELECT l.model_id FROM video_models l WHERE l.video_id = v.id)`.as('model_ids'),
      ])
      .where('v.id', '=', sql<number>`ANY(${sql.val(ids)}::bigint[])`)
      .modifyEnd(PREPARED)
      .execute();
    for (const row of rows) {
      cards.set(Number(row.id), {
        version: row.card_version,
        dir: row.dir,
        title: row.title,
        duration: row.duration,
        height: row.height,
        post_date: new Date(row.post_date),
        gender: row.gender,
        poster_key: row.poster_key,
        preview_key: row.preview_key,
        still_keys: row.still_keys,
        category_ids: (row.category_ids ?? []).map(Number),
        model_ids: (row.model_ids ?? []).map(Number),
      });
    }
  };

  /** The page's categories and models by id, in title order; each model with its listed videos per orientation. */
  const loadLinks = async (categoryIds: number[], modelIds: number[], genders: Gender[]) => {
    if (categoryIds.length === 0 && modelIds.length === 0) return { categories: [], models: [] };
    // One statement for both (one round trip): the rows in title order, told apart by `kind`.
    const { rows } = await sql<{
      kind: 'category' | 'model';
      id: number;
      dir: string;
      title: string;
      img: string | null;
      videos: Record<string, number> | null;
    }>`SELECT 'category' AS kind, c.id, c.dir, c.title, NULL::text AS img, NULL::json AS videos
      FROM categories c WHERE c.id = ANY(${categoryIds}::bigint[])
      UNION ALL
      SELECT 'model', m.id, m.dir, m.title, m.img,
        (SELECT json_object_agg(n.gender, n.videos) FROM object_video_counts n
          WHERE n.kind = 'model' AND n.object_id = m.id AND n.gender = ANY(${genders}::text[]))
      FROM models m WHERE m.id = ANY(${modelIds}::bigint[])
      ORDER BY title${PREPARED}`.execute(db);
    return {
      categories: rows.filter((row) => row.kind === 'category'),
      models: rows.filter((row) => row.kind === 'model'),
    };
  };

  return {
    /**
     * The listing rows of `page` (in its order): the stable parts this process holds at the page's
     * versions, the others read in one statement; with `withLinks`, each card's categories and models.
     */
    async complete(page: PageRow[], withLinks: boolean): Promise<(ListedVideoRow | LinkedVideoRow)[]> {
      const missing = page
        .filter((row) => cards.get(row.id)?.version !== row.card_version)
        .map((row) => row.id);
      if (missing.length > 0) await loadStable(missing);
      const rows: { row: PageRow; card: StableCard }[] = [];
      for (const row of page) {
        const card = cards.get(row.id);
        // Gone between the two reads (deleted): the page shows one card fewer, as the next read would.
        if (card) rows.push({ row, card });
      }
      const listed = rows.map(({ row, card }) => ({
        id: Number(row.id),
        dir: card.dir,
        title: card.title,
        duration: card.duration,
        height: card.height,
        post_date: card.post_date,
        views: row.views,
        likes: row.likes,
        dislikes: row.dislikes,
        rating: row.rating,
        comments_count: row.comments_count,
        // A settled or pinned thumbnail trial's still is the card's picture; a running one's candidates
        // go with the card, the poster staying its picture until the browser picks (modules/thumbs).
        poster_key: card.still_keys?.length === 1 ? card.still_keys[0]![1] : card.poster_key,
        preview_key: card.preview_key,
        ...(card.still_keys && card.still_keys.length > 1 ? { stills: card.still_keys } : {}),
      }));
      if (!withLinks) return listed;

      const categoryIds = [...new Set(rows.flatMap(({ card }) => card.category_ids))];
      const modelIds = [...new Set(rows.flatMap(({ card }) => card.model_ids))];
      const genders = [...new Set(rows.map(({ card }) => card.gender))];
      const links = await loadLinks(categoryIds, modelIds, genders);
      return rows.map(({ card }, i) => {
        const row = listed[i] as ListedVideoRow;
        const ownCategories = new Set(card.category_ids);
        const ownModels = new Set(card.model_ids);
        return {
          ...row,
          link_categories: links.categories
            .filter((c) => ownCategories.has(Number(c.id)))
            .map((c) => ({ id: Number(c.id), dir: c.dir, title: c.title })),
          link_models: links.models
            .filter((m) => ownModels.has(Number(m.id)))
            .map((m) => ({
              dir: m.dir,
              title: m.title,
              img: m.img,
              total_videos: Math.max(0, Number(m.videos?.[card.gender] ?? 0)),
            })),
        };
      });
    },
  };
}

export type VideoCardsRepository = ReturnType<typeof createVideoCardsRepository>;
