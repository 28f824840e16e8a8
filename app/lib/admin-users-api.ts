// The console's users and comments calls from the browser (issue 17; contract/admin-users.ts). A
// refusal is an ApiError carrying the answer's code and field codes, which the pages show.
import {
  ADMIN_COMMENTS_PATH,
  ADMIN_USERS_PATH,
  type AdminCommentResult,
  type AdminUserResult,
  type CommentAction,
  type UserAction,
} from '../../contract/admin-users.ts';
import { ApiError, send } from './api-client.ts';

export { ApiError };

async function post<T>(path: string, fields: Record<string, string>): Promise<T> {
  const answer = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields),
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as T;
}

/** One act on a member: role (role), ban (reason, until: ISO or ''), unban, reset_password, delete. */
export function actOnUser(
  act: UserAction,
  userId: number,
  extra: { role?: string; reason?: string; until?: string } = {},
): Promise<AdminUserResult> {
  const fields: Record<string, string> = { act, user_id: String(userId) };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) fields[key] = value;
  return post(ADMIN_USERS_PATH, fields);
}

/** One act on up to 100 comments; ban_author takes reason and until. */
export function actOnComments(
  act: CommentAction,
  ids: number[],
  extra: { reason?: string; until?: string } = {},
): Promise<AdminCommentResult> {
  const fields: Record<string, string> = { act, ids: ids.join(',') };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) fields[key] = value;
  return post(ADMIN_COMMENTS_PATH, fields);
}

/** A datetime-local input's value (the browser's time zone) as ISO, or '' for none. */
export function isoOfLocal(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The code to show for a failed call: its first field code, else its own code. */
export function errorCodeOf(error: unknown): { field: string; code: string } {
  if (error instanceof ApiError) return error.codes[0] ?? { field: 'general', code: error.code };
  return { field: 'general', code: 'network' };
}
