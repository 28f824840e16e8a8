// SQL of media access and the player's file list: a video's state and its stored files. Decides
// nothing: who may fetch what is media-access.ts, the list's shape video-files.service.ts.
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
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
        .where('status', '=', VIDEO_STATUS.active)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Where a video's files are stored: its `media_key`, and the keys of its moving pictures. */
    async mediaPlace(videoId: number) {
      const [video, files] = await Promise.all([
        db.selectFrom('videos').select('media_key').where('id', '=', videoId).executeTakeFirst(),
        db
          .selectFrom('video_files')
          .select('storage_key')
          .where('video_id', '=', videoId)
          .where('kind', 'in', ['mp4', 'hls', 'preview'])
          .execute(),
      ]);
      return video ? { mediaKey: video.media_key, keys: files.map((f) => f.storage_key) } : undefined;
    },

    /** A secret kept in site_settings, made once per database, so every process and restart agrees. */
    async sharedSecret(name: string, create: () => string): Promise<string> {
      await db
        .insertInto('site_settings')
        .values({ key: name, value: JSON.stringify(create()), updated_at: new Date() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', name)
        .executeTakeFirstOrThrow();
      return String(row.value);
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
