// The moderation queue's constants, reasons and statuses without zod: the uploader's list on the member
// pages (a public first load) and the console's pages import them; importing moderation.ts would bring
// its schemas, and zod, there. moderation.ts re-exports all of it.

/** videos.status: contract/catalog.ts VIDEO_STATUS (1 active … 5 unavailable). */
export { VIDEO_STATUS as STATUS } from './catalog.ts';

/** The content the spec forbids (content.md §5), offered as the standard reasons, plus `other`. */
export const REJECT_REASONS = [
  'minors',
  'animals',
  'rape',
  'incest',
  'violence',
  'blood',
  'vomit',
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const MODERATION_ACTIONS = ['approve', 'reject'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The free text that goes with `other`. */
export const REASON_TEXT_MAX = 500;
/** Videos per page of the queue. */
export const QUEUE_PAGE_SIZE = 20;
/** The last page the queue call accepts. */
export const QUEUE_MAX_PAGE = 1000;
/** The queue and its decisions (GET/POST), the one way the console writes them. */
export const MODERATION_ADMIN_PATH = '/api/admin/moderation.php';
/** Staff's "not a problem" on a possible duplicate (issue 31): POST video_id, other_id. */
export const KNOWN_DUPLICATE_ADMIN_PATH = '/api/admin/known_duplicate.php';
/** Pages of the uploaded-videos list. */
export const UPLOADS_PAGE_SIZE = 24;

export { isModerator } from './roles.ts';
