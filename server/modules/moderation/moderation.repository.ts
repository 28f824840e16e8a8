// SQL of the moderation queue and of a member's uploads. Decides nothing: the service does.
import { sql } from 'kysely';
import { VIDEO_STATUS, type VideoStatus } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { VideoFileKind } from '../../db/schema.ts';
import { createFingerprintsRepository } from '../integrity/fingerprints.repository.ts';

export interface QueueRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  duration: number;
  width: number | null;
  height: number | null;
  created_at: Date;
  user_id: number | null;
  username: string | null;
  /** videos.probe (migration 0012) when the column exists, else null. */
  probe: unknown;
}

export interface FileRow {
  video_id: number;
  kind: VideoFileKind;
  format: string;
  storage_key: string;
  mime: string;
  width: number | null;
  height: number | null;
  size_bytes: number;
}

export interface UploadRow {
  id: number;
  dir: string;
  title: string;
  status: VideoStatus;
  reject_reason: string | null;
  reject_code: string | null;
  duration: number;
  created_at: Date;
  poster_key: string | null;
  progress: number | null;
  /** The card's figures (the uploaded-videos page shows the standard card). */
  post_date: Date;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  height: number | null;
  preview_key: string | null;
  /** Performer records (issue 31): null when the video needs none; `submitted` once the uploader sent them. */
  records_status: 'pending' | 'checked' | 'rejected' | null;
  records_submitted: boolean;
}

/** A waiting video's best possible duplicate (other_id) and what the queue shows of it. */
export interface MatchRow {
  video_id: number;
  other_id: number;
  similarity: number;
  dir: string;
  title: string;
  duration: number;
  status: VideoStatus;
  poster_key: string | null;
}

export type DecideOutcome =
  | { ok: true; status: VideoStatus }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid_state'; status: VideoStatus };

const WAITING: VideoStatus = VIDEO_STATUS.waiting;

export function createModerationRepository(db: DB) {
  return {
    async queue(page: number, perPage: number): Promise<{ rows: QueueRow[]; total: number }> {
      const base = db
        .selectFrom('videos')
        .where('videos.status', '=', WAITING)
        .where('videos.deleted_at', 'is', null);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('users', 'users.id', 'videos.user_id')
          .select([
            'videos.id',
            'videos.dir',
            'videos.title',
            'videos.description',
            'videos.duration',
            'videos.width',
            'videos.height',
            'videos.created_at',
            'videos.user_id',
            'users.username',
            // The pipeline adds videos.probe (0012); reading it through the row's JSON works before too.
            sql<unknown>`to_jsonb(videos.*) -> 'probe'`.as('probe'),
          ])
          .orderBy('videos.created_at', 'asc')
          .orderBy('videos.id', 'asc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          user_id: r.user_id === null ? null : Number(r.user_id),
        })),
        total: Number(count.n),
      };
    },

    /**
     * The best possible duplicate of each of these videos (by fingerprint, migration 0050) with what
     * the queue shows of it: title, length, status and poster.
     */
    async bestMatches(videoIds: number[]): Promise<MatchRow[]> {
      const best = await createFingerprintsRepository(db).matchesOf(videoIds, 1);
      const pairs = [...best].flatMap(([videoId, list]) => (list[0] ? [{ videoId, ...list[0] }] : []));
      if (pairs.length === 0) return [];
      const others = await db
        .selectFrom('videos as v')
        .leftJoin('video_files as p', (join) =>
          join.onRef('p.video_id', '=', 'v.id').on('p.kind', '=', 'poster').on('p.format', '=', ''),
        )
        .select(['v.id', 'v.dir', 'v.title', 'v.duration', 'v.status', 'p.storage_key as poster_key'])
        .where(
          'v.id',
          'in',
          pairs.map((p) => p.video_id),
        )
        .execute();
      const byId = new Map(others.map((o) => [Number(o.id), o]));
      return pairs.flatMap((p) => {
        const other = byId.get(p.video_id);
        return other
          ? [
              {
                video_id: p.videoId,
                other_id: p.video_id,
                similarity: p.similarity,
                dir: other.dir,
                title: other.title,
                duration: other.duration,
                status: other.status,
                poster_key: other.poster_key,
              },
            ]
          : [];
      });
    },

    /**
     * Staff's "not a problem" on a possible duplicate (issue 31): the pair becomes a known duplicate
     * (video_known_duplicates) and stops showing. False when processing never matched the two.
     */
    async markKnownDuplicate(videoId: number, otherId: number): Promise<boolean> {
      const fingerprints = createFingerprintsRepository(db);
      if (!(await fingerprints.matchBetween(videoId, otherId))) return false;
      await fingerprints.addKnownDuplicates([[videoId, otherId]]);
      return true;
    },

    async files(videoIds: number[]): Promise<FileRow[]> {
      if (videoIds.length === 0) return [];
      const rows = await db
        .selectFrom('video_files')
        .select(['video_id', 'kind', 'format', 'storage_key', 'mime', 'width', 'height', 'size_bytes'])
        .where('video_id', 'in', videoIds)
        .where('kind', 'in', ['source', 'mp4', 'poster', 'thumb', 'preview'])
        .orderBy('video_id')
        .orderBy('kind')
        .orderBy('format')
        .execute();
      return rows.map((r) => ({ ...r, video_id: Number(r.video_id), size_bytes: Number(r.size_bytes) }));
    },

    /**
     * Moves a waiting video to its outcome and writes the audit row, in one transaction. The status
     * test is part of the UPDATE, so two moderators deciding at once cannot both win.
     */
    async decide(input: {
      videoId: number;
      moderatorId: number;
      action: 'approve' | 'reject';
      reason: string | null;
      note: string | null;
      rejectReason: string | null;
    }): Promise<DecideOutcome> {
      return db.transaction().execute(async (trx) => {
        const approve = input.action === 'approve';
        const updated = await trx
          .updateTable('videos')
          .set({
            status: approve ? VIDEO_STATUS.active : VIDEO_STATUS.rejected,
            reject_reason: approve ? null : input.rejectReason,
            updated_at: sql<Date>`now()`,
            // A fresh post date tops latest-updates the moment the video is listed.
            ...(approve ? { post_date: sql<Date>`now()` } : {}),
          })
          .where('id', '=', input.videoId)
          .where('status', '=', WAITING)
          .where('deleted_at', 'is', null)
          .returning(['id', 'user_id', 'channel_id', 'status'])
          .executeTakeFirst();
        if (!updated) {
          const current = await trx
            .selectFrom('videos')
            .select('status')
            .where('id', '=', input.videoId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          return current
            ? { ok: false, reason: 'invalid_state', status: current.status }
            : { ok: false, reason: 'not_found' };
        }
        await trx
          .insertInto('moderation_events')
          .values({
            video_id: input.videoId,
            moderator_id: input.moderatorId,
            action: input.action,
            reason: input.reason,
            note: input.note,
          })
          .execute();
        if (approve) await countListed(trx, input.videoId, updated.user_id, updated.channel_id);
        return { ok: true, status: updated.status };
      });
    },

    async uploads(
      userId: number,
      own: boolean,
      page: number,
      perPage: number,
    ): Promise<{ rows: UploadRow[]; total: number }> {
      let base = db
        .selectFrom('videos')
        .leftJoin('video_records', 'video_records.video_id', 'videos.id')
        .where('videos.user_id', '=', userId)
        .where('videos.deleted_at', 'is', null);
      if (!own)
        base = base.where('videos.status', '=', VIDEO_STATUS.active).where('videos.is_private', '=', false);
      const [rows, count] = await Promise.all([
        base
          .select([
            'videos.id',
            'videos.dir',
            'videos.title',
            'videos.status',
            'videos.reject_reason',
            'videos.reject_code',
            'videos.duration',
            'videos.created_at',
            'videos.post_date',
            'videos.views',
            'videos.likes',
            'videos.dislikes',
            'videos.rating',
            'videos.height',
            'video_records.status as records_status',
            sql<boolean>`video_records.submitted_at IS NOT NULL`.as('records_submitted'),
            (eb) =>
              eb
                .selectFrom('video_files')
                .select('storage_key')
                .whereRef('video_files.video_id', '=', 'videos.id')
                .where('video_files.kind', '=', 'poster')
                .where('video_files.format', '=', '')
                .limit(1)
                .as('poster_key'),
            (eb) =>
              eb
                .selectFrom('video_files')
                .select('storage_key')
                .whereRef('video_files.video_id', '=', 'videos.id')
                .where('video_files.kind', '=', 'preview')
                .where('video_files.format', '=', '')
                .limit(1)
                .as('preview_key'),
            // The pipeline reports progress under the job's singleton key (processVideoKey: 'video-{id}').
            sql<number | null>`(SELECT jp.percent FROM job_progress jp
              WHERE jp.singleton_key = 'video-' || videos.id::text
              ORDER BY jp.updated_at DESC LIMIT 1)`.as('progress'),
          ])
          .orderBy('videos.created_at', 'desc')
          .orderBy('videos.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          views: Number(r.views),
          post_date: new Date(r.post_date),
          progress: r.progress === null ? null : Number(r.progress),
        })),
        total: Number(count.n),
      };
    },

    async userExists(userId: number): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

/** A newly listed video counts on its uploader, channel, categories, tags and models. */
async function countListed(trx: DB, videoId: number, userId: number | null, channelId: number | null) {
  if (userId !== null) {
    await trx
      .updateTable('users')
      .set((eb) => ({ videos_count: eb('videos_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  }
  if (channelId !== null) {
    await trx
      .updateTable('channels')
      .set((eb) => ({ total_videos: eb('total_videos', '+', 1) }))
      .where('id', '=', channelId)
      .execute();
  }
  await sql`UPDATE categories SET total_videos = total_videos + 1
    WHERE id IN (SELECT category_id FROM video_categories WHERE video_id = ${videoId})`.execute(trx);
  await sql`UPDATE tags SET total_videos = total_videos + 1
    WHERE id IN (SELECT tag_id FROM video_tags WHERE video_id = ${videoId})`.execute(trx);
  await sql`UPDATE models SET total_videos = total_videos + 1
    WHERE id IN (SELECT model_id FROM video_models WHERE video_id = ${videoId})`.execute(trx);
}
