// The SQL steps an edit or a delete of a video shares (videos-admin.repository.ts): its links replaced,
// the listed counts moved by the difference, its search words computed again. Kysely only, no rules.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VideoState } from './videos-admin.repository.ts';

type Trx = Kysely<Database>;

export const LINKS = [
  ['categories', 'video_categories', 'category_id'],
  ['models', 'video_models', 'model_id'],
  ['tags', 'video_tags', 'tag_id'],
] as const;

/** Listed: counted on its uploader, channel and taxonomy (server/seed/seed-sql.ts LISTED). */
export const listed = (s: { status: number; is_private: boolean }) => s.status === 1 && !s.is_private;

export async function replaceLinks(tx: Trx, videoId: number, kind: (typeof LINKS)[number][0], ids: number[]) {
  const [table, link, column] = LINKS.find(([k]) => k === kind)!;
  if (ids.length === 0) {
    await sql`DELETE FROM ${sql.table(link)} WHERE video_id = ${videoId}`.execute(tx);
    return;
  }
  const list = sql.join(ids.map((id) => sql`${id}::bigint`));
  await sql`DELETE FROM ${sql.table(link)} WHERE video_id = ${videoId}
    AND ${sql.ref(column)} NOT IN (${list})`.execute(tx);
  // Only ids that exist (one removed meanwhile is skipped rather than failing the edit).
  await sql`INSERT INTO ${sql.table(link)} (video_id, ${sql.ref(column)})
    SELECT ${videoId}::bigint, id FROM ${sql.table(table)} WHERE id IN (${list})
    ON CONFLICT DO NOTHING`.execute(tx);
}

/**
 * +1 where the video now counts and did not, -1 the other way: the rows are locked in id order first,
 * so two edits touching the same categories (or tags…) in another order wait instead of deadlocking.
 * FOR NO KEY UPDATE (what the UPDATE takes anyway) does not wait for the key-share locks another
 * edit's link inserts hold on the same rows (their foreign-key checks).
 */
export async function moveCounts(tx: Trx, before: VideoState, after: VideoState) {
  const was = listed(before);
  const is = listed(after);
  const delta = async (table: string, column: string, wasIds: number[], isIds: number[]) => {
    const a = new Set(was ? wasIds : []);
    const b = new Set(is ? isIds : []);
    const changes = [
      ...[...b].filter((id) => !a.has(id)).map((id) => [id, 1] as const),
      ...[...a].filter((id) => !b.has(id)).map((id) => [id, -1] as const),
    ].sort((x, y) => x[0] - y[0]);
    if (changes.length === 0) return;
    const ids = sql.join(changes.map(([id]) => sql`${id}::bigint`));
    await sql`SELECT id FROM ${sql.table(table)} WHERE id IN (${ids}) ORDER BY id FOR NO KEY UPDATE`.execute(
      tx,
    );
    const rows = sql.join(changes.map(([id, d]) => sql`(${id}::bigint, ${d}::int)`));
    await sql`UPDATE ${sql.table(table)} t SET ${sql.ref(column)} = GREATEST(t.${sql.ref(column)} + d.delta, 0)
      FROM (VALUES ${rows}) AS d(id, delta) WHERE t.id = d.id`.execute(tx);
  };
  const one = (id: number | null) => (id === null ? [] : [id]);
  await delta('users', 'videos_count', one(before.user_id), one(after.user_id));
  await delta('channels', 'total_videos', one(before.channel_id), one(after.channel_id));
  await delta('categories', 'total_videos', before.categories, after.categories);
  await delta('models', 'total_videos', before.models, after.models);
  await delta(
    'tags',
    'total_videos',
    before.tags.map((t) => t.id),
    after.tags.map((t) => t.id),
  );
}

/** The words a search matches, as the seed computes them (server/seed/seed-sql.ts fillSearchVectors). */
export async function refreshSearchWords(tx: Trx, videoId: number) {
  await sql`
    UPDATE videos v SET search_vector = to_tsvector('simple', concat_ws(' ', v.title, v.description,
      (SELECT string_agg(t.title, ' ') FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id),
      (SELECT string_agg(m.title, ' ') FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id),
      (SELECT c.title FROM channels c WHERE c.id = v.channel_id)))
    WHERE v.id = ${videoId}`.execute(tx);
}
