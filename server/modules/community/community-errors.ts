// The community acts' failures in the spec's shape (content.md §8): a notification-type error carries
// `codes: [{field: 'notify', code}]` (the browser shows notify.{code}); a form error names its input.
import { COMMUNITY_CODES } from '../../../contract/community.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';

const notify = (code: string) => [{ field: 'notify', code }];

export const memberNotFound = () =>
  new DomainError(COMMUNITY_CODES.memberNotFound, {
    status: 404,
    message: english('notfound.title'),
    codes: notify(COMMUNITY_CODES.memberNotFound),
  });

export const wallPostNotFound = () =>
  new DomainError(COMMUNITY_CODES.wallPostNotFound, {
    status: 404,
    message: english('notfound.title'),
    codes: notify(COMMUNITY_CODES.wallPostNotFound),
  });

export const friendRequestNotFound = () =>
  new DomainError(COMMUNITY_CODES.friendRequestNotFound, {
    status: 404,
    message: english('api.friend_request_not_found'),
    codes: notify(COMMUNITY_CODES.friendRequestNotFound),
  });

export const cannotFriendYourself = () =>
  new DomainError(COMMUNITY_CODES.cannotFriendYourself, {
    status: 400,
    message: english('notify.cannot_friend_yourself'),
    codes: notify(COMMUNITY_CODES.cannotFriendYourself),
  });

export const alreadyFriends = () =>
  new DomainError(COMMUNITY_CODES.alreadyFriends, {
    status: 409,
    message: english('notify.already_friends'),
    codes: notify(COMMUNITY_CODES.alreadyFriends),
  });

export const friendRequestExists = () =>
  new DomainError(COMMUNITY_CODES.friendRequestExists, {
    status: 409,
    message: english('notify.friend_request_exists'),
    codes: notify(COMMUNITY_CODES.friendRequestExists),
  });

/** A wall the asker may not write on, or a post they may not delete. */
export const forbidden = (message = english('notify.forbidden')) =>
  new DomainError(COMMUNITY_CODES.forbidden, {
    status: 403,
    message,
    codes: notify(COMMUNITY_CODES.forbidden),
  });

/** form.error.too_many_wall_posts with info {count, minutes}, as too_many_comments. */
export const tooManyWallPosts = (count: number, windowSeconds: number) =>
  new DomainError(COMMUNITY_CODES.tooManyWallPosts, {
    status: 429,
    message: english('api.too_many_wall_posts'),
    codes: [{ field: 'msg', code: COMMUNITY_CODES.tooManyWallPosts }],
    info: { count, minutes: Math.round(windowSeconds / 60) },
  });

/** A page above the last of a list (page 1 of an empty list is an empty list). */
export const pageNotFound = () =>
  new DomainError('not_found', { status: 404, message: english('notfound.title') });
