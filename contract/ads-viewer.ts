// What a page needs of the ad zones without zod (issue 17: the first-load budget): the shapes a viewer
// gets, the empty set for members, the pre-roll's fixed timing and the admin call's path. The zone
// schemas and the administration shapes are in ads.ts, which re-exports this module.

export const AD_ZONE_KEYS = [
  'preroll',
  'pause',
  'footer',
  'carousel',
  'aside',
  'promo',
  'partner',
  'live',
] as const;
export type AdZoneKey = (typeof AD_ZONE_KEYS)[number];

// ---- Ad accounting (issue 32): what the pages count per zone and creative, and the frequency caps ----

/**
 * What a page counts: `impression` (a banner at least half in view, once per page view; a pre-roll
 * starting), `click`, the VAST quartile events of a pre-roll, and `skip`.
 */
export const AD_EVENTS = [
  'impression',
  'click',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'skip',
] as const;
export type AdEvent = (typeof AD_EVENTS)[number];
/** A creative's id as counted: a-z A-Z 0-9 _ . -, at most 64 (the browser makes anything else fit). */
export const AD_CREATIVE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
/** A pre-roll whose VAST ad names no id, or a partner frame / live feed: counted under this. */
export const AD_CREATIVE_PARTNER = 'partner';
/** The pre-roll's fallback media (the operator's own file, no VAST). */
export const AD_CREATIVE_FALLBACK = 'fallback';
/** POST: the browser's batches of ad events. */
export const AD_EVENTS_PATH = '/api/ads/events.php';
/** Events per call at most; the browser sends at most every AD_EVENTS_SEND_MS, and when the page hides. */
export const AD_EVENTS_MAX = 50;
export const AD_EVENTS_SEND_MS = 4000;
/** The body of a call at most (50 events of 64-character creatives fit in well under it). */
export const AD_EVENTS_BODY_LIMIT = 8 * 1024;
/** Calls per address (IPv6: per /64) per minute; more are refused with 429. */
export const AD_EVENTS_CALLS_PER_MINUTE = 60;
/** The largest frequency cap an administrator can set (showings per visitor per zone per day). */
export const AD_FREQUENCY_CAP_MAX = 1000;

/** A creative id out of any text: the characters the count takes, at most 64; '' stays ''. */
export const adCreativeName = (text: string) => text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);

/** FNV-1a, 32 bits, as 8 hex digits: a short stable id of an operator's creative (its address). */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The id a banner creative is counted under: the house ad by its size (`house-300x250`), an image or an
 * iframe by a hash of its address (`img-1a2b3c4d`, `frame-…`; the promo banner `promo-…`): stable while the creative is the same,
 * whatever its slot; the console names it by the zone's current creatives.
 */
export function adCreativeId(creative: BannerCreative | { kind: 'promo'; src: string }): string {
  if (creative.kind === 'house') return `house-${creative.width}x${creative.height}`;
  if (creative.kind === 'iframe') return `frame-${shortHash(creative.src)}`;
  if (creative.kind === 'promo') return `promo-${shortHash(creative.src)}`;
  return `img-${shortHash(creative.src)}`;
}

/**
 * A banner creative: an image with a link, an HTML snippet shown in a sandboxed iframe, or the site's
 * own house ad (issue 34), drawn by the page as text in the page's language and linking to /advertising/.
 */
export type BannerCreative =
  | { kind: 'image'; src: string; href: string; alt: string; width: number; height: number }
  | { kind: 'iframe'; src: string; width: number; height: number }
  | { kind: 'house'; width: number; height: number };

/** The house ad's link: the advertising page (content.md §2). */
export const HOUSE_AD_HREF = '/advertising/';

/**
 * content.md §2 and §7: the partner suggestion frame on the video page, "loaded with page url, keywords,
 * fixed codes and optional clip id". The operator's src carries the fixed codes; the page adds `url`,
 * `keywords` (the video's category titles) and, when clipId is on, `clip_id`.
 */
export interface PartnerFrame {
  src: string;
  height: number;
  clipId: boolean;
}

/** The under-player live-ads call of a page (content.md §4 and §7): whether to show, and the feed. */
export const LIVE_ADS_PATH = '/api/ads/live.php';
/** content.md §7: "count 11 or 10 depending on width over 1200". */
export const liveAdsCount = (width: number) => (width > 1200 ? 11 : 10);
/** content.md §3: "Under-player live-ad model: chatRoomUrl, profilePictureUrl.size320x240." */
export interface LiveAdModel {
  chatRoomUrl: string;
  profilePictureUrl: { size320x240: string };
}

/** The VAST pre-roll (spec/content.md §4). */
export interface PrerollConfig {
  /** VAST tag URLs: the primary first, then the backups tried in order on an ad error. */
  tags: string[];
  /** Played when every tag fails; null: no ad then. */
  fallback: { mediaUrl: string; clickUrl: string | null } | null;
  skipOffsetSeconds: number; // 5
  timeoutDesktopMs: number; // 5000
  timeoutMobileMs: number; // 10000
  maxRedirects: number; // 8
  /** content.md §7: "an ad-tracker GET is sent on a pre-roll loading event"; null: none. */
  trackerUrl?: string | null;
}

export interface PromoBanner {
  kind: 'iframe' | 'image';
  src: string;
  /** shell.md "creo.mobile": used at 767 px or less; absent: src everywhere. */
  mobileSrc?: string | null;
  href: string | null;
  height: number;
  /** shell.md "optional metrika goal": the goal event a click sends (else promo_click); issue 17. */
  goal?: string | null;
}

/** Everything a page needs to show ads to this viewer; `null` zones are simply not shown. */
export interface AdsForViewer {
  preroll: PrerollConfig | null;
  /** The in-video ad shown on pause. */
  pause: BannerCreative | null;
  /** Footer: 4 slots of 300x250 (2 at 767 px or less). */
  footer: BannerCreative[];
  /** Video page carousel: 5 slots of 300x250 scaling down. */
  carousel: BannerCreative[];
  /** Right-hand column of the video page (not on phones). */
  aside: BannerCreative[];
  /** Above the player. */
  promo: PromoBanner | null;
  /** The partner suggestion frame of the video page; null: none. */
  partner: PartnerFrame | null;
  /**
   * The under-player live ads are set (a feed and countries): the page then asks LIVE_ADS_PATH, which
   * answers by the visitor's country and the zone's probability. false: the page asks nothing.
   */
  live: boolean;
  /**
   * Issue 32: the enabled zones' frequency caps above 0 (showings per visitor per UTC day), enforced by
   * the browser (components/ads/ad-events.ts); a zone not here has none.
   */
  caps: Partial<Record<AdZoneKey, number>>;
}

export const NO_ADS: AdsForViewer = {
  preroll: null,
  pause: null,
  footer: [],
  carousel: [],
  aside: [],
  promo: null,
  partner: null,
  live: false,
  caps: {},
};

export const PREROLL_TIMING = {
  skipOffsetSeconds: 5,
  timeoutDesktopMs: 5000,
  timeoutMobileMs: 10_000,
  maxRedirects: 8,
  /** "pre-roll setup tries up to 50 times at 100 ms". */
  setupTries: 50,
  setupIntervalMs: 100,
} as const;

export const ADMIN_ADS_PATH = '/api/admin/ads.php';
