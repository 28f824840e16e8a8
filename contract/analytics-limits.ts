// The analytics call's names and limits (shell.md §7, §9; issue 17), without zod: the browser's
// analytics helpers (app/lib/analytics.ts) load on every page and must stay tiny, so they import these
// constants from here and never the schemas of contract/analytics.ts.

/** POST: a batch of page views and goal events. */
export const STATS_PATH = '/api/stats.php';
/** shell.md §9: "Analytics retry interval 1000 ms" (the helpers wait for the analytics object). */
export const ANALYTICS_RETRY_MS = 1000;
/** The browser sends what it has gathered at most this often, and at once when the page is hidden. */
export const STATS_SEND_MS = 3000;
/** Events per call at most. */
export const STATS_MAX_EVENTS = 50;
/** A call's body at most (50 events of 64-character names fit in well under half of it). */
export const STATS_BODY_LIMIT = 16 * 1024;
/** Route names (React Router route ids, e.g. `routes/video`) and goal names. */
export const STATS_NAME_PATTERN = /^[a-z0-9_/.-]{1,64}$/;
/** The `campaign` query parameter as it is counted: case kept, other characters made `_` by the browser. */
export const STATS_CAMPAIGN_PATTERN = /^[A-Za-z0-9_.~+-]{1,64}$/;
/** Calls per address (IPv6: per /64) per minute; more are refused with 429 `too_many_requests`. */
export const STATS_CALLS_PER_MINUTE = 60;

// The goal events the site sends itself (single constants, so that the browser's bundle keeps only
// those it uses); a promo banner may name its own (ad zone `promo.goal`).
/** A click on a tab link of a listing, member or object page. */
export const GOAL_TABLINK = 'tablink_click';
/** The player: first playback, each resume, each pause (not at the end), the end. */
export const GOAL_PLAYER_START = 'player_start';
export const GOAL_PLAYER_PLAY = 'player_play';
export const GOAL_PLAYER_PAUSE = 'player_pause';
export const GOAL_PLAYER_COMPLETE = 'player_complete';
/** The player passing a quarter of the video: player_25, player_50, player_75. */
export const GOAL_PLAYER_QUARTER = 'player_';
/** A click on the promo banner without a goal of its own. */
export const GOAL_PROMO = 'promo_click';
/**
 * The house pre-roll's VAST <Impression> (server/modules/ads/house-preroll.ts): counted when a player
 * shows the ad, through the GET pixel form of the call (contract/analytics.ts STATS_PIXEL_GOALS).
 */
export const GOAL_HOUSE_PREROLL_IMPRESSION = 'house_preroll_impression';
