// SQL of the media pipeline (process-video.ts, processing-sweep.ts): the video's row, its stored
// files, a site setting, and the videos stranded without a job. Decides nothing: which step runs, what is done and what status follows are the pipeline's.
import { sql } from 'kysely';
import { VIDEO_STATUS } from '../../contract/catalog.ts';
import type { DB } from '../db/database.ts';
import type { VideoFileKind, VideoProbeFacts } from '../db/schema.ts';
import { videoStatus } from '../db/video-status-sql.ts';

/** The columns of a video_files row the pipeline writes, besides its (video_id, kind, format) key. */
export interface StoredFileValues {
  storage_key: string;
  mime: string;
  width: number | null;
  height: number | null;
  bitrate: number | null;
  size_bytes: number;
}

export function createPipelineRepository(db: DB) {
  return {
    /** The video's state; undefined for an unknown id. */
    async video(videoId: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'status', 'deleted_at', 'media_key'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /** Every video_files row of the video, whatever its kind. */
    async files(videoId: number) {
      return db
        .selectFrom('video_files')
        .select(['kind', 'format', 'storage_key'])
        .where('video_id', '=', videoId)
        .execute();
    },

    /** What the probe found in the source, and the size and length the site shows. */
    async saveProbe(
      videoId: number,
      probe: { facts: VideoProbeFacts; duration: number; width: number; height: number },
    ): Promise<void> {
      await db
        .updateTable('videos')
        .set({
          probe: JSON.stringify(probe.facts),
          duration: probe.duration,
          width: probe.width,
          height: probe.height,
          updated_at: new Date(),
        })
        .where('id', '=', videoId)
        .execute();
    },

    /** Inserts the file's row, or updates the one of the same (video_id, kind, format). */
    async upsertFile(videoId: number, kind: VideoFileKind, format: string, values: StoredFileValues) {
      await db
        .insertInto('video_files')
        .values({ video_id: videoId, kind, format, ...values })
        .onConflict((oc) => oc.columns(['video_id', 'kind', 'format']).doUpdateSet(values))
        .execute();
    },

    /**
     * Status 3 (waiting for moderation), the error cleared and `media_key` set unless it already is;
     * only a video still at status 2.
     */
    async markProcessed(videoId: number, mediaKey: string): Promise<void> {
      await db
        .updateTable('videos')
        .set((eb) => ({
          status: VIDEO_STATUS.waiting,
          processing_error: null,
          media_key: eb.fn.coalesce('media_key', eb.val(mediaKey)),
          updated_at: new Date(),
        }))
        .where('id', '=', videoId)
        .where('status', '=', VIDEO_STATUS.processing)
        .execute();
    },

    /** Status 4 with the reason people see and the detail for operators; only a video at status 2. */
    async markRejected(videoId: number, reason: string, detail: string): Promise<void> {
      await db
        .updateTable('videos')
        .set({
          status: VIDEO_STATUS.rejected,
          reject_reason: reason,
          processing_error: detail,
          updated_at: new Date(),
        })
        .where('id', '=', videoId)
        .where('status', '=', VIDEO_STATUS.processing)
        .execute();
    },

    async saveProcessingError(videoId: number, detail: string): Promise<void> {
      await db.updateTable('videos').set({ processing_error: detail }).where('id', '=', videoId).execute();
    },

    /** The value of a site_settings key, or undefined when it is not set. */
    async setting(key: string): Promise<unknown> {
      const row = await db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    /**
     * Status-2 videos created before `cutoff` without a job of `jobName` in one of `states` under the
     * video's singleton key (`video-{id}`), in pg-boss's table `{schema}.job`.
     */
    async strandedProcessing(cutoff: Date, jobName: string, states: string[], schema: string) {
      const jobs = sql.table(`${schema}.job`);
      const { rows } = await sql<{ id: string | number }>`
        SELECT v.id FROM videos v
        WHERE v.status = ${videoStatus('processing')} AND v.deleted_at IS NULL AND v.created_at < ${cutoff}
          -- A link import still downloading has no source yet: its job hands it over (0024).
          AND NOT EXISTS (SELECT 1 FROM link_imports li WHERE li.video_id = v.id AND li.state = 'importing')
          AND NOT EXISTS (
            SELECT 1 FROM ${jobs} j
            WHERE j.name = ${jobName} AND j.singleton_key = 'video-' || v.id::text
              AND j.state::text IN (${sql.join(states)}))
        ORDER BY v.id`.execute(db);
      return rows.map((row) => Number(row.id));
    },

    /** The ids of the videos with an active job of `jobName` (singleton key `video-{id}`) in `{schema}.job`. */
    async videosWithActiveJob(jobName: string, schema: string): Promise<number[]> {
      const jobs = sql.table(`${schema}.job`);
      const { rows } = await sql<{ key: string }>`
        SELECT singleton_key AS key FROM ${jobs}
        WHERE name = ${jobName} AND state = 'active' AND singleton_key LIKE 'video-%'`.execute(db);
      return rows.map((row) => Number(row.key.slice('video-'.length))).filter(Number.isInteger);
    },
  };
}

export type PipelineRepository = ReturnType<typeof createPipelineRepository>;
