// The acts' limits, codes, paths and text helpers without zod: the video page (comments, the add-to
// and suggest-tag modals, the playlist strip) is in every visitor's first load, and importing acts.ts
// would bring its schemas, and zod, there (e2e/player.test.ts measures it). acts.ts re-exports all of it.
import { plainText } from './plain-text.ts';

// --- Limits (content.md §5, §9) ---------------------------------------------------------------------

/** Comments: at least 5 characters of text (after markup is dropped). The spec names no maximum. */
export const COMMENT_MIN_LENGTH = 5;
export const COMMENT_MAX_LENGTH = 1500;
/** 5 comments per 10 minutes per member and 20 per 10 minutes per IP, in any 10 minutes (sliding). */
export const COMMENT_LIMITS = { perMember: 5, perIp: 20, windowSeconds: 600 } as const;
/** The page shows 10 comments at a time; the read call gives up to COMMENTS_MAX_COUNT per call. */
export const COMMENTS_PAGE_SIZE = 10;
export const COMMENTS_MAX_COUNT = 100;
/** Lifetime of the comments read call (§9): 3600 for guests, 0 (not cached) for members. */
export const COMMENTS_LIFETIME = { guest: 3600, member: 0 } as const;

/**
 * Playlist form, the first of §5's two readings: title 3–100, description 5–500 (the input is capped at
 * 500). The message catalogue's 3–25 and "at least 10" would refuse titles the site's own video titles
 * exceed; the first reading is the one stated with the input's own cap.
 */
export const PLAYLIST_TITLE = { min: 3, max: 100 } as const;
export const PLAYLIST_DESCRIPTION = { min: 5, max: 500 } as const;
/** 'The minimum number of selected categories is {min}, the maximum is {max}' */
export const PLAYLIST_CATEGORIES = { min: 1, max: 3 } as const;
/** Playlist form values: 1 public (default), 0 private (the catalogue's meaning for this form). */
export const PLAYLIST_VISIBLE = { private: '0', public: '1' } as const;
/** The AddTo modal's playlist picker, and the video page's playlist strip (8 visible of 60 loaded). */
export const PLAYLIST_PICKER_PAGE_SIZE = 20;
export const PLAYLIST_STRIP_PAGE_SIZE = 60;
export const PLAYLIST_STRIP_VISIBLE = 8;

/** Tag input max 69 (§5); one character names nothing. */
export const TAG_MIN_LENGTH = 2;
export const TAG_MAX_LENGTH = 69;
/** Distinct members who must suggest the same tag before it joins the video's tags (configurable). */
export const TAG_SUGGESTION_THRESHOLD = 3;
export const TAG_MODAL_RANDOM_TAGS = 20;
export const TAG_INPUT_DEBOUNCE_MS = 400;

/** What a member can vote on: the objects the read API shows a rating with likes and dislikes for. */
export const VOTE_SECTIONS = ['video', 'playlist'] as const;
export type VoteSection = (typeof VOTE_SECTIONS)[number];
export const VOTE_VALUES = { like: 1, dislike: -1 } as const;
export const SUBSCRIBE_SECTIONS = ['model', 'channel', 'member'] as const;
export type SubscribeSection = (typeof SUBSCRIBE_SECTIONS)[number];
export const VIDEO_LISTS = ['favourite', 'watch_later'] as const;
export type VideoList = (typeof VIDEO_LISTS)[number];

/**
 * The codes the acts answer with, and their HTTP statuses. A notification shows
 * notify.add_to_{code}, notify.vote_{code}, notify.subscribe_{code} or notify.{code}; comment errors
 * show form.error.{code} with `info`; a playlist delete error shows delete_playlist_{code}.
 */
export const ACT_CODES = {
  loginRequired: 'login_required', // 401 'Please log in to complete this action'
  forbidden: 'forbidden', // 403: someone else's playlist or comment
  videoNotFound: 'video_not_found', // 404 (also: not visible to the member)
  playlistNotFound: 'playlist_not_found', // 404 (a private playlist of someone else too)
  modelNotFound: 'model_not_found', // 404
  channelNotFound: 'channel_not_found', // 404
  memberNotFound: 'member_not_found', // 404
  commentNotFound: 'comment_not_found', // 404
  favouriteAlreadyAdded: 'favourite_already_added', // 409
  watchLaterAlreadyAdded: 'watch_later_already_added', // 409
  playlistAlreadyAdded: 'playlist_already_added', // 409: the video is on the playlist already
  alreadyVoted: 'already_voted', // 409
  alreadySubscribed: 'already_subscribed', // 409
  cannotSubscribeYourself: 'cannot_subscribe_yourself', // 400
  invalidCategories: 'invalid_categories', // 400: a category id that does not exist
  tooManyComments: 'too_many_comments', // 429, info {count, minutes}
} as const;
export type ActCode = (typeof ACT_CODES)[keyof typeof ACT_CODES];

/**
 * Multi-line plain text: markup dropped line by line (contract/plain-text.ts), lines kept, runs of
 * blank lines cut to one. What is stored is what is shown, escaped, everywhere.
 */
export function plainTextLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(plainText)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A tag as members type it: plain text, white space collapsed, lower case. */
export const normaliseTag = (text: string) => plainText(text).toLowerCase();

/** The dir of a tag's title: letters and digits of any script, runs of anything else as one hyphen. */
export function tagDirOf(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The comments read call's URL as the video page asks it: lifetime 0 when signed in, 3600 otherwise. */
export function commentsPath(
  videoId: number,
  page: number,
  signedIn: boolean,
  count: number = COMMENTS_PAGE_SIZE,
): string {
  const lifetime = signedIn ? COMMENTS_LIFETIME.member : COMMENTS_LIFETIME.guest;
  return `/api/json/comments/${lifetime}/video/${count}/${videoId}.${page}.json`;
}

/** GET /api/tags.php?q={text}: the Suggest Tag modal's choices (acts.ts `tagChoicesQuery`). */
export const TAG_CHOICES_PATH = '/api/tags.php';
