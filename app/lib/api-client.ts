// The browser's calls to /api/*, in one place (STYLE.md: one schema source types the browser's calls).
// Every call goes with the session cookie (same-origin), reads JSON, and turns an answer other than 2xx
// into an ApiError carrying the spec's error shape {error, code, codes:[{field, code}], info?}.
// Request and answer types come from contract/; where contract/ has none yet, the type is declared here
// beside the call, naming the server route it mirrors. Answers are not parsed with zod here (the server
// declares and checks them; parsing would put every schema into the pages' JavaScript): a call checks
// only the part its page cannot do without, such as the player's `sources`.
//
// Each call keeps the exact URL, method, headers and body the page sent before this client existed
// (the server and the e2e tests depend on them), so some take an `accept` header and some do not.
import type { z } from 'zod';
import type { AdZone, AdZoneUpdateInput } from '../../contract/ads.ts';
import { ADMIN_ADS_PATH } from '../../contract/ads-viewer.ts';
import type { SuggestResponse, Videos2Response } from '../../contract/catalog-api.ts';
import type { topSearchesResponseSchema } from '../../contract/catalog-responses.ts';
import type { FieldError } from '../../contract/errors.ts';
import type { VideoEditSuccess } from '../../contract/upload.ts';
import { VIDEO_EDIT_PATH } from '../../contract/upload-values.ts';
import type { VideoFileResponse } from '../../contract/videofile.ts';
import { VIDEOFILE_PASS_PARAM } from '../../contract/videofile-values.ts';
import type { RelatedResponse, ViewResponse } from '../../contract/watch.ts';
import { INPUT_PATH } from '../../contract/watch-values.ts';

export type { FieldError };

/** A JSON object as it arrived; nothing about it is trusted beyond being an object. */
export type JsonObject = Record<string, unknown>;

/**
 * A call that did not succeed. `status` 0 means no answer came back (offline, refused, aborted).
 * `code` is the answer's code, else `http_{status}`, else `network`; `codes` the field errors.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's JSON object; null when there was no answer or it was not a JSON object. */
  readonly body: JsonObject | null;
  readonly code: string;
  readonly codes: FieldError[];
  readonly info: Record<string, unknown> | undefined;

  constructor(status: number, body: JsonObject | null, options?: { cause?: unknown }) {
    const answerCode = typeof body?.code === 'string' ? body.code : undefined;
    const code = answerCode ?? (status > 0 ? `http_${status}` : 'network');
    super(typeof body?.error === 'string' ? body.error : code, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = code;
    this.codes = Array.isArray(body?.codes) ? body.codes.filter(isFieldError) : [];
    this.info = isObject(body?.info) ? body.info : undefined;
  }

  /** The code the answer itself carried, if any (callers with their own fallback read this). */
  get answerCode(): string | undefined {
    return typeof this.body?.code === 'string' ? this.body.code : undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isObject(value) && typeof value.field === 'string' && typeof value.code === 'string';
}

/**
 * The code the catalogue's lists show (catalogue.error): the answer's own code, else its status;
 * `network` when no JSON answer came back at all.
 */
export function listErrorCode(error: unknown): string {
  if (!(error instanceof ApiError) || !error.body) return 'network';
  return error.answerCode ?? String(error.status);
}

// --- The transport ----------------------------------------------------------------------------------

export interface CallOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** Lets the call outlive the page (the view beacon's fallback). */
  keepalive?: boolean;
}

/** What came back: the status and the JSON object of the body (null when not JSON). */
export interface Answer {
  ok: boolean;
  status: number;
  body: JsonObject | null;
}

/** The two headers of a form-encoded call that wants JSON back (the accounts calls). */
const FORM_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'application/json',
} as const;
const ACCEPT_JSON = { accept: 'application/json' } as const;

/** A form-encoded body (application/x-www-form-urlencoded), what the PHP-style endpoints read. */
function formBody(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/**
 * One call. Resolves with any answer, whatever its status; rejects (ApiError, status 0) only when no
 * answer came back. `credentials: 'same-origin'` is fetch's default, spelled out: the session cookie
 * goes with every call and never to another site.
 */
export async function callApi(path: string, options: CallOptions = {}): Promise<Answer> {
  const init: RequestInit = { credentials: 'same-origin' };
  if (options.method) init.method = options.method;
  if (options.headers) init.headers = options.headers;
  if (options.body !== undefined) init.body = options.body;
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, null, { cause: error });
  }
  const parsed: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body: isObject(parsed) ? parsed : null };
}

/**
 * The JSON of a 2xx answer, as T once `valid` (when given) accepts it. A 2xx without JSON, or one
 * `valid` refuses, is an ApiError too, with the answer's status.
 */
export async function requestJson<T>(
  path: string,
  options: CallOptions = {},
  valid?: (body: JsonObject) => boolean,
): Promise<T> {
  const answer = await callApi(path, options);
  if (!answer.ok || !answer.body || (valid && !valid(answer.body))) {
    throw new ApiError(answer.status, answer.body);
  }
  return answer.body as T;
}

/** The JSON of a 2xx answer, or null when a 2xx came without one (still a success); else an ApiError. */
export async function send(path: string, options: CallOptions = {}): Promise<JsonObject | null> {
  const answer = await callApi(path, options);
  if (!answer.ok) throw new ApiError(answer.status, answer.body);
  return answer.body;
}

/** Per-call options a page may pass: cancellation, and the headers it sent before (kept as they were). */
export type ReadOptions = Pick<CallOptions, 'signal' | 'headers'>;

// --- Reads --------------------------------------------------------------------------------------------

/**
 * GET /api/videofile.php?video_id=N: the player's file list (contract/videofile.ts); `pass` is the UK
 * gate's pass of a page exempt from it (server/modules/media/uk-media-gate.ts).
 */
export function getVideoFiles(
  videoId: number,
  { pass, ...options }: ReadOptions & { pass?: string | null } = {},
): Promise<VideoFileResponse> {
  const query = pass ? `&${VIDEOFILE_PASS_PARAM}=${encodeURIComponent(pass)}` : '';
  return requestJson<VideoFileResponse>(`/api/videofile.php?video_id=${videoId}${query}`, options, (body) =>
    Array.isArray(body.sources),
  );
}

/** GET /api/json/videos2/…: a video list; the path comes from `videos2Path` (contract/catalog-api.ts). */
export function getVideoList(path: string, options: ReadOptions = {}): Promise<Videos2Response> {
  return requestJson<Videos2Response>(path, options);
}

/** GET /api/json/videos_related2/…: the path comes from `relatedPath` (contract/watch.ts). */
export function getRelated(path: string): Promise<RelatedResponse> {
  return requestJson<RelatedResponse>(path, { headers: ACCEPT_JSON }, (body) => Array.isArray(body.videos));
}

/** GET /api/suggester.php?c=…: the search box's suggestions. */
export function getSuggestions(
  query: string,
  options: ReadOptions = {},
  gender = 'str',
): Promise<SuggestResponse> {
  // The default orientation keeps the short address (one cache entry for most visitors).
  const orientation = gender === 'str' ? '' : `&gender=${encodeURIComponent(gender)}`;
  return requestJson<SuggestResponse>(
    `/api/suggester.php?c=${encodeURIComponent(query)}${orientation}`,
    options,
  );
}

export type TopSearchesResponse = z.infer<typeof topSearchesResponseSchema>;

/** GET /api/json/suggester/86400/10.json: the ten top searches the empty search box offers. */
export function getTopSearches(): Promise<TopSearchesResponse> {
  return requestJson<TopSearchesResponse>('/api/json/suggester/86400/10.json');
}

/**
 * A read whose answer type belongs to the caller (the lazy blocks of the home page take any /api/json/
 * list); the caller names the contract type it expects.
 */
export function getJson<T>(path: string, options: ReadOptions = {}): Promise<T> {
  return requestJson<T>(path, options);
}

// --- Writes ---------------------------------------------------------------------------------------------

/**
 * POST /api/input.php act=view (contract/watch.ts): the view beacon's fallback when sendBeacon is
 * missing or refuses. The body goes as URLSearchParams without a content-type of ours, as sendBeacon
 * sends it: the browser labels it application/x-www-form-urlencoded;charset=UTF-8.
 */
export function postView(form: URLSearchParams): Promise<ViewResponse> {
  return requestJson<ViewResponse>(INPUT_PATH, { method: 'POST', body: form, keepalive: true });
}

export type AddTarget = 'favourite' | 'watch_later' | 'playlist';

/**
 * The answer of POST /api/input.php act={favourite|watch_later|playlist} section=add (content.md §7,
 * server/http/watch.routes.ts). A 2xx may still carry a `code` (the legacy API's way of refusing).
 */
export interface AddToAnswer {
  ok?: boolean;
  code?: string;
  codes?: FieldError[];
  info?: Record<string, unknown>;
}

/** Adds a video to a member's list; a refusal (any status) is an ApiError. */
export async function addToList(target: AddTarget, videoId: number): Promise<AddToAnswer | null> {
  const answer = await callApi(INPUT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ act: target, section: 'add', video_id: String(videoId) }),
  });
  if (!answer.ok || typeof answer.body?.code === 'string') throw new ApiError(answer.status, answer.body);
  return answer.body;
}

/** The answer of POST /api/report.php (server/http/report.routes.ts). */
export interface ReportSent {
  status: 'success';
  report_id: number;
}

/** POST /api/report.php, multipart: the contact/report form with its optional image. */
export async function postReport(form: FormData): Promise<ReportSent | null> {
  return (await send('/api/report.php', { method: 'POST', body: form })) as ReportSent | null;
}

/**
 * POST /api/video_edit.php, multipart (contract/upload.ts): the upload's details after the tus upload
 * or with a link. Success is a 2xx with `ok: true`; anything else is an ApiError.
 */
export function postVideoEdit(form: FormData): Promise<VideoEditSuccess> {
  return requestJson<VideoEditSuccess>(VIDEO_EDIT_PATH, { method: 'POST', body: form }, (b) => Boolean(b.ok));
}

/** The answer of POST /api/admin/ads.php (server/http/ads.routes.ts). */
export interface AdZoneSaved {
  status: 'success';
  zone: AdZone;
}

/** POST /api/admin/ads.php, JSON (contract/ads.ts): saves one ad zone. */
export async function saveAdZone(input: AdZoneUpdateInput): Promise<AdZoneSaved | null> {
  const body = await send(ADMIN_ADS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(input),
  });
  return body as AdZoneSaved | null;
}

/**
 * A form-encoded accounts POST (contract/accounts.ts: loginInput, signupInput…). The answer comes back
 * whatever its status: the forms read the error shape from it; no answer at all is an ApiError.
 */
export function postAccountForm(path: string, fields: Record<string, string>): Promise<Answer> {
  return callApi(path, { method: 'POST', headers: FORM_HEADERS, body: formBody(fields).toString() });
}
