// Private messages without zod: limits, codes and paths, which the messages pages (public first loads
// for members) import; importing messages.ts would bring its schemas, and zod, there. messages.ts
// re-exports all of it.

// --- Limits -----------------------------------------------------------------------------------------

/** A message: 1 to 1500 characters of text (the contact form's maximum, shell.md §9). */
export const MESSAGE_LENGTH = { min: 1, max: 1500 } as const;
/**
 * Sends per member, in any window of that length (sliding, reserved atomically before the write; shared
 * by every process through Redis when it is configured): 10 a minute, 100 a day.
 */
export const MESSAGE_LIMITS = [
  { max: 10, windowSeconds: 60 },
  { max: 100, windowSeconds: 86_400 },
] as const;
export type MessageLimit = { max: number; windowSeconds: number };
/** Rows of the inbox and messages of a conversation per page (the pages' size). */
export const MESSAGES_PAGE_SIZE = 20;
/** The largest `{count}` of the read calls, and the last page they serve. */
export const MESSAGES_MAX_COUNT = 100;
export const MESSAGES_MAX_PAGE = 1000;
/** Private answers are never cached: the only lifetime is 0 (Cache-Control: no-store). */
export const MESSAGES_LIFETIME = 0;

// --- Codes ------------------------------------------------------------------------------------------

/** What the calls answer with; the browser shows notify.{code} (info as parameters). */
export const MESSAGE_CODES = {
  loginRequired: 'login_required', // 401
  cannotMessageYourself: 'cannot_message_yourself', // 400: to_user_id is the sender
  cannotBlockYourself: 'cannot_block_yourself', // 400
  memberNotFound: 'member_not_found', // 404: no such member, or not an active account
  messageNotFound: 'message_not_found', // 404: no such message, or not one of the asker's
  blocked: 'blocked', // 403: the recipient has blocked the sender
  memberBlocked: 'member_blocked', // 403: the sender has blocked the recipient (unblock first)
  tooManyMessages: 'too_many_messages', // 429, info {count, minutes}
  pageNotFound: 'not_found', // 404: a page above the last
} as const;
export type MessageCode = (typeof MESSAGE_CODES)[keyof typeof MESSAGE_CODES];

// --- Paths ------------------------------------------------------------------------------------------

/** The write call (messages.ts `messageActSchema`). */
export const MESSAGES_POST_PATH = '/api/messages.php';

export const inboxPath = (page = 1, count: number = MESSAGES_PAGE_SIZE) =>
  `/api/json/messages/${MESSAGES_LIFETIME}/${count}/inbox.${page}.json`;
export const conversationPath = (userId: number, page = 1, count: number = MESSAGES_PAGE_SIZE) =>
  `/api/json/messages/${MESSAGES_LIFETIME}/${count}/${userId}.${page}.json`;

/** The pages. */
export const messagesPagePath = (page = 1) => (page > 1 ? `/messages/?page=${page}` : '/messages/');
export const conversationPagePath = (userId: number, page = 1) =>
  `/messages/${userId}/${page > 1 ? `?page=${page}` : ''}`;
