// SQL of the video fingerprints (issue 31, migration 0050): the fingerprint itself (8 bytes a frame),
// its band index, the pairs known to be alike on purpose and the possible duplicates found by the
// pipeline. Decides nothing: fingerprints.service.ts does.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface BandKeyRow {
  band: number;
  value: number;
}

export interface StoredFingerprintRow {
  video_id: number;
  interval_ms: number;
  frames: Uint8Array;
}

export interface MatchRow {
  video_id: number;
  similarity: number;
}

/** Both ids of a pair in the order the tables keep them (smaller first). */
export function orderedPair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

export function createFingerprintsRepository(db: DB) {
  // The seeder runs the pipeline inside its own transaction (demo-long-videos.ts): join it then.
  const atomically = <T>(work: (trx: DB) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return {
    /** Replaces the video's fingerprint and its index rows, in one transaction. */
    async save(videoId: number, intervalMs: number, frames: Uint8Array, keys: readonly BandKeyRow[]) {
      await atomically(async (trx) => {
        await trx
          .insertInto('video_fingerprints')
          .values({ video_id: videoId, interval_ms: intervalMs, frames })
          .onConflict((oc) =>
            oc.column('video_id').doUpdateSet({ interval_ms: intervalMs, frames, created_at: sql`now()` }),
          )
          .execute();
        await trx.deleteFrom('video_fingerprint_bands').where('video_id', '=', videoId).execute();
        if (keys.length > 0) {
          await sql`
            INSERT INTO video_fingerprint_bands (band, value, video_id)
            SELECT k.band, k.value, ${videoId}::bigint
            FROM unnest(${keys.map((k) => k.band)}::smallint[], ${keys.map((k) => k.value)}::int[]) AS k (band, value)
            ON CONFLICT DO NOTHING`.execute(trx);
        }
      });
    },

    async fingerprint(videoId: number): Promise<StoredFingerprintRow | undefined> {
      return db
        .selectFrom('video_fingerprints')
        .select(['video_id', 'interval_ms', 'frames'])
        .where('video_id', '=', videoId)
        .executeTakeFirst();
    },

    async fingerprints(videoIds: readonly number[]): Promise<StoredFingerprintRow[]> {
      if (videoIds.length === 0) return [];
      return db
        .selectFrom('video_fingerprints')
        .select(['video_id', 'interval_ms', 'frames'])
        .where('video_id', 'in', [...videoIds])
        .execute();
    },

    /**
     * The videos whose indexed bands share the most keys with `keys`, most first: the candidates worth
     * an exact comparison. Only videos with a fingerprint at `intervalMs`.
     */
    async candidates(
      keys: readonly BandKeyRow[],
      options: { excludeVideoId?: number; onlyVideoIds?: readonly number[]; limit: number },
    ): Promise<Array<{ video_id: number; hits: number }>> {
      if (keys.length === 0 || options.onlyVideoIds?.length === 0) return [];
      const only = options.onlyVideoIds
        ? sql`AND b.video_id = ANY(${[...options.onlyVideoIds]}::bigint[])`
        : sql``;
      const exclude =
        options.excludeVideoId !== undefined ? sql`AND b.video_id <> ${options.excludeVideoId}` : sql``;
      const { rows } = await sql<{ video_id: number; hits: number }>`
        SELECT b.video_id, count(*)::int AS hits
        FROM unnest(${keys.map((k) => k.band)}::smallint[], ${keys.map((k) => k.value)}::int[]) AS k (band, value)
        JOIN video_fingerprint_bands b ON b.band = k.band AND b.value = k.value
        WHERE true ${exclude} ${only}
        GROUP BY b.video_id
        ORDER BY hits DESC, b.video_id
        LIMIT ${options.limit}`.execute(db);
      return rows.map((r) => ({ video_id: Number(r.video_id), hits: Number(r.hits) }));
    },

    /** The ids alike on purpose with this video (either side of the pair). */
    async knownDuplicatesOf(videoId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('video_known_duplicates')
        .select(sql<number>`CASE WHEN video_id = ${videoId} THEN other_id ELSE video_id END`.as('id'))
        .where((eb) => eb.or([eb('video_id', '=', videoId), eb('other_id', '=', videoId)]))
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Whether processing found these two videos alike (video_matches, either direction). */
    async matchBetween(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom('video_matches')
        .select('video_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('video_id', '=', a), eb('other_id', '=', b)]),
            eb.and([eb('video_id', '=', b), eb('other_id', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    async addKnownDuplicates(pairs: ReadonlyArray<[number, number]>): Promise<void> {
      const values = pairs
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => orderedPair(a, b))
        .map(([video_id, other_id]) => ({ video_id, other_id }));
      if (values.length === 0) return;
      await db
        .insertInto('video_known_duplicates')
        .values(values)
        .onConflict((oc) => oc.columns(['video_id', 'other_id']).doNothing())
        .execute();
    },

    /** The possible duplicates found for this video replace the ones found before. */
    async replaceMatches(videoId: number, matches: readonly MatchRow[]): Promise<void> {
      await atomically(async (trx) => {
        await trx.deleteFrom('video_matches').where('video_id', '=', videoId).execute();
        if (matches.length > 0) {
          await trx
            .insertInto('video_matches')
            .values(
              matches.map((m) => ({ video_id: videoId, other_id: m.video_id, similarity: m.similarity })),
            )
            .onConflict((oc) => oc.columns(['video_id', 'other_id']).doNothing())
            .execute();
        }
      });
    },

    /**
     * The possible duplicates of each video, in both directions, best first; pairs known to be alike
     * and videos deleted since are left out.
     */
    async matchesOf(videoIds: readonly number[], limit: number): Promise<Map<number, MatchRow[]>> {
      const found = new Map<number, MatchRow[]>();
      if (videoIds.length === 0) return found;
      const ids = [...videoIds];
      const { rows } = await sql<{ subject: number; video_id: number; similarity: number }>`
        SELECT m.subject, m.video_id, m.similarity
        FROM (
          SELECT video_id AS subject, other_id AS video_id, similarity FROM video_matches
          WHERE video_id = ANY(${ids}::bigint[])
          UNION ALL
          SELECT other_id AS subject, video_id AS video_id, similarity FROM video_matches
          WHERE other_id = ANY(${ids}::bigint[])
        ) m
        JOIN videos v ON v.id = m.video_id AND v.deleted_at IS NULL
        WHERE NOT EXISTS (
          SELECT 1 FROM video_known_duplicates k
          WHERE k.video_id = least(m.subject, m.video_id) AND k.other_id = greatest(m.subject, m.video_id)
        )
        ORDER BY m.subject, m.similarity DESC, m.video_id`.execute(db);
      for (const row of rows) {
        const subject = Number(row.subject);
        const list = found.get(subject) ?? [];
        if (list.length >= limit) continue;
        if (list.some((m) => m.video_id === Number(row.video_id))) continue;
        list.push({
          video_id: Number(row.video_id),
          similarity: Math.round(Number(row.similarity) * 1000) / 1000,
        });
        found.set(subject, list);
      }
      return found;
    },
  };
}

export type FingerprintsRepository = ReturnType<typeof createFingerprintsRepository>;
