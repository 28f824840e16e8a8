// SQL of the console's categories, tags, models and channels (issue 17): a searched page, one row,
// insert, update, delete (optionally moving the videos and subscribers to another object first, then
// recounting it), and the picture's storage key. Decides nothing: the service checks the input.
import { type RawBuilder, sql } from 'kysely';
import type { TaxonomyKind } from '../../../contract/admin-taxonomy.ts';
import type { DB } from '../../db/database.ts';
import { listedVideo } from '../../db/video-status-sql.ts';

/** Where each kind lives: its table, its date and picture columns, how videos link to it. */
const TABLES = {
  category: {
    table: 'categories',
    date: 'created_at',
    image: 'thumb',
    link: 'video_categories',
    key: 'category_id',
    section: 'category',
  },
  tag: { table: 'tags', date: 'created_at', image: null, link: 'video_tags', key: 'tag_id', section: null },
  model: {
    table: 'models',
    date: 'added_date',
    image: 'img',
    link: 'video_models',
    key: 'model_id',
    section: 'model',
  },
  channel: {
    table: 'channels',
    date: 'added_date',
    image: 'scr1',
    link: null,
    key: null,
    section: 'channel',
  },
} as const;

/** A row as stored (every column of the kind's table; `added` is its date column). */
export type TaxonomyRow = Record<string, unknown> & {
  id: number;
  dir: string;
  title: string;
  total_videos: number;
  added: Date | string;
};

/** Column → value to write; mvp_links is written as JSON. */
export type TaxonomyColumns = Record<string, string | number | boolean | null>;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
const LISTED = listedVideo();

const sqlValue = (column: string, value: string | number | boolean | null): RawBuilder<unknown> =>
  column === 'mvp_links' ? sql`${value}::jsonb` : sql`${value}`;

/** `%…%` for ILIKE with the pattern characters of `text` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createTaxonomyAdminRepository(db: DB) {
  const one = async (kind: TaxonomyKind, id: number) => {
    const t = TABLES[kind];
    const { rows } = await sql<TaxonomyRow>`
      SELECT *, ${sql.ref(t.date)} AS added FROM ${sql.table(t.table)} WHERE id = ${id}`.execute(db);
    return rows[0] ?? null;
  };

  return {
    /** A page, newest first; `q` matches inside the title or the dir. */
    async list(kind: TaxonomyKind, q: string, limit: number, offset: number) {
      const t = TABLES[kind];
      const where = q
        ? sql`WHERE title ILIKE ${containing(q)} OR dir ILIKE ${containing(q.toLowerCase())}`
        : sql``;
      const [page, count] = await Promise.all([
        sql<TaxonomyRow>`
          SELECT *, ${sql.ref(t.date)} AS added FROM ${sql.table(t.table)} ${where}
          ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t.table)} ${where}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
    },

    find: one,

    /** The new row, or 'dir_taken' when another object of the kind has the dir. */
    async insert(kind: TaxonomyKind, columns: TaxonomyColumns): Promise<TaxonomyRow | 'dir_taken'> {
      const t = TABLES[kind];
      const names = Object.keys(columns);
      try {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO ${sql.table(t.table)} (${sql.join(names.map((c) => sql.ref(c)))})
          VALUES (${sql.join(names.map((c) => sqlValue(c, columns[c] ?? null)))})
          RETURNING id`.execute(db);
        return (await one(kind, Number(rows[0]!.id)))!;
      } catch (error) {
        if (isUniqueViolation(error)) return 'dir_taken';
        throw error;
      }
    },

    /** The row as updated; null when there is none; 'dir_taken' as for insert. */
    async update(
      kind: TaxonomyKind,
      id: number,
      columns: TaxonomyColumns,
    ): Promise<TaxonomyRow | null | 'dir_taken'> {
      const t = TABLES[kind];
      const names = Object.keys(columns);
      if (names.length === 0) return one(kind, id);
      try {
        const { rows } = await sql<{ id: number }>`
          UPDATE ${sql.table(t.table)}
          SET ${sql.join(names.map((c) => sql`${sql.ref(c)} = ${sqlValue(c, columns[c] ?? null)}`))}
          WHERE id = ${id} RETURNING id`.execute(db);
        return rows.length ? one(kind, id) : null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'dir_taken';
        throw error;
      }
    },

    /**
     * Deletes the object: its video links go with it (foreign keys), a channel's videos keep no channel;
     * its subscriptions, comments and votes are deleted. With `moveTo`, its videos (and subscribers) join
     * that object first, whose counters are then recounted from its listed videos. One transaction; false
     * when the object (or `moveTo`) was not there.
     */
    async remove(
      kind: TaxonomyKind,
      id: number,
      moveTo: number | null,
    ): Promise<{ found: boolean; target: boolean; movedVideos: number; image: string | null }> {
      const t = TABLES[kind];
      return db.transaction().execute(async (trx) => {
        // Locked first, in id order, so two deletes merging into each other cannot deadlock.
        const ids = moveTo === null ? [id] : [id, moveTo].sort((a, b) => a - b);
        const { rows: locked } = await sql<{ id: number; image: string | null }>`
          SELECT id, ${t.image ? sql.ref(t.image) : sql`NULL`} AS image FROM ${sql.table(t.table)}
          WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
        const self = locked.find((r) => Number(r.id) === id);
        if (!self) return { found: false, target: true, movedVideos: 0, image: null };
        if (moveTo !== null && !locked.some((r) => Number(r.id) === moveTo))
          return { found: true, target: false, movedVideos: 0, image: null };

        let movedVideos = 0;
        if (moveTo !== null) {
          if (t.link && t.key) {
            const moved = await sql`
              INSERT INTO ${sql.table(t.link)} (video_id, ${sql.ref(t.key)})
              SELECT video_id, ${moveTo} FROM ${sql.table(t.link)} WHERE ${sql.ref(t.key)} = ${id}
              ON CONFLICT DO NOTHING`.execute(trx);
            movedVideos = Number(moved.numAffectedRows ?? 0);
            if (kind === 'category') {
              await sql`
                INSERT INTO playlist_categories (playlist_id, category_id)
                SELECT playlist_id, ${moveTo} FROM playlist_categories WHERE category_id = ${id}
                ON CONFLICT DO NOTHING`.execute(trx);
            }
          } else {
            const moved =
              await sql`UPDATE videos SET channel_id = ${moveTo} WHERE channel_id = ${id}`.execute(trx);
            movedVideos = Number(moved.numAffectedRows ?? 0);
          }
          if (t.section) {
            await sql`
              INSERT INTO subscriptions (user_id, section, object_id, created_at)
              SELECT user_id, section, ${moveTo}, created_at FROM subscriptions
              WHERE section = ${t.section} AND object_id = ${id}
              ON CONFLICT DO NOTHING`.execute(trx);
          }
        }
        if (t.section) {
          await sql`DELETE FROM subscriptions WHERE section = ${t.section} AND object_id = ${id}`.execute(
            trx,
          );
        }
        if (kind === 'model' || kind === 'channel') {
          await sql`DELETE FROM comments WHERE section = ${kind} AND object_id = ${id}`.execute(trx);
          await sql`DELETE FROM votes WHERE section = ${kind} AND object_id = ${id}`.execute(trx);
        }
        await sql`DELETE FROM ${sql.table(t.table)} WHERE id = ${id}`.execute(trx);
        if (moveTo !== null) await recount(trx, kind, moveTo);
        return { found: true, target: true, movedVideos, image: self.image };
      });
    },

    /** Sets the picture's key; returns the key it replaced (found false: no such object). */
    async swapImage(kind: 'category' | 'model' | 'channel', id: number, key: string | null) {
      const t = TABLES[kind];
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ old: string | null }>`
          SELECT ${sql.ref(t.image)} AS old FROM ${sql.table(t.table)} WHERE id = ${id} FOR UPDATE`.execute(
          trx,
        );
        if (rows.length === 0) return { found: false, old: null };
        await sql`UPDATE ${sql.table(t.table)} SET ${sql.ref(t.image)} = ${key} WHERE id = ${id}`.execute(
          trx,
        );
        return { found: true, old: rows[0]!.old };
      });
    },
  };
}

/** The counters of one object from its listed videos (and subscriptions), as the seeders compute them. */
async function recount(trx: DB, kind: TaxonomyKind, id: number) {
  if (kind === 'tag') {
    await sql`
      UPDATE tags SET total_videos = (
        SELECT count(*) FROM video_tags l JOIN videos v ON v.id = l.video_id WHERE l.tag_id = ${id} AND ${LISTED})
      WHERE id = ${id}`.execute(trx);
    return;
  }
  const t = TABLES[kind];
  const from =
    kind === 'channel'
      ? sql`FROM videos v WHERE v.channel_id = ${id} AND ${LISTED}`
      : sql`FROM ${sql.table(t.link!)} l JOIN videos v ON v.id = l.video_id WHERE l.${sql.ref(t.key!)} = ${id} AND ${LISTED}`;
  await sql`
    UPDATE ${sql.table(t.table)} SET (total_videos, viewed, rating) = (
      SELECT count(*), coalesce(sum(v.views), 0),
             coalesce(avg(v.rating) FILTER (WHERE v.likes + v.dislikes > 0), 0)
      ${from})
    WHERE id = ${id}`.execute(trx);
  if (kind !== 'category') {
    await sql`
      UPDATE ${sql.table(t.table)} SET subscribers = (
        SELECT count(*) FROM subscriptions WHERE section = ${kind} AND object_id = ${id})
      WHERE id = ${id}`.execute(trx);
  }
}

export type TaxonomyAdminRepository = ReturnType<typeof createTaxonomyAdminRepository>;
