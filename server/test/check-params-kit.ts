// The check-params suite's vocabulary (server/http/check-params.test.ts): a row per API route, the askers,
// the answers and the context the rows' calls use. Rows live in the test file and, per area, in
// server/http/check-params/*.rows.ts, each exporting a Row[] that the suite spreads into its table.
import type { TestApp } from './app.ts';
import type { CatalogueFixture } from './catalog-fixtures.ts';
import type { RoleFixture, RoleName } from './roles.ts';
/** The site itself (PUBLIC_URL of createTestApp): what a browser on the site sends as Origin. */
export const ORIGIN = 'http://tube.test';
export const FOREIGN_ORIGIN = 'https://evil.example';
export const WRITES = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);

/** The columns of the table: `owner` and `other` only where the call names an object someone owns. */
export type Who = 'guest' | 'member' | 'owner' | 'other' | 'moderator' | 'administrator';
export const WHO: Who[] = ['guest', 'member', 'owner', 'other', 'moderator', 'administrator'];
/** The owner of every owned object is the role fixture's member. */
export const ACCOUNT: Record<Who, RoleName> = {
  guest: 'guest',
  member: 'member',
  owner: 'member',
  other: 'other',
  moderator: 'moderator',
  administrator: 'administrator',
};

export interface Call {
  url: string;
  headers?: Record<string, string>;
  /** Sent form-encoded. */
  form?: Record<string, string>;
  json?: unknown;
  /** Sent as it is, typed by `headers`. */
  body?: string | Buffer;
}

/**
 * The answer expected: a status, and for errors the spec's `code` (null: no JSON body to read, as for
 * tus's own plain-text refusals and any HEAD), a field it names, or a redirect's Location.
 */
export type Answer = number | { status: number; code?: string | null; field?: string; location?: string };

export interface BadInput {
  name: string;
  /** Sent to the row's own path: fields form-encoded, or JSON. */
  form?: Record<string, string>;
  json?: unknown;
  /** Or a URL, when the input is in the path or the query. */
  url?: string;
  /** Or a call built when it is sent (with objects made for it, or headers). */
  call?: (c: Ctx) => Call | Promise<Call>;
  answer: Answer;
  /** Who sends it; by default the first asker the valid call succeeds for. */
  as?: Who;
}

export interface Row {
  /** Method and Fastify url, as routeTable lists them. */
  route: string;
  /** The valid call as `who` makes it (a new object each time when the call uses one up). */
  call: (c: Ctx, who: Who) => Call | Promise<Call>;
  expect: Partial<Record<Who, Answer>>;
  bad: BadInput[] | { none: string };
  /** The call ends or replaces the session it is sent with: each asker sends a new session. */
  freshSession?: boolean;
}

/** What the rows' calls need, made once per database kind. */
export interface Ctx {
  t: TestApp;
  roles: RoleFixture;
  catalogue: CatalogueFixture;
  /** A listed video with its MP4 (720p) stored. */
  listed: { id: number; dir: string };
  categoryId: number;
  /** A channel no member owns (the catalogue's). */
  channelId: number;
  /** A number never handed out before in this app (names, addresses). */
  unique(): number;
  /** A tus upload of `who` (the member by default) of 1000 bytes, or of the test clip, sent. */
  upload(options?: { finished?: boolean; who?: RoleName }): Promise<string>;
  /** A video of the member waiting for moderation. */
  waitingVideo(): Promise<number>;
  /** The token of a new account's confirmation mail. */
  confirmToken(): Promise<string>;
  /** The token of a password restore mail of a new account. */
  restoreToken(): Promise<string>;
}

export const refused = (status: number, code: string | null, field?: string): Answer => ({
  status,
  code,
  field,
});
/**
 * The one answer to a guest where an account is needed (content.md §8 'Please log in to complete this
 * action'; contract/acts.ts). The ads calls, tus and video_edit.php answer `unauthorized` instead
 * (server/errors.ts unauthorized()): these rows expect the spec's code, and fail until they give it.
 */
export const LOGIN_REQUIRED = refused(401, 'login_required');
export const FORBIDDEN = refused(403, 'forbidden');
/** tus answers its own refusals in plain text, and a HEAD answer has no body: only the status is read. */
export const WITHOUT_BODY = (status: number) => refused(status, null);
export const NO_INPUT = { none: 'takes no input' };
export const INVALID_LINK = '/signup/?error=invalid_link';

export const everyone = (answer: Answer) => ({
  guest: answer,
  member: answer,
  moderator: answer,
  administrator: answer,
});
export const membersOnly = (ok: Answer) => ({
  guest: LOGIN_REQUIRED,
  member: ok,
  moderator: ok,
  administrator: ok,
});
export const staffOnly = (ok: Answer) => ({
  guest: LOGIN_REQUIRED,
  member: FORBIDDEN,
  moderator: ok,
  administrator: ok,
});
export const adminsOnly = (ok: Answer) => ({ ...staffOnly(ok), moderator: FORBIDDEN });
/** A staff call about a member's object: being its owner gives no say over it. */
export const staffOnlyOwned = (ok: Answer) => ({
  guest: LOGIN_REQUIRED,
  owner: FORBIDDEN,
  other: FORBIDDEN,
  moderator: ok,
  administrator: ok,
});
/** A member's own object: the owner and staff see it; to anyone else it does not exist. */
export const ownerAndStaff = (ok: Answer, refusal: Answer) => ({
  guest: refusal,
  owner: ok,
  other: refusal,
  moderator: ok,
  administrator: ok,
});
/** A member's own object that no one else may use, staff included. */
export const ownerOnly = (ok: Answer, refusal: Answer) => ({
  guest: LOGIN_REQUIRED,
  owner: ok,
  other: refusal,
  moderator: refusal,
  administrator: refusal,
});

/** A bad URL answered 400 with `code`, or 404 when the code says it names nothing. */
export const badUrl = (
  name: string,
  url: string,
  code: string,
  status = code === 'not_found' ? 404 : 400,
) => ({
  name,
  url,
  answer: refused(status, code),
});
export const meta = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;
export const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });
/** Bytes appended to an upload at `offset` (tus PATCH). */
export const append = (
  id: string,
  offset: number,
  bytes: number,
  headers: Record<string, string> = tus(),
): Call => ({
  url: `/api/upload/${id}`,
  headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  body: Buffer.alloc(bytes, 1),
});
export const HEX_ID = 'f'.repeat(32);
export const oembedOf = (page: string, query = '') =>
  `/oembed/?url=${encodeURIComponent(`${ORIGIN}${page}`)}${query}`;
export const view = (id: number | string, extra: Record<string, string> = {}) => ({
  act: 'view',
  section: 'video',
  object_id: String(id),
  ...extra,
});
export const comment = (videoId: number, msg: string) => ({
  act: 'comm',
  section: 'video',
  object_id: String(videoId),
  msg,
});
export const COMMENTS = '/api/json/comments';
/** A role fixture's account as the acts' services take it. */
export const actorOf = (c: Ctx, who: 'member' | 'other') => ({
  user_id: c.roles.users[who].userId,
  role: c.roles.users[who].role,
});

/** A multipart form as a browser's FormData sends it. */
export async function multipartCall(
  url: string,
  fields: Record<string, string>,
  file: { field: string; name: string; data: Buffer },
): Promise<Call> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(file.field, new Blob([new Uint8Array(file.data)]), file.name);
  const request = new Request('http://form.test/', { method: 'POST', body: form });
  return {
    url,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    body: Buffer.from(await request.arrayBuffer()),
  };
}
