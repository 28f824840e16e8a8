// The SQL steps an edit or a delete of a video shares (videos-admin.repository.ts): the video's state
// read (locked for a write, or not for the edit page), a write applied to the locked row, its links
// replaced, the listed counts moved by the difference, its search words computed again. Kysely only,
// no rules.
import { type Kysely, sql } from 'kysely';
import { VIDEO_STATUS, type VideoStatus } from '../../../contract/catalog.ts';
import type { Database } from '../../db/schema.ts';

export type Trx = Kysely<Database>;

/** What an edit's rules look at: the video as it is, locked. */
export interface VideoState {
  id: number;
  dir: string;
  title: string;
  description: string;
  status: VideoStatus;
  is_private: boolean;
  user_id: number | null;
  channel_id: number | null;
  categories: number[];
  models: number[];
  tags: { id: number; dir: string; title: string }[];
  hasRenditions: boolean;
  /** A DMCA case has the video down (dmca.service restores it). */
  dmcaDown: boolean;
}

/** What to write; fields left out stay as they are. */
export interface VideoWrite {
  title?: string;
  description?: string;
  channel?: number | null;
  isPrivate?: boolean;
  status?: VideoStatus;
  rejectReason?: string | null;
  /** A waiting video made active tops latest-updates, as a moderator's approval does. */
  freshPostDate?: boolean;
  categories?: number[];
  models?: number[];
  tags?: { dir: string; title: string }[];
}

/** The video (not deleted) and its links, its row locked until the transaction ends; null: none. */
export async function lockState(tx: Trx, videoId: number): Promise<VideoState | null> {
  const row = await tx
    .selectFrom('videos')
    .select(['id', 'dir', 'title', 'description', 'status', 'is_private', 'user_id', 'channel_id'])
    .where('id', '=', videoId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return readState(tx, row);
}

export async function readState(
  tx: Trx,
  row: Pick<
    VideoState,
    'dir' | 'title' | 'description' | 'status' | 'is_private' | 'user_id' | 'channel_id'
  > & { id: number | string },
): Promise<VideoState> {
  const id = Number(row.id);
  const [categories, models, tags, renditions, dmca] = await Promise.all([
    tx.selectFrom('video_categories').select('category_id').where('video_id', '=', id).execute(),
    tx.selectFrom('video_models').select('model_id').where('video_id', '=', id).execute(),
    tx
      .selectFrom('video_tags as vt')
      .innerJoin('tags as t', 't.id', 'vt.tag_id')
      .select(['t.id', 't.dir', 't.title'])
      .where('vt.video_id', '=', id)
      .orderBy('t.title')
      .execute(),
    tx
      .selectFrom('video_files')
      .select('id')
      .where('video_id', '=', id)
      .where('kind', 'in', ['mp4', 'hls'])
      .limit(1)
      .execute(),
    tx
      .selectFrom('dmca_cases')
      .select('id')
      .where('video_id', '=', id)
      .where('taken_down', '=', true)
      .limit(1)
      .execute(),
  ]);
  return {
    id,
    dir: row.dir,
    title: row.title,
    description: row.description,
    status: row.status,
    is_private: row.is_private,
    user_id: row.user_id === null ? null : Number(row.user_id),
    channel_id: row.channel_id === null ? null : Number(row.channel_id),
    categories: categories.map((r) => Number(r.category_id)).sort((a, b) => a - b),
    models: models.map((r) => Number(r.model_id)).sort((a, b) => a - b),
    tags: tags.map((t) => ({ id: Number(t.id), dir: t.dir, title: t.title })),
    hasRenditions: renditions.length > 0,
    dmcaDown: dmca.length > 0,
  };
}

/** Writes `write` on the locked video and moves the listed counts by the difference. */
export async function applyWrite(tx: Trx, before: VideoState, write: VideoWrite): Promise<VideoState> {
  const id = before.id;
  const set: Record<string, unknown> = {};
  if (write.title !== undefined) set.title = write.title;
  if (write.description !== undefined) set.description = write.description;
  if (write.channel !== undefined) set.channel_id = write.channel;
  if (write.isPrivate !== undefined) set.is_private = write.isPrivate;
  if (write.status !== undefined) set.status = write.status;
  if (write.rejectReason !== undefined) set.reject_reason = write.rejectReason;
  await tx
    .updateTable('videos')
    .set({
      ...set,
      updated_at: sql<Date>`now()`,
      ...(write.freshPostDate ? { post_date: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
  if (write.categories !== undefined) await replaceLinks(tx, id, 'categories', write.categories);
  if (write.models !== undefined) await replaceLinks(tx, id, 'models', write.models);
  if (write.tags !== undefined) {
    if (write.tags.length > 0) {
      await tx
        .insertInto('tags')
        // In dir order: two edits creating the same new tags wait for each other, never deadlock.
        .values(
          [...write.tags]
            .sort((x, y) => (x.dir < y.dir ? -1 : 1))
            .map((t) => ({ dir: t.dir, title: t.title })),
        )
        .onConflict((oc) => oc.column('dir').doNothing())
        .execute();
    }
    const tagIds =
      write.tags.length === 0
        ? []
        : (
            await tx
              .selectFrom('tags')
              .select('id')
              .where(
                'dir',
                'in',
                write.tags.map((t) => t.dir),
              )
              .execute()
          ).map((r) => Number(r.id));
    await replaceLinks(tx, id, 'tags', tagIds);
  }
  const after = await readState(tx, {
    id,
    dir: before.dir,
    title: write.title ?? before.title,
    description: write.description ?? before.description,
    status: write.status ?? before.status,
    is_private: write.isPrivate ?? before.is_private,
    user_id: before.user_id,
    channel_id: write.channel !== undefined ? write.channel : before.channel_id,
  });
  await moveCounts(tx, before, after);
  await refreshSearchWords(tx, id);
  return after;
}

export const LINKS = [
  ['categories', 'video_categories', 'category_id'],
  ['models', 'video_models', 'model_id'],
  ['tags', 'video_tags', 'tag_id'],
] as const;

/** Listed: counted on its uploader, channel and taxonomy (server/seed/seed-sql.ts LISTED). */
export const listed = (s: { status: number; is_private: boolean }) =>
  s.status === VIDEO_STATUS.active && !s.is_private;

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
