// SQL of media access and the player's file list: a video's state and its stored files. Decides
// nothing: who may fetch what is media-access.ts, the list's shape video-files.service.ts.
import type { DB } from '../../db/database.ts';

/** The kinds of video_files the player's list is made of. */
const PLAYER_KINDS = ['mp4', 'hls', 'poster', 'preview', 'vtt'] as const;

export function createMediaRepository(db: DB) {
  return {
    /** The columns that decide who may fetch a video's files; undefined for an unknown id. */
    async accessState(videoId: number) {
      return db
        .selectFrom('videos')
        .select(['status', 'is_private', 'deleted_at', 'user_id'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /** A video that is active (status 1) and not deleted; undefined otherwise. */
    async activeVideo(videoId: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'duration', 'is_private', 'user_id'])
        .where('id', '=', videoId)
        .where('status', '=', 1)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The video's player files (renditions, HLS, poster, preview, VTT index), newest first. */
    async playerFiles(videoId: number) {
      return (
        db
          .selectFrom('video_files')
          .select(['kind', 'format', 'storage_key', 'mime', 'width', 'height', 'size_bytes'])
          .where('video_id', '=', videoId)
          .where('kind', 'in', PLAYER_KINDS)
          // Newest first, so that where a kind has several rows the latest wins.
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      );
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
