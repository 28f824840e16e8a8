// SQL of the upload area: tus upload ownership (table uploads, migration 0013) and the new video row.
import type { DB } from '../../db/database.ts';
import type { Gender } from '../../db/schema.ts';

export interface UploadRow {
  id: string;
  user_id: number;
  file_name: string;
  size_bytes: number;
  expires_at: Date;
}

export interface NewVideo {
  dir: string;
  title: string;
  description: string;
  userId: number;
  channelId: number | null;
  gender: Gender;
  isPrivate: boolean;
  isExclusive: boolean;
  duration: number;
  width: number;
  height: number;
  contentHash: string;
  categoryIds: number[];
}

export interface NewVideoFile {
  kind: 'source' | 'thumb';
  format: string;
  storageKey: string;
  mime: string;
  width: number | null;
  height: number | null;
  sizeBytes: number;
}

export function createUploadRepository(db: DB) {
  return {
    async insertUpload(row: { id: string; userId: number; fileName: string; size: number; expiresAt: Date }) {
      await db
        .insertInto('uploads')
        .values({
          id: row.id,
          user_id: row.userId,
          file_name: row.fileName,
          size_bytes: row.size,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    async findUpload(id: string): Promise<UploadRow | null> {
      const row = await db
        .selectFrom('uploads')
        .select(['id', 'user_id', 'file_name', 'size_bytes', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...row, user_id: Number(row.user_id), size_bytes: Number(row.size_bytes) } : null;
    },

    async deleteUpload(id: string) {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
    },

    async expiredUploadIds(now: Date): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('id').where('expires_at', '<', now).execute();
      return rows.map((r) => r.id);
    },

    async existingCategoryIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => Number(r.id));
    },

    async findChannel(id: number): Promise<{ id: number; user_id: number | null } | null> {
      const row = await db
        .selectFrom('channels')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: Number(row.id), user_id: row.user_id === null ? null : Number(row.user_id) } : null;
    },

    /** What the form offers: every category, and the channels this member may publish to. */
    async formOptions(userId: number, allChannels: boolean) {
      const categories = await db
        .selectFrom('categories')
        .select(['id', 'title', 'gender'])
        .orderBy('title')
        .execute();
      let channels = db.selectFrom('channels').select(['id', 'title']).orderBy('title').limit(500);
      if (!allChannels) channels = channels.where('user_id', '=', userId);
      return {
        categories: categories.map((c) => ({ id: Number(c.id), title: c.title, gender: c.gender })),
        channels: (await channels.execute()).map((c) => ({ id: Number(c.id), title: c.title })),
      };
    },

    async hashTaken(hash: string): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('content_hash', '=', hash)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * One transaction: the video row (status 2, processing), its categories, then `store` (which puts
     * the files into storage under the new id and returns their rows), then those rows. A failure in
     * any step leaves no row; `store` cleans its own files.
     */
    async createVideo(video: NewVideo, store: (videoId: number) => Promise<NewVideoFile[]>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        const { id } = await trx
          .insertInto('videos')
          .values({
            dir: video.dir,
            title: video.title,
            description: video.description,
            user_id: video.userId,
            channel_id: video.channelId,
            gender: video.gender,
            status: 2,
            is_private: video.isPrivate,
            is_exclusive: video.isExclusive,
            duration: video.duration,
            width: video.width,
            height: video.height,
            content_hash: video.contentHash,
            post_date: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const videoId = Number(id);
        await trx
          .updateTable('videos')
          .set({ media_key: `videos/${videoId}` })
          .where('id', '=', videoId)
          .execute();
        await trx
          .insertInto('video_categories')
          .values(video.categoryIds.map((category_id) => ({ video_id: videoId, category_id })))
          .execute();
        const files = await store(videoId);
        await trx
          .insertInto('video_files')
          .values(
            files.map((f) => ({
              video_id: videoId,
              kind: f.kind,
              format: f.format,
              storage_key: f.storageKey,
              mime: f.mime,
              width: f.width,
              height: f.height,
              size_bytes: f.sizeBytes,
            })),
          )
          .execute();
        return videoId;
      });
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
