// Appeals' paths, kinds, states and limits without zod (issue 31): the uploader's appeal on the uploads
// page imports these; contract/appeals.ts re-exports them with the schemas.
export const APPEALS_PATH = '/api/appeals.php';
export const APPEALS_ADMIN_PATH = '/api/admin/appeals.php';
/** The asker's own appeals, newest first (the uploads page shows an answer under any upload). */
export const MY_APPEALS_PATH = '/api/my_appeals.php';
export const MY_APPEALS_MAX = 100;

export const APPEAL_KINDS = ['rejection', 'dmca', 'removal'] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];
export const APPEAL_STATES = ['open', 'upheld', 'overturned'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];
export const APPEAL_ANSWERS = ['uphold', 'overturn'] as const;
export type AppealAnswer = (typeof APPEAL_ANSWERS)[number];
export const APPEAL_LIST_STATUSES = ['open', 'answered'] as const;
export type AppealListStatus = (typeof APPEAL_LIST_STATUSES)[number];

/** The uploader's text and the staff's answer, each at most this many characters. */
export const APPEAL_TEXT_MAX = 1500;
export const APPEALS_PAGE_SIZE = 20;
export const APPEALS_MAX_PAGE = 1000;
