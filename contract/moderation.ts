// The moderation queue (issue 4): GET/POST /api/admin/moderation.php, the /admin/moderation/ page and
// the outcome an uploader sees on /members/{id}/uploaded_videos/. Shared by the server, the pages and
// the tests.

/** videos.status: 1 active, 2 processing, 3 waiting for moderation, 4 rejected, 5 unavailable. */
export const STATUS = { active: 1, processing: 2, waiting: 3, rejected: 4, unavailable: 5 } as const;

import type { FieldError } from './errors.ts';

export type { FieldError } from './errors.ts';

/** The content the spec forbids (content.md §5), offered as the standard reasons, plus `other`. */
export const REJECT_REASONS = [
  'minors',
  'animals',
  'rape',
  'incest',
  'violence',
  'blood',
  'vomit',
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const MODERATION_ACTIONS = ['approve', 'reject'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The free text that goes with `other`. */
export const REASON_TEXT_MAX = 500;
/** Videos per page of the queue. */
export const QUEUE_PAGE_SIZE = 20;
/** Pages of the uploaded-videos list. */
export const UPLOADS_PAGE_SIZE = 24;

/** The spec's message for a page or call the viewer may not use (content.md §9). */
export const FORBIDDEN_MESSAGE = 'You do not have permission to view.';
export const LOGIN_MESSAGE = 'Please log in to complete this action';

export function isModerator(user: { role: string } | null | undefined): boolean {
  return user?.role === 'moderator' || user?.role === 'administrator';
}

/** POST fields, form-encoded: every field a string or missing. */
export interface ModerationInput {
  act?: unknown;
  video_id?: unknown;
  reason?: unknown;
  reason_text?: unknown;
}

export type ModerationCommand =
  | { act: 'approve'; videoId: number }
  | { act: 'reject'; videoId: number; reason: RejectReason; text: string | null };

/** Checks the POST fields; the same codes in the same order in the browser and on the server. */
export function parseModerationInput(
  input: ModerationInput,
): { ok: true; command: ModerationCommand } | { ok: false; codes: FieldError[] } {
  const codes: FieldError[] = [];
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined ? '' : null);
  const act = str(input.act);
  const id = str(input.video_id);
  const reason = str(input.reason);
  const text = str(input.reason_text);

  if (act === '') codes.push({ field: 'act', code: 'required' });
  else if (act === null || !(MODERATION_ACTIONS as readonly string[]).includes(act))
    codes.push({ field: 'act', code: 'invalid' });
  if (id === '') codes.push({ field: 'video_id', code: 'required' });
  else if (id === null || !/^[1-9]\d{0,14}$/.test(id)) codes.push({ field: 'video_id', code: 'invalid' });

  if (act === 'reject') {
    if (reason === '') codes.push({ field: 'reason', code: 'required' });
    else if (reason === null || !(REJECT_REASONS as readonly string[]).includes(reason))
      codes.push({ field: 'reason', code: 'invalid' });
    if (text === null) codes.push({ field: 'reason_text', code: 'invalid' });
    else if (reason === 'other' && text === '') codes.push({ field: 'reason_text', code: 'required' });
    else if (text.length > REASON_TEXT_MAX) codes.push({ field: 'reason_text', code: 'max_length' });
  }
  if (codes.length > 0) return { ok: false, codes };

  const videoId = Number(id);
  if (act === 'approve') return { ok: true, command: { act, videoId } };
  return {
    ok: true,
    command: { act: 'reject', videoId, reason: reason as RejectReason, text: text ? text : null },
  };
}

/** What ffprobe found (H1's videos.probe), as far as the queue shows it; every field may be missing. */
export interface ProbeFacts {
  container: string | null;
  video_codec: string | null;
  audio_codec: string | null;
  fps: number | null;
  bitrate: number | null;
}

export interface ModerationFile {
  format: string;
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
  size: number;
}

/** One video waiting for a decision. */
export interface ModerationItem {
  video_id: number;
  dir: string;
  title: string;
  description: string;
  /** Seconds. */
  duration: number;
  width: number | null;
  height: number | null;
  /** Bytes of the uploaded source (or of the largest rendition when the source is gone). */
  size: number;
  /** ISO 8601. */
  created_at: string;
  uploader: { user_id: number; username: string } | null;
  probe: ProbeFacts;
  poster: string | null;
  thumbs: string[];
  preview: string | null;
  /** MP4 renditions, highest first: the first is the one the player plays. */
  sources: ModerationFile[];
}

export interface ModerationQueue {
  videos: ModerationItem[];
  total_count: number;
  page: number;
  per_page: number;
}

export interface ModerationResult {
  status: 'success';
  video_id: number;
  status_id: number;
}

/** One of a member's uploads, as their uploaded-videos page shows it. */
export interface UploadItem {
  video_id: number;
  dir: string;
  title: string;
  status_id: number;
  /** Human text of a rejection: a REJECT_REASONS code (translated by the page) or free text. */
  reject_reason: string | null;
  /** 0..100 while processing, when the pipeline reports it. */
  progress: number | null;
  duration: number;
  poster: string | null;
  created_at: string;
}

export interface UploadsPage {
  videos: UploadItem[];
  total_count: number;
  page: number;
  /** True when the viewer is the member: every status shows; otherwise only active public videos. */
  own: boolean;
}
