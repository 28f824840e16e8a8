// The browser's calls for the member acts (issue 13; content.md §7–§9): the form posts to
// /api/input.php and the reads the acts' UI needs (comments, the member's playlists for the AddTo
// picker, the tags of the Suggest Tag modal). Transport and error shape come from api-client.ts.
import type {
  ActResponse,
  CommentAdded,
  CommentsResponse,
  PlaylistSaved,
  TagChoicesResponse,
  TagSuggested,
} from '../../contract/acts.ts';
import { commentsPath, TAG_CHOICES_PATH } from '../../contract/acts-values.ts';
import type { PlaylistsResponse } from '../../contract/catalog-api.ts';
import { INPUT_PATH } from '../../contract/watch-values.ts';
import { ApiError, callApi, type ReadOptions, requestJson } from './api-client.ts';

/** The fields of one act, as the form post sends them (every value a string). */
export type ActFields = Record<string, string>;

/**
 * POST /api/input.php with one act. Resolves with the act's answer; any refusal (a status other than
 * 2xx, or a 2xx carrying a `code`, the legacy API's way of refusing) is an ApiError with the spec's
 * error shape, `status` 0 when no answer came back.
 */
export async function postAct<T extends ActResponse = ActResponse>(fields: ActFields): Promise<T> {
  const answer = await callApi(INPUT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  if (!answer.ok || !answer.body || typeof answer.body.code === 'string') {
    throw new ApiError(answer.status, answer.body);
  }
  return answer.body as T;
}

export const postComment = (videoId: number, msg: string) =>
  postAct<CommentAdded>({ act: 'comm', section: 'video', object_id: String(videoId), msg });

export const deleteComment = (commentId: number) =>
  postAct({ act: 'comm', section: 'del', object_id: String(commentId) });

export const postPlaylist = (fields: ActFields) => postAct<PlaylistSaved>({ act: 'playlist', ...fields });

export const suggestTag = (videoId: number, tag: string) =>
  postAct<TagSuggested>({ act: 'add_tag', section: 'video', object_id: String(videoId), tag });

/** GET /api/json/comments/…: newest first; lifetime 0 for a signed-in member, 3600 for a guest. */
export function getComments(
  videoId: number,
  page: number,
  signedIn: boolean,
  options: ReadOptions = {},
): Promise<CommentsResponse> {
  return requestJson<CommentsResponse>(commentsPath(videoId, page, signedIn), options, (body) =>
    Array.isArray(body.comments),
  );
}

/**
 * GET /api/json/member_playlists/0/{count}/{user_id}.{page}.json: a member's playlists, their private
 * ones too when the member asks for their own (the AddTo picker).
 */
export function getMemberPlaylists(
  userId: number,
  page: number,
  count: number,
  options: ReadOptions = {},
): Promise<PlaylistsResponse> {
  return requestJson<PlaylistsResponse>(
    `/api/json/member_playlists/0/${count}/${userId}.${page}.json`,
    options,
    (body) => Array.isArray(body.playlists),
  );
}

/** GET /api/tags.php?q=: the Suggest Tag modal's choices (random without `q`). */
export function getTagChoices(q: string, options: ReadOptions = {}): Promise<TagChoicesResponse> {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  return requestJson<TagChoicesResponse>(`${TAG_CHOICES_PATH}${query}`, options, (body) =>
    Array.isArray(body.tags),
  );
}
