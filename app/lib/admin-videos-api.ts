// The console's video calls from the browser (issue 17; contract/admin-videos.ts), sent as JSON. A
// refusal is an ApiError carrying the answer's code and field codes, which the pages show.
import {
  ADMIN_VIDEO_PATH,
  ADMIN_VIDEOS_PATH,
  type AdminBulkResult,
  type AdminVideoResult,
  type BulkAction,
} from '../../contract/admin-videos.ts';
import { ApiError, send } from './api-client.ts';

export { ApiError };

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as T;
}

export interface VideoEditFields {
  title: string;
  description: string;
  categories: number[];
  models: number[];
  channel: number | null;
  /** Comma-separated names. */
  tags: string;
  private: boolean;
  status: number;
}

export function saveVideo(videoId: number, fields: VideoEditFields): Promise<AdminVideoResult> {
  return post(ADMIN_VIDEO_PATH, {
    act: 'edit',
    video_id: String(videoId),
    title: fields.title,
    description: fields.description,
    categories: fields.categories,
    models: fields.models,
    channel: fields.channel === null ? '' : String(fields.channel),
    tags: fields.tags,
    private: fields.private ? '1' : '0',
    status: String(fields.status),
  });
}

export function choosePoster(videoId: number, still: string): Promise<AdminVideoResult> {
  return post(ADMIN_VIDEO_PATH, { act: 'poster', video_id: String(videoId), still });
}

export function deleteVideo(videoId: number): Promise<AdminVideoResult> {
  return post(ADMIN_VIDEO_PATH, { act: 'delete', video_id: String(videoId) });
}

export function bulkVideos(act: BulkAction, videoIds: number[], status?: number): Promise<AdminBulkResult> {
  return post(ADMIN_VIDEOS_PATH, {
    act,
    video_ids: videoIds,
    ...(status !== undefined ? { status: String(status) } : {}),
  });
}

/** The code to show for a failed call (the console's one rule, lib/admin-users-api.ts). */
export { errorCodeOf } from './admin-users-api.ts';
