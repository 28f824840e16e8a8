// SQL of link imports (table link_imports, migration 0024): the video row that waits for its
// download, the one-import-per-member rule (a partial unique index, so it holds across processes),
// and the import's end, done or failed. Decides nothing: upload.service.ts does.
import { sql } from 'kysely';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { NewVideo, NewVideoFile } from './upload.repository.ts';

/** The video's fields known before its file: everything but what the probe and the hash give. */
export type ImportedVideo = Omit<NewVideo, 'duration' | 'width' | 'height' | 'contentHash'>;

export interface ImportRow {
  videoId: number;
  userId: number;
  link: string;
  state: 'importing' | 'done' | 'failed';
  isExclusive: boolean;
  /** The video was deleted meanwhile (or is gone). */
  videoGone: boolean;
}

/** The source's facts, written on the video once the file passed its checks. */
export interface ImportedFile {
  duration: number;
  width: number;
  height: number;
  contentHash: string;
  source: NewVideoFile;
}

const isOnePerMember = (error: unknown) =>
  (error as { code?: string }).code === '23505' && /link_imports_one_per_member/.test(String(error));

export function createLinkImportRepository(db: DB) {
  /** Fails the member's imports started before `staleBefore` (a lost job): their videos are rejected. */
  async function expireStale(trx: DB, staleBefore: Date, userId: number | null): Promise<number[]> {
    let stale = trx
      .updateTable('link_imports')
      .set({ state: 'failed', error_code: 'link_failed', finished_at: new Date() })
      .where('state', '=', 'importing')
      .where('created_at', '<', staleBefore);
    if (userId !== null) stale = stale.where('user_id', '=', userId);
    const rows = await stale.returning('video_id').execute();
    const ids = rows.map((r) => Number(r.video_id));
    if (ids.length > 0) await rejectVideos(trx, ids, 'link_failed', 'link import expired');
    return ids;
  }

  return {
    /** True when the member has an import running (started at or after `staleBefore`). */
    async running(userId: number, staleBefore: Date): Promise<boolean> {
      const row = await db
        .selectFrom('link_imports')
        .select('video_id')
        .where('user_id', '=', userId)
        .where('state', '=', 'importing')
        .where('created_at', '>=', staleBefore)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * One transaction: the member's stale imports fail, then the video row (status 2, processing,
     * no source yet), its categories, its chosen preview's row and the import's row. False, with
     * nothing written, when the member already has an import running: the partial unique index
     * link_imports_one_per_member decides between parallel requests, in any process.
     */
    async create(
      videoId: number,
      video: ImportedVideo,
      files: NewVideoFile[],
      link: string,
      staleBefore: Date,
    ): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          await expireStale(trx, staleBefore, video.userId);
          const now = new Date();
          // The id came from the identity's own sequence (reserveVideoId), hence OVERRIDING.
          await sql`
            INSERT INTO videos (id, dir, title, description, user_id, channel_id, gender, status,
              is_private, is_exclusive, media_key, post_date, created_at, updated_at)
            OVERRIDING SYSTEM VALUE
            VALUES (${videoId}, ${video.dir}, ${video.title}, ${video.description}, ${video.userId},
              ${video.channelId}, ${video.gender}, 2, ${video.isPrivate}, ${video.isExclusive},
              ${`videos/${videoId}`}, ${now}, ${now}, ${now})`.execute(trx);
          await trx
            .insertInto('video_categories')
            .values(video.categoryIds.map((category_id) => ({ video_id: videoId, category_id })))
            .execute();
          if (video.recordsRequired)
            await trx.insertInto('video_records').values({ video_id: videoId }).execute();
          if (files.length > 0) await insertFiles(trx, videoId, files);
          await trx
            .insertInto('link_imports')
            .values({ video_id: videoId, user_id: video.userId, link })
            .execute();
        });
        return true;
      } catch (error) {
        if (isOnePerMember(error)) return false;
        throw error;
      }
    },

    async find(videoId: number): Promise<ImportRow | null> {
      const row = await db
        .selectFrom('link_imports')
        .leftJoin('videos', 'videos.id', 'link_imports.video_id')
        .select([
          'link_imports.video_id',
          'link_imports.user_id',
          'link_imports.link',
          'link_imports.state',
          'videos.is_exclusive',
          'videos.deleted_at',
          'videos.status',
        ])
        .where('link_imports.video_id', '=', videoId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        videoId: Number(row.video_id),
        userId: Number(row.user_id),
        link: row.link,
        state: row.state,
        isExclusive: row.is_exclusive === true,
        videoGone: row.status === null || row.deleted_at !== null,
      };
    },

    /**
     * The file passed: the import is done, the video gets its facts and its source row, in one
     * transaction. False (nothing written) when the import is no longer running (another run ended
     * it, or it expired). A content hash already taken throws the unique violation (23505).
     */
    async finish(videoId: number, file: ImportedFile): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('link_imports')
          .set({ state: 'done', finished_at: new Date() })
          .where('video_id', '=', videoId)
          .where('state', '=', 'importing')
          .returning('video_id')
          .executeTakeFirst();
        if (!done) return false;
        await trx
          .updateTable('videos')
          .set({
            duration: file.duration,
            width: file.width,
            height: file.height,
            content_hash: file.contentHash,
            updated_at: new Date(),
          })
          .where('id', '=', videoId)
          .execute();
        await trx
          .deleteFrom('video_files')
          .where('video_id', '=', videoId)
          .where('kind', '=', 'source')
          .execute();
        await insertFiles(trx, videoId, [file.source]);
        return true;
      });
    },

    /**
     * The import failed with `code`: its row says so and its video is rejected (status 4) with the
     * code as its reason. False when it was no longer running.
     */
    async fail(videoId: number, code: string, detail: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const failed = await trx
          .updateTable('link_imports')
          .set({ state: 'failed', error_code: code, finished_at: new Date() })
          .where('video_id', '=', videoId)
          .where('state', '=', 'importing')
          .returning('video_id')
          .executeTakeFirst();
        if (!failed) return false;
        await rejectVideos(trx, [videoId], code, detail);
        return true;
      });
    },

    /** Every member's imports started before `staleBefore` fail (upload-cleaner's hourly run). */
    expireStale(staleBefore: Date): Promise<number[]> {
      return db.transaction().execute((trx) => expireStale(trx, staleBefore, null));
    },
  };
}

async function insertFiles(trx: DB, videoId: number, files: NewVideoFile[]) {
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
}

/** Videos still waiting at status 2 are rejected with the import's code (their owner sees it). */
async function rejectVideos(trx: DB, ids: number[], code: string, detail: string) {
  await trx
    .updateTable('videos')
    .set({
      status: VIDEO_STATUS.rejected,
      reject_reason: code,
      processing_error: detail,
      updated_at: new Date(),
    })
    .where('id', 'in', ids)
    .where('status', '=', VIDEO_STATUS.processing)
    .execute();
}

export type LinkImportRepository = ReturnType<typeof createLinkImportRepository>;
