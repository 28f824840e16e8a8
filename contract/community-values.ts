// Friends and the wall without zod: their constants, states, codes and read paths, which the member
// pages (public first loads) import; importing community.ts would bring its schemas, and zod, there.
// community.ts re-exports all of it.
import { COMMENT_LIMITS } from './acts-values.ts';
import { MEMBER_PAGE_SIZE } from './members-values.ts';

// --- Constants --------------------------------------------------------------------------------------

/** Friends read call: 7200 (§9 "member") the public list of friends, cached; 0 the asker's own view. */
export const FRIENDS_LIFETIME = { public: 7200, own: 0 } as const;
/** Wall read call: 3600 (as comments, §9) for everyone, cached; 0 the asker's own view. */
export const WALL_LIFETIME = { public: 3600, own: 0 } as const;
/** The largest `{count}` of both read calls, and the pages they serve. */
export const COMMUNITY_MAX_COUNT = 100;
export const COMMUNITY_MAX_PAGE = 1000;
/** The owner's pending requests are shown whole up to this many each way (newest first). */
export const FRIEND_REQUESTS_SHOWN = 100;
/** The optional note of a friend request. */
export const FRIEND_MESSAGE_MAX = 300;
/** A wall post: plain text, lines kept. */
export const WALL_POST_LENGTH = { min: 2, max: 1000 } as const;
/** "Rate-limited like comments": 5 per member and 20 per address in any 10 minutes (content.md §5). */
export const WALL_LIMITS = COMMENT_LIMITS;
export { MEMBER_PAGE_SIZE as COMMUNITY_PAGE_SIZE };

/** The acts of POST /api/input.php this module answers. */
export const COMMUNITY_ACTS = ['friend', 'wall'] as const;
export type CommunityAct = (typeof COMMUNITY_ACTS)[number];

/**
 * The asker's relation to a member: `none`, `requested` (the asker sent a request, pending),
 * `incoming` (the member asked the asker), `friends`.
 */
export const FRIEND_STATES = ['none', 'requested', 'incoming', 'friends'] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

/** Why the asker may not write on a wall: a guest, or not the owner nor one of their friends. */
export const WALL_REFUSALS = ['login_required', 'friends_only'] as const;
export type WallRefusal = (typeof WALL_REFUSALS)[number];

// --- Codes ------------------------------------------------------------------------------------------

/** The codes the acts answer with (notify.{code} in the browser), and their HTTP statuses. */
export const COMMUNITY_CODES = {
  loginRequired: 'login_required', // 401
  forbidden: 'forbidden', // 403: a wall the asker may not write on; a post the asker may not delete
  memberNotFound: 'member_not_found', // 404: unknown, unconfirmed or banned member
  wallPostNotFound: 'wall_post_not_found', // 404
  friendRequestNotFound: 'friend_request_not_found', // 404: nothing to accept, decline or remove
  cannotFriendYourself: 'cannot_friend_yourself', // 400
  alreadyFriends: 'already_friends', // 409
  friendRequestExists: 'friend_request_exists', // 409: the asker's request is pending already
  tooManyWallPosts: 'too_many_wall_posts', // 429, info {count, minutes}
} as const;
export type CommunityCode = (typeof COMMUNITY_CODES)[keyof typeof COMMUNITY_CODES];

// --- The read calls' URLs ---------------------------------------------------------------------------

export function friendsReadPath(userId: number, page: number, own = false, count = MEMBER_PAGE_SIZE) {
  return `/api/json/friends/${own ? FRIENDS_LIFETIME.own : FRIENDS_LIFETIME.public}/${count}/${userId}.${page}.json`;
}

export function wallReadPath(userId: number, page: number, own = false, count = MEMBER_PAGE_SIZE) {
  return `/api/json/wall/${own ? WALL_LIFETIME.own : WALL_LIFETIME.public}/${count}/${userId}.${page}.json`;
}
