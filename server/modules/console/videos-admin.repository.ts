// SQL of the console's videos (issue 17): the list, one video with its links and stills, the pickers'
// choices, and the writes (edit, poster rows, delete), each in one transaction that locks the video's
// row first, so parallel edits of one video queue up instead of mixing. Listed counts (uploader,
// channel, categories, tags, models) move by the difference between the video's listed links before
// and after, as increments, so edits of different videos never lose each other's counts. Decides
// nothing: the service's `decide` callback does, inside the transaction.
import { type Kysely, sql } from 'kysely';
import type { VideoStatus } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { Database, VideoFileKind } from '../../db/schema.ts';
import { createFingerprintsRepository } from '../integrity/fingerprints.repository.ts';
import { moveCounts, refreshSearchWords, replaceLinks } from './videos-admin-sql.ts';

export interface AdminVideoFilter {
  /** A video id (all digits), else words of the title. */
  q?: string;
  status?: number;
  isPrivate?: boolean;
  userId?: number;
}

export interface AdminListRow {
  id: number;
  dir: string;
  title: string;
  status: VideoStatus;
  is_private: boolean;
  user_id: number | null;
  username: string | null;
  views: number;
  duration: number;
  created_at: Date;
  poster_key: string | null;
}

export interface VideoFileRow {
  kind: VideoFileKind;
  format: string;
  storage_key: string;
}

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

export type Decision<E> = { error: E } | { write: VideoWrite };

export type WriteOutcome<E> =
  | { ok: true; before: VideoState; after: VideoState }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'refused'; error: E };

export type Trx = Kysely<Database>;

export function createVideosAdminRepository(db: DB) {
  async function lockState(tx: Trx, videoId: number): Promise<VideoState | null> {
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

  async function readState(
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
  async function apply(tx: Trx, before: VideoState, write: VideoWrite): Promise<VideoState> {
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

  return {
    async list(filter: AdminVideoFilter, limit: number, offset: number) {
      let base = db.selectFrom('videos as v').where('v.deleted_at', 'is', null);
      const q = filter.q?.trim();
      if (q) {
        if (/^\d{1,15}$/.test(q)) {
          base = base.where((eb) =>
            eb.or([eb('v.id', '=', Number(q)), eb('v.title', 'ilike', `%${escapeLike(q)}%`)]),
          );
        } else {
          for (const word of q.split(/\s+/).slice(0, 8))
            base = base.where('v.title', 'ilike', `%${escapeLike(word)}%`);
        }
      }
      if (filter.status !== undefined) base = base.where('v.status', '=', filter.status as VideoStatus);
      if (filter.isPrivate !== undefined) base = base.where('v.is_private', '=', filter.isPrivate);
      if (filter.userId !== undefined) base = base.where('v.user_id', '=', filter.userId);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('users as u', 'u.id', 'v.user_id')
          .select([
            'v.id',
            'v.dir',
            'v.title',
            'v.status',
            'v.is_private',
            'v.user_id',
            'u.username',
            'v.views',
            'v.duration',
            'v.created_at',
            (eb) =>
              eb
                .selectFrom('video_files as f')
                .select('f.storage_key')
                .whereRef('f.video_id', '=', 'v.id')
                .where('f.kind', '=', 'poster')
                .where('f.format', '=', '')
                .limit(1)
                .as('poster_key'),
          ])
          .orderBy('v.created_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map(
          (r): AdminListRow => ({
            ...r,
            id: Number(r.id),
            user_id: r.user_id === null ? null : Number(r.user_id),
            views: Number(r.views),
            duration: Number(r.duration),
          }),
        ),
        total: Number(count.n),
      };
    },

    /** Its possible duplicates by fingerprint, best first (migration 0050). */
    async matches(videoId: number) {
      return (await createFingerprintsRepository(db).matchesOf([videoId], 10)).get(videoId) ?? [];
    },

    /** The video (not deleted) with its uploader and the extra fields of the edit page. */
    async detail(videoId: number) {
      const row = await db
        .selectFrom('videos as v')
        .leftJoin('users as u', 'u.id', 'v.user_id')
        .select([
          'v.id',
          'v.dir',
          'v.title',
          'v.description',
          'v.status',
          'v.is_private',
          'v.user_id',
          'v.channel_id',
          'u.username',
          'v.views',
          'v.duration',
          'v.created_at',
          'v.reject_reason',
        ])
        .where('v.id', '=', videoId)
        .where('v.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const state = await readState(db, row);
      return {
        state,
        username: row.username,
        views: Number(row.views),
        duration: Number(row.duration),
        created_at: row.created_at,
        reject_reason: row.reject_reason,
      };
    },

    /** Poster and thumbnail rows of a video. */
    async pictures(videoId: number): Promise<VideoFileRow[]> {
      return db
        .selectFrom('video_files')
        .select(['kind', 'format', 'storage_key'])
        .where('video_id', '=', videoId)
        .where('kind', 'in', ['poster', 'thumb'])
        .orderBy('kind')
        .orderBy('format')
        .execute();
    },

    async exists(videoId: number): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The pickers' choices, by title. */
    async choices(limit: number) {
      const [categories, models, channels] = await Promise.all([
        db
          .selectFrom('categories')
          .select(['id', 'title'])
          .orderBy('title')
          .orderBy('id')
          .limit(limit)
          .execute(),
        db.selectFrom('models').select(['id', 'title']).orderBy('title').orderBy('id').limit(limit).execute(),
        db
          .selectFrom('channels')
          .select(['id', 'title'])
          .orderBy('title')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      const ids = (rows: { id: number | string; title: string }[]) =>
        rows.map((r) => ({ id: Number(r.id), title: r.title }));
      return { categories: ids(categories), models: ids(models), channels: ids(channels) };
    },

    /** Which of these ids name nothing. */
    async unknownIds(ask: { categories?: number[]; models?: number[]; channels?: number[] }) {
      const missing = async (table: 'categories' | 'models' | 'channels', wanted: number[] | undefined) => {
        if (!wanted || wanted.length === 0) return [];
        const found = await db.selectFrom(table).select('id').where('id', 'in', wanted).execute();
        const have = new Set(found.map((r) => Number(r.id)));
        return wanted.filter((id) => !have.has(id));
      };
      const [categories, models, channels] = await Promise.all([
        missing('categories', ask.categories),
        missing('models', ask.models),
        missing('channels', ask.channels),
      ]);
      return { categories, models, channels };
    },

    /**
     * Locks the video, asks `decide` what to write (or why not), writes it, moves the counts and
     * refreshes the search words, in one transaction.
     */
    update<E>(videoId: number, decide: (state: VideoState) => Decision<E>): Promise<WriteOutcome<E>> {
      return db.transaction().execute(async (tx) => {
        const before = await lockState(tx, videoId);
        if (!before) return { ok: false, reason: 'not_found' };
        const decision = decide(before);
        if ('error' in decision) return { ok: false, reason: 'refused', error: decision.error };
        const after = await apply(tx, before, decision.write);
        return { ok: true, before, after };
      });
    },

    /**
     * Makes `poster` (JPEG, '') and `webp` the video's poster rows. The first poster is kept as the
     * 'original' rows so that it can be chosen again; rows of an earlier choice are replaced, and their
     * keys answered (the caller deletes the video's own files). `restoreOriginal`: the 'original' rows
     * become the poster again.
     */
    setPoster(
      videoId: number,
      choice:
        | { restoreOriginal: true }
        | {
            restoreOriginal: false;
            files: {
              format: '' | 'webp';
              key: string;
              mime: string;
              width: number;
              height: number;
              size: number;
            }[];
          },
    ): Promise<{ ok: true; dropped: string[] } | { ok: false; reason: 'not_found' | 'no_original' }> {
      return db.transaction().execute(async (tx) => {
        const video = await tx
          .selectFrom('videos')
          .select('id')
          .where('id', '=', videoId)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!video) return { ok: false, reason: 'not_found' };
        const posters = await tx
          .selectFrom('video_files')
          .select(['id', 'format', 'storage_key'])
          .where('video_id', '=', videoId)
          .where('kind', '=', 'poster')
          .execute();
        const hasOriginal = posters.some((p) => p.format === 'original');
        const current = posters.filter((p) => p.format === '' || p.format === 'webp');
        if (choice.restoreOriginal && !hasOriginal) {
          // The current poster is the original already: nothing to do.
          return current.length > 0 ? { ok: true, dropped: [] } : { ok: false, reason: 'no_original' };
        }
        let dropped: string[] = [];
        if (hasOriginal) {
          dropped = current.map((p) => p.storage_key);
          if (current.length > 0)
            await tx
              .deleteFrom('video_files')
              .where(
                'id',
                'in',
                current.map((p) => p.id),
              )
              .execute();
        } else {
          for (const p of current) {
            await tx
              .updateTable('video_files')
              .set({ format: p.format === '' ? 'original' : 'original.webp' })
              .where('id', '=', p.id)
              .execute();
          }
        }
        if (choice.restoreOriginal) {
          for (const p of posters.filter((p) => p.format === 'original' || p.format === 'original.webp')) {
            await tx
              .updateTable('video_files')
              .set({ format: p.format === 'original' ? '' : 'webp' })
              .where('id', '=', p.id)
              .execute();
          }
        } else {
          await tx
            .insertInto('video_files')
            .values(
              choice.files.map((f) => ({
                video_id: videoId,
                kind: 'poster' as const,
                format: f.format,
                storage_key: f.key,
                mime: f.mime,
                width: f.width,
                height: f.height,
                size_bytes: f.size,
              })),
            )
            .execute();
        }
        await tx
          .updateTable('videos')
          .set({ updated_at: sql<Date>`now()` })
          .where('id', '=', videoId)
          .execute();
        return { ok: true, dropped };
      });
    },

    /**
     * Deletes the video and every row of it; a listed video stops counting on its uploader, channel
     * and taxonomy, playlists holding it shrink, its comments leave their authors' counts. Answers its
     * file keys: `keys` (no other video's row names them) for the caller to delete from storage, and the
     * `shared` ones that stay.
     */
    delete(
      videoId: number,
    ): Promise<{ ok: true; before: VideoState; keys: string[]; shared: string[] } | { ok: false }> {
      return db.transaction().execute(async (tx) => {
        const before = await lockState(tx, videoId);
        if (!before) return { ok: false };
        const files = await tx
          .selectFrom('video_files')
          .select('storage_key')
          .where('video_id', '=', videoId)
          .execute();
        await moveCounts(tx, before, { ...before, status: 4, categories: [], models: [], tags: [] });
        await sql`UPDATE playlists SET total_videos = GREATEST(total_videos - 1, 0), updated_at = now()
          WHERE id IN (SELECT playlist_id FROM playlist_videos WHERE video_id = ${videoId})`.execute(tx);
        await sql`
          WITH del AS (
            DELETE FROM comments WHERE section = 'video' AND object_id = ${videoId}
            RETURNING user_id, status
          )
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT 'user', user_id, 'comments', -1 FROM del WHERE status = 'active' AND user_id IS NOT NULL`.execute(
          tx,
        );
        await sql`DELETE FROM votes WHERE section = 'video' AND object_id = ${videoId}`.execute(tx);
        await sql`DELETE FROM counter_events WHERE target = 'video' AND object_id = ${videoId}`.execute(tx);
        await tx.deleteFrom('videos').where('id', '=', videoId).execute();
        const keys = [...new Set(files.map((f) => f.storage_key))];
        // Demo and benchmark videos share their clips' files: a key another video names stays.
        const shared =
          keys.length === 0
            ? new Set<string>()
            : new Set(
                (
                  await tx
                    .selectFrom('video_files')
                    .select('storage_key')
                    .where('storage_key', 'in', keys)
                    .execute()
                ).map((r) => r.storage_key),
              );
        return { ok: true, before, keys: keys.filter((k) => !shared.has(k)), shared: [...shared] };
      });
    },

    /** Whether any video's row names this storage key (a shared clip file, or a poster in use). */
    async keyInUse(key: string): Promise<boolean> {
      const row = await db
        .selectFrom('video_files')
        .select('id')
        .where('storage_key', '=', key)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type VideosAdminRepository = ReturnType<typeof createVideosAdminRepository>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
