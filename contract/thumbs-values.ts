// Thumbnail trials (issue 32 part 1; server/modules/thumbs): the beacon's path and limits, without zod,
// for the browser's side (app/lib/thumb-trial.ts runs on every listing: it must stay tiny). A still is
// a number: 0 the poster, n the pipeline's thumbnail n.

/** POST: a batch of card impressions and clicks per still (JSON, or sendBeacon's text/plain string). */
export const THUMBS_PATH = '/api/thumbs.php';
/** The console's call: GET one video's trial, POST pin / unpin / restart. */
export const ADMIN_THUMBS_PATH = '/api/admin/thumbs.php';
/** Events per call at most. */
export const THUMBS_MAX_EVENTS = 100;
/** A call's body at most (100 events of ~50 bytes fit in well under it). */
export const THUMBS_BODY_LIMIT = 8 * 1024;
/** Calls per address (IPv6: per /64) per minute; more are refused with 429 `too_many_requests`. */
export const THUMBS_CALLS_PER_MINUTE = 30;
/** The browser sends what it gathered at most this often, and at once on a click or when hidden. */
export const THUMBS_SEND_MS = 3000;
/** Still numbers run from 0 (the poster) to this. */
export const STILL_MAX = 15;
/** The share of a card that must be in the viewport for an impression. */
export const IMPRESSION_THRESHOLD = 0.5;

/** Which of a trial's `count` live stills `visitor` is shown of `videoId` (the browser; the simulation). */
export function pickIndex(visitor: string, videoId: number, count: number): number {
  let h = 2166136261;
  for (const ch of `${visitor}:${videoId}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) % count;
}

export const TRIAL_STATES = ['none', 'trial', 'settled', 'pinned'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];
export const TRIAL_ACTS = ['pin', 'unpin', 'restart'] as const;
export type TrialAct = (typeof TRIAL_ACTS)[number];

/** The console's view of one video's trial (contract/thumbs.ts adminThumbsSchema, which checks it). */
export interface AdminThumbs {
  video_id: number;
  state: TrialState;
  chosen: number | null;
  started_at: string | null;
  decided_at: string | null;
  stills: {
    still: number;
    url: string;
    impressions: number;
    clicks: number;
    rate: number;
    p_best: number | null;
    live: boolean;
  }[];
}
