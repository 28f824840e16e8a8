// The one SQL step a performer's removal request, its reinstatement and an appeal's overturn share:
// a video's status moved inside the caller's transaction, its row locked, and the listed counts of its
// uploader, channel, categories, tags and models moved when it enters or leaves the listed ones
// (status 1 and public, as videos-admin-sql.ts `listed`). Decides nothing.
import { sql } from 'kysely';
import { VIDEO_STATUS, type VideoStatus } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { countListed } from '../catalog/listed-counts-sql.ts';

export const UNAVAILABLE = VIDEO_STATUS.unavailable;

/**
 * Sets the video's status to `to` when `from` accepts its current one; answers the status it had, or
 * null when the video is gone or `from` refused (nothing changed).
 */
export async function moveVideoStatus(
  trx: DB,
  videoId: number,
  from: (status: VideoStatus) => boolean,
  to: VideoStatus,
): Promise<VideoStatus | null> {
  const video = await trx
    .selectFrom('videos')
    .select(['id', 'status', 'is_private', 'user_id', 'channel_id'])
    .where('id', '=', videoId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!video || !from(video.status)) return null;
  if (video.status === to) return video.status;
  await trx
    .updateTable('videos')
    .set({ status: to, updated_at: sql<Date>`now()` })
    .where('id', '=', videoId)
    .execute();
  const was = video.status === VIDEO_STATUS.active && !video.is_private;
  const is = to === VIDEO_STATUS.active && !video.is_private;
  if (was !== is) await countListed(trx, videoId, video.user_id, video.channel_id, is ? 1 : -1);
  return video.status;
}
