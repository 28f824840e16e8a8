// The console's videos (issue 17; contract/admin-videos.ts): its paths, limits, settable statuses, acts
// and their names, as plain values (no zod).

export const ADMIN_VIDEOS_PATH = '/api/admin/videos.php';
export const ADMIN_VIDEO_PATH = '/api/admin/video.php';

export const ADMIN_VIDEOS_PAGE_SIZE = 50;
export const ADMIN_VIDEOS_MAX_PAGE = 1000;
export const ADMIN_VIDEOS_SEARCH_MAX = 100;
/** Videos one bulk call acts on. */
export const VIDEOS_BULK_MAX = 100;
/** The upload form has no models or tags; these bound the console's lists. */
export const MODELS_MAX = 20;
export const TAGS_MAX = 30;
export const STATUS_REASON_MAX = 500;

/** What the staff may set: active, rejected, unavailable (2 and 3 belong to the pipeline and the queue). */
export const SETTABLE_STATUSES = [1, 4, 5] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const VIDEO_ACTIONS = ['edit', 'poster', 'status', 'delete', 'block', 'unblock'] as const;
export type VideoAction = (typeof VIDEO_ACTIONS)[number];
export const BULK_ACTIONS = ['status', 'delete', 'private', 'public'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A poster still: the video's first poster, a numbered thumbnail, or the uploader's own image. */
export const STILL_PATTERN = /^(original|chosen|[1-9]\d{0,2})$/;

export const STATUS_KEYS: Record<number, string> = {
  1: 'active',
  2: 'processing',
  3: 'waiting',
  4: 'rejected',
  5: 'unavailable',
};
