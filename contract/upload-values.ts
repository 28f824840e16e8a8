// Upload's paths, limits, allowed types and codes without zod: the upload form checks the same rules
// before any byte is sent, and the browser's API client (in every page's first load) names the edit
// call; importing upload.ts would bring its schemas, and zod, there. upload.ts re-exports all of it.

/** Where tus-js-client sends the file; each upload lives at `${TUS_PATH}{id}`. */
export const TUS_PATH = '/api/upload/';
export const VIDEO_EDIT_PATH = '/api/video_edit.php';

/** content.md §5: "Maximum 10GB". */
export const UPLOAD_MAX_BYTES = 10 * 1024 ** 3;
/** content.md §5: minimum length 6 minutes for exclusive videos, 10 for the rest. */
export const MIN_SECONDS_EXCLUSIVE = 360;
export const MIN_SECONDS_DEFAULT = 600;
/** content.md §5: "Image upload at least 1250x250". */
export const PREVIEW_MIN_WIDTH = 1250;
export const PREVIEW_MIN_HEIGHT = 250;
export const CATEGORIES_MIN = 1;
export const CATEGORIES_MAX = 3;
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

/** content.md §5's allowed types, as file extensions (what the file picker offers). */
export const ALLOWED_EXTENSIONS = [
  '3gp',
  'mp4',
  'mov',
  'asf',
  'flv',
  'mpg',
  'avi',
  'mpeg',
  'wmv',
  'rm',
  'dat',
  'mkv',
  'vob',
  'm2v',
  'm2t',
  'm4v',
  'f4v',
  'mts',
  'webm',
] as const;

/** "Latin letters and numbers only", plus the dot before the extension (and - and _ inside the name). */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;
export const isValidFileName = (name: string) => name.length <= 200 && FILE_NAME_PATTERN.test(name);
/** A name's extension, when it has one, is one of the allowed types (a name without one is judged by content). */
export const hasAllowedExtension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 || (ALLOWED_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
};

/**
 * The codes an upload can fail with. Field codes go on their input; the file codes are shown as
 * 'Error [{code}] uploading video to the site, please contact support' unless a message is known.
 */
export type UploadErrorCode =
  | 'required'
  | 'invalid'
  | 'title_length'
  | 'categories_count'
  | 'file_name_invalid'
  | 'file_too_large'
  | 'file_type_not_allowed'
  | 'file_damaged'
  | 'duplicate_video'
  | 'video_too_short'
  | 'preview_not_chosen'
  | 'preview_upload_error'
  | 'image_too_small'
  | 'link_not_allowed'
  | 'link_failed'
  | 'upload_not_found'
  | 'upload_incomplete'
  | 'import_in_progress'
  | 'uploader_not_verified';

/**
 * Uploaders verified once (issue 31): with performer records required, a member's upload is refused
 * (403 `uploader_not_verified`, on the tus call and on video_edit.php) until they passed the site's age
 * verification; this page sends the photo, the staff review it at /admin/age-verification/.
 */
export const UPLOADER_VERIFY_PAGE = '/upload-video/verify/';
export const UPLOAD_PAGE = '/upload-video/';
/** The records step of one of the member's uploads (issue 31), reached again from their uploads list. */
export const uploadRecordsPage = (videoId: number) => `/upload-video/records/${videoId}/`;
export const UPLOADER_NOT_VERIFIED = 'uploader_not_verified';

/**
 * The codes a link import can end with after it was accepted: the video is rejected with the code
 * as its reason, which the uploads page words as upload.error.{code}.
 */
export const LINK_IMPORT_FAILURES = [
  'link_failed',
  'link_not_allowed',
  'file_too_large',
  'file_type_not_allowed',
  'file_damaged',
  'video_too_short',
  'duplicate_video',
] as const;

/**
 * The codes screening rejects an upload with after processing (issue 31; server/modules/integrity):
 * videos.reject_code and reject_reason, worded on the uploads page as upload.rejected.{code}.
 */
export const SCREENING_REJECT_CODES = ['matches_removed_content', 'matches_hash_list'] as const;
export type ScreeningRejectCode = (typeof SCREENING_REJECT_CODES)[number];

/** "none" is not a choice: a preview must be chosen (content.md §5). */
export const PREVIEW_CHOICES = ['auto', 'image'] as const;
export type PreviewChoice = (typeof PREVIEW_CHOICES)[number];
