import { VIDEO_STATUS } from '../../contract/catalog.ts';

/** content.md §3: status_id 5 means the video is unavailable and the player is not set up. */
export const STATUS_UNAVAILABLE = VIDEO_STATUS.unavailable;

export function isUnavailable(video: { status_id: number }): boolean {
  return video.status_id === STATUS_UNAVAILABLE;
}
