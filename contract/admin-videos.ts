// The console's videos (issue 17): GET/POST /api/admin/videos.php (the list and bulk acts) and
// GET/POST /api/admin/video.php (one video: edit, poster, status, delete), the /admin/videos/ pages and
// their tests. Moderators and administrators. Schemas, limits and codes; no server dependencies.
// Its plain values are in admin-videos-values.ts, its answers in admin-videos-responses.ts (both
// exported from here too).
import { z } from 'zod';
import { normaliseTag, TAG_MAX_LENGTH, TAG_MIN_LENGTH, tagDirOf } from './acts.ts';
import {
  ADMIN_VIDEOS_MAX_PAGE,
  ADMIN_VIDEOS_SEARCH_MAX,
  BULK_ACTIONS,
  type BulkAction,
  MODELS_MAX,
  SETTABLE_STATUSES,
  type SettableStatus,
  STATUS_REASON_MAX,
  STILL_PATTERN,
  TAGS_MAX,
  VIDEO_ACTIONS,
  VIDEOS_BULK_MAX,
} from './admin-videos-values.ts';
import { plainText } from './plain-text.ts';
import { CATEGORIES_MAX, CATEGORIES_MIN, DESCRIPTION_MAX, TITLE_MAX, TITLE_MIN } from './upload.ts';

export * from './admin-videos-responses.ts';
export * from './admin-videos-values.ts';

/** videos.status: contract/catalog.ts. */
export { VIDEO_STATUSES, type VideoStatus as VideoStatusId } from './catalog.ts';
export { CATEGORIES_MAX, CATEGORIES_MIN, DESCRIPTION_MAX, TITLE_MAX, TITLE_MIN };

// --- Inputs ---------------------------------------------------------------------------------------
// Form fields (or JSON): text is trimmed; '' is the same as not sent for the list's filters.
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankless = (value: unknown) => {
  const v = trimmed(value);
  return v === '' ? undefined : v;
};
const ID = /^[1-9]\d{0,14}$/;

const pageField = z
  .preprocess(
    trimmed,
    z
      .string({ error: 'invalid' })
      .regex(/^[1-9]\d{0,3}$/, 'invalid')
      .transform(Number)
      .pipe(z.number().max(ADMIN_VIDEOS_MAX_PAGE, 'invalid')),
  )
  .default(1)
  .describe(`Page number, 1 (default) to ${ADMIN_VIDEOS_MAX_PAGE}.`);

/** GET /api/admin/videos.php: search, filters and page. */
export const adminVideosQuery = z.object({
  q: z
    .preprocess(
      blankless,
      z.string({ error: 'invalid' }).max(ADMIN_VIDEOS_SEARCH_MAX, 'max_length').optional(),
    )
    .describe('A video id, or words of the title (case-insensitive).'),
  status: z
    .preprocess(
      blankless,
      z.enum(['1', '2', '3', '4', '5'], { error: 'invalid' }).transform(Number).optional(),
    )
    .describe('1 active, 2 processing, 3 waiting for moderation, 4 rejected, 5 unavailable.'),
  private: z
    .preprocess(blankless, z.enum(['0', '1'], { error: 'invalid' }).optional())
    .describe('1: private videos only; 0: public ones only.'),
  user_id: z
    .preprocess(blankless, z.string({ error: 'invalid' }).regex(ID, 'invalid').transform(Number).optional())
    .describe("The uploader's user id."),
  page: pageField,
});
export type AdminVideosQuery = z.output<typeof adminVideosQuery>;

export const adminVideoQuery = z.object({
  video_id: z
    .preprocess(
      trimmed,
      z
        .string({ error: (i) => (i.input === undefined ? 'required' : 'invalid') })
        .min(1, 'required')
        .regex(ID, 'invalid')
        .transform(Number),
    )
    .describe('The video.'),
});

/** A field of a form as it may arrive: a string, a number, or a list of them (repeated names, JSON). */
const loose = (description: string) =>
  z
    .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .describe(description);

/**
 * POST /api/admin/video.php (form-encoded or JSON). `edit` changes only the fields sent: title,
 * description, categories (ids), models (ids), channel (id, '' for none), tags (names, comma-separated
 * or a list), private (0/1), status (1, 4, 5). `poster` takes still; `status` takes status and reason.
 * `block` puts the video's fingerprint on the block list and takes it down; `unblock` lifts that block
 * (issue 31: later uploads of the same content are rejected while it holds).
 */
export const adminVideoForm = z
  .object({
    act: loose(VIDEO_ACTIONS.join(' | ')),
    video_id: loose('The video.'),
    title: loose(`act=edit: ${TITLE_MIN} to ${TITLE_MAX} characters.`),
    description: loose(`act=edit: at most ${DESCRIPTION_MAX} characters.`),
    categories: loose(`act=edit: category ids, ${CATEGORIES_MIN} to ${CATEGORIES_MAX} (a list or 1,2,3).`),
    models: loose(`act=edit: model ids, at most ${MODELS_MAX}.`),
    channel: loose("act=edit: a channel id, or '' for none."),
    tags: loose(
      `act=edit: tag names, at most ${TAGS_MAX} (comma-separated, or a list); new ones are created.`,
    ),
    private: loose('act=edit: 1 private, 0 public.'),
    status: loose('act=edit or act=status: 1 active, 4 rejected, 5 unavailable.'),
    reason: loose(`act=status (4): the reason the uploader reads, at most ${STATUS_REASON_MAX} characters.`),
    still: loose('act=poster: original, chosen, or a thumbnail number.'),
  })
  .transform((input, ctx) => {
    const parsed = parseAdminVideoInput(input);
    if (parsed.ok) return parsed.command;
    for (const { field, code } of parsed.codes)
      ctx.addIssue({ code: 'custom', path: [field], message: code });
    return z.NEVER;
  });

/** POST /api/admin/videos.php: one act on up to VIDEOS_BULK_MAX videos. */
export const adminVideosBulkForm = z
  .object({
    act: loose(BULK_ACTIONS.join(' | ')),
    video_ids: loose(`The videos, 1 to ${VIDEOS_BULK_MAX} ids (a list or 1,2,3).`),
    status: loose('act=status: 1 active, 4 rejected, 5 unavailable.'),
  })
  .transform((input, ctx) => {
    const parsed = parseBulkInput(input);
    if (parsed.ok) return parsed.command;
    for (const { field, code } of parsed.codes)
      ctx.addIssue({ code: 'custom', path: [field], message: code });
    return z.NEVER;
  });

export interface TagInput {
  dir: string;
  title: string;
}

export interface VideoChanges {
  title?: string;
  description?: string;
  categories?: number[];
  models?: number[];
  channel?: number | null;
  tags?: TagInput[];
  isPrivate?: boolean;
  status?: SettableStatus;
}

export type AdminVideoCommand =
  | { act: 'edit'; videoId: number; changes: VideoChanges }
  | { act: 'poster'; videoId: number; still: string }
  | { act: 'status'; videoId: number; status: SettableStatus; reason: string | null }
  | { act: 'delete'; videoId: number }
  /** Issue 31: put the video's fingerprint on the block list (and take it down) / lift that block. */
  | { act: 'block' | 'unblock'; videoId: number };

export type BulkCommand = { act: BulkAction; videoIds: number[]; status: SettableStatus | null };

type Codes = { field: string; code: string }[];
type Parsed<T> = { ok: true; command: T } | { ok: false; codes: Codes };
type Raw = Record<string, unknown>;

/** A single text value: a string or number; '' for a one-item list of it; undefined when not sent. */
function single(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length === 1) return single(value[0]);
  return null;
}

/** A list: an array of strings/numbers, or one comma-separated string; undefined when not sent. */
function list(...values: unknown[]): string[] | undefined | null {
  const sent = values.filter((v) => v !== undefined);
  if (sent.length === 0) return undefined;
  const out: string[] = [];
  for (const value of sent) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (typeof item === 'number') out.push(String(item));
      else if (typeof item === 'string') out.push(...item.split(','));
      else return null;
    }
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

function ids(raw: string[] | undefined | null, field: string, codes: Codes): number[] | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw.some((s) => !ID.test(s))) {
    codes.push({ field, code: 'invalid' });
    return undefined;
  }
  return [...new Set(raw.map(Number))];
}

function videoIdOf(input: Raw, codes: Codes): number {
  const id = single(input.video_id)?.trim();
  if (!id) codes.push({ field: 'video_id', code: 'required' });
  else if (!ID.test(id)) codes.push({ field: 'video_id', code: 'invalid' });
  return id && ID.test(id) ? Number(id) : 0;
}

function statusOf(value: unknown, codes: Codes, required: boolean): SettableStatus | undefined {
  const raw = single(value)?.trim();
  if (raw === undefined || raw === '') {
    if (required) codes.push({ field: 'status', code: 'required' });
    return undefined;
  }
  const n = Number(raw);
  if (!(SETTABLE_STATUSES as readonly number[]).includes(n) || !/^\d$/.test(raw)) {
    codes.push({ field: 'status', code: 'invalid' });
    return undefined;
  }
  return n as SettableStatus;
}

/** Tag names → their titles (normalised as members' suggestions are) and dirs, one per dir. */
export function parseTags(raw: string[]): TagInput[] | null {
  const byDir = new Map<string, TagInput>();
  for (const name of raw) {
    const title = normaliseTag(name);
    const dir = tagDirOf(title);
    if (title.length < TAG_MIN_LENGTH || title.length > TAG_MAX_LENGTH || dir === '') return null;
    if (!byDir.has(dir)) byDir.set(dir, { dir, title });
  }
  return [...byDir.values()];
}

export function parseAdminVideoInput(input: Raw): Parsed<AdminVideoCommand> {
  const codes: Codes = [];
  const act = single(input.act)?.trim();
  if (!act) return { ok: false, codes: [{ field: 'act', code: 'required' }] };
  if (!(VIDEO_ACTIONS as readonly string[]).includes(act))
    return { ok: false, codes: [{ field: 'act', code: 'invalid' }] };
  const videoId = videoIdOf(input, codes);

  if (act === 'delete' || act === 'block' || act === 'unblock')
    return codes.length ? { ok: false, codes } : { ok: true, command: { act, videoId } };

  if (act === 'poster') {
    const still = single(input.still)?.trim();
    if (!still) codes.push({ field: 'still', code: 'required' });
    else if (!STILL_PATTERN.test(still)) codes.push({ field: 'still', code: 'invalid' });
    return codes.length
      ? { ok: false, codes }
      : { ok: true, command: { act, videoId, still: still as string } };
  }

  if (act === 'status') {
    const status = statusOf(input.status, codes, true);
    const reasonRaw = single(input.reason);
    let reason: string | null = null;
    if (reasonRaw === null) codes.push({ field: 'reason', code: 'invalid' });
    else if (reasonRaw !== undefined) {
      reason = plainText(reasonRaw) || null;
      if (reason && reason.length > STATUS_REASON_MAX) codes.push({ field: 'reason', code: 'max_length' });
    }
    return codes.length || status === undefined
      ? { ok: false, codes }
      : { ok: true, command: { act, videoId, status, reason } };
  }

  // edit
  const changes: VideoChanges = {};
  const title = single(input.title);
  if (title === null) codes.push({ field: 'title', code: 'invalid' });
  else if (title !== undefined) {
    const clean = plainText(title);
    if (clean === '') codes.push({ field: 'title', code: 'required' });
    else if (clean.length < TITLE_MIN || clean.length > TITLE_MAX)
      codes.push({ field: 'title', code: 'title_length' });
    else changes.title = clean;
  }
  const description = single(input.description);
  if (description === null) codes.push({ field: 'description', code: 'invalid' });
  else if (description !== undefined) {
    const clean = description
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => plainText(line))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (clean.length > DESCRIPTION_MAX) codes.push({ field: 'description', code: 'max_length' });
    else changes.description = clean;
  }
  const categories = ids(list(input.categories), 'categories', codes);
  if (categories !== undefined) {
    if (categories.length < CATEGORIES_MIN) codes.push({ field: 'categories', code: 'required' });
    else if (categories.length > CATEGORIES_MAX)
      codes.push({ field: 'categories', code: 'categories_count' });
    else changes.categories = categories;
  }
  const models = ids(list(input.models), 'models', codes);
  if (models !== undefined) {
    if (models.length > MODELS_MAX) codes.push({ field: 'models', code: 'models_count' });
    else changes.models = models;
  }
  const channel = single(input.channel);
  if (channel === null) codes.push({ field: 'channel', code: 'invalid' });
  else if (channel !== undefined) {
    const c = channel.trim();
    if (c === '' || c === '0') changes.channel = null;
    else if (ID.test(c)) changes.channel = Number(c);
    else codes.push({ field: 'channel', code: 'invalid' });
  }
  const tagNames = list(input.tags);
  if (tagNames === null) codes.push({ field: 'tags', code: 'invalid' });
  else if (tagNames !== undefined) {
    const tags = parseTags(tagNames);
    if (tags === null) codes.push({ field: 'tags', code: 'invalid_tag' });
    else if (tags.length > TAGS_MAX) codes.push({ field: 'tags', code: 'tags_count' });
    else changes.tags = tags;
  }
  const priv = input.private === true ? '1' : input.private === false ? '0' : single(input.private)?.trim();
  if (priv === null) codes.push({ field: 'private', code: 'invalid' });
  else if (priv !== undefined) {
    if (priv === '1' || priv === '0') changes.isPrivate = priv === '1';
    else codes.push({ field: 'private', code: 'invalid' });
  }
  const status = statusOf(input.status, codes, false);
  if (status !== undefined) changes.status = status;
  return codes.length ? { ok: false, codes } : { ok: true, command: { act: 'edit', videoId, changes } };
}

export function parseBulkInput(input: Raw): Parsed<BulkCommand> {
  const codes: Codes = [];
  const act = single(input.act)?.trim();
  if (!act) return { ok: false, codes: [{ field: 'act', code: 'required' }] };
  if (!(BULK_ACTIONS as readonly string[]).includes(act))
    return { ok: false, codes: [{ field: 'act', code: 'invalid' }] };
  const raw = list(input.video_ids);
  let videoIds: number[] = [];
  if (raw === undefined || (raw && raw.length === 0)) codes.push({ field: 'video_ids', code: 'required' });
  else {
    const parsed = ids(raw, 'video_ids', codes);
    if (parsed && parsed.length > VIDEOS_BULK_MAX) codes.push({ field: 'video_ids', code: 'too_many' });
    else if (parsed) videoIds = parsed;
  }
  const status = act === 'status' ? statusOf(input.status, codes, true) : undefined;
  return codes.length
    ? { ok: false, codes }
    : { ok: true, command: { act: act as BulkAction, videoIds, status: status ?? null } };
}
