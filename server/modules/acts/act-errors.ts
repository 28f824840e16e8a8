// The acts' failures as DomainErrors in the spec's shape (content.md §8). A notification-type error
// carries `codes: [{field: 'notify', code}]`: the browser shows the translation of the code (§8, "Server
// error with codes.field equal to notify"); a form error names its input instead.
import { ACT_CODES } from '../../../contract/acts.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';

const notify = (code: string) => [{ field: 'notify', code }];

export const loginRequired = () =>
  new DomainError(ACT_CODES.loginRequired, {
    status: 401,
    message: english('notify.login_required'),
    codes: notify(ACT_CODES.loginRequired),
  });

export const forbidden = () =>
  new DomainError(ACT_CODES.forbidden, {
    status: 403,
    message: english('notify.forbidden'),
    codes: notify(ACT_CODES.forbidden),
  });

export type ActObject = 'video' | 'playlist' | 'model' | 'channel' | 'member' | 'comment';

export const notFound = (what: ActObject) =>
  new DomainError(`${what}_not_found`, {
    status: 404,
    message: english('notfound.title'),
    codes: notify(`${what}_not_found`),
  });

/** A repeat of an act that may happen once (409): already added, voted, subscribed. */
export const conflict = (code: string, message: string) =>
  new DomainError(code, { status: 409, message, codes: notify(code) });

export const alreadyAdded = (
  code:
    | typeof ACT_CODES.favouriteAlreadyAdded
    | typeof ACT_CODES.watchLaterAlreadyAdded
    | typeof ACT_CODES.playlistAlreadyAdded,
) => conflict(code, english('api.already_added'));

export const cannotSubscribeYourself = () =>
  new DomainError(ACT_CODES.cannotSubscribeYourself, {
    status: 400,
    message: english('notify.subscribe_cannot_subscribe_yourself'),
    codes: notify(ACT_CODES.cannotSubscribeYourself),
  });

export const invalidCategories = () =>
  new DomainError(ACT_CODES.invalidCategories, {
    status: 400,
    message: english('api.unknown_category'),
    codes: [{ field: 'categories', code: ACT_CODES.invalidCategories }],
  });

/** form.error.too_many_comments with info {count, minutes} (content.md §5: "with info as parameters"). */
export const tooManyComments = (count: number, windowSeconds: number) =>
  new DomainError(ACT_CODES.tooManyComments, {
    status: 429,
    message: english('api.too_many_comments'),
    codes: [{ field: 'msg', code: ACT_CODES.tooManyComments }],
    info: { count, minutes: Math.round(windowSeconds / 60) },
  });
