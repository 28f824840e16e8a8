// Ad zones (issue 6): configured by an administrator (no code change to switch a network) and read
// by the pages. Members see no ads: for a signed-in viewer every zone is null or empty.
import { z } from 'zod';
// AD_ZONE_KEYS and AdZoneKey are in ads-viewer.ts (the pages count impressions per zone, issue 32).
import { AD_FREQUENCY_CAP_MAX, AD_ZONE_KEYS, type AdZoneKey } from './ads-viewer.ts';
import { STATS_NAME_PATTERN } from './analytics-limits.ts';

// The viewer's side (types, NO_ADS, PREROLL_TIMING, ADMIN_ADS_PATH) is zod-free in ads-viewer.ts, so
// the pages' first load does not carry the zone schemas below; re-exported here for the server.
export * from './ads-viewer.ts';

// ---- Administration (issue 6): one row per zone in ad_zones, edited at /admin/ads/ ----

/** content.md §4: the live ads' default countries and probability (percent). */
export const LIVE_ADS_COUNTRIES = ['de', 'fr', 'nl', 'us'] as const;
export const LIVE_ADS_PROBABILITY = 90;

export const MAX_VAST_TAGS = 5;
export const URL_MAX = 2000;

/** Slots per banner zone and the largest creative each takes (spec content.md §9, shell.md). */
export const BANNER_ZONES = {
  pause: { slots: 1, maxWidth: 640, maxHeight: 480 },
  footer: { slots: 4, maxWidth: 300, maxHeight: 250 },
  carousel: { slots: 5, maxWidth: 300, maxHeight: 250 },
  aside: { slots: 2, maxWidth: 300, maxHeight: 250 },
} as const;
export type BannerZoneKey = keyof typeof BANNER_ZONES;

/** http(s) URLs, or a path on this site ("/ads/house/300x250.svg"); never javascript:, data: or "//". */
export function isAdUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const adUrl = z.string().trim().min(1).max(URL_MAX).refine(isAdUrl, { message: 'url' });
const size = (max: number) => z.number().int().min(1).max(max);

function creativeSchema(maxWidth: number, maxHeight: number) {
  return z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('image'),
      src: adUrl,
      href: adUrl,
      alt: z.string().trim().max(200).default(''),
      width: size(maxWidth),
      height: size(maxHeight),
    }),
    z.object({ kind: z.literal('iframe'), src: adUrl, width: size(maxWidth), height: size(maxHeight) }),
    // The site's own ad, drawn in the page's language (issue 34); a page shows at most one.
    z.object({ kind: z.literal('house'), width: size(maxWidth), height: size(maxHeight) }),
  ]);
}

/**
 * Issue 32: a zone's showings per visitor per UTC day (0: no cap). Counted and enforced in the visitor's
 * browser (cached pages are the same for every guest): see docs/decisions.md.
 */
const frequencyCap = z.number().int().min(0).max(AD_FREQUENCY_CAP_MAX).default(0);

const bannerZoneSchema = (key: BannerZoneKey) =>
  z.object({
    frequencyCap,
    creatives: z
      .array(creativeSchema(BANNER_ZONES[key].maxWidth, BANNER_ZONES[key].maxHeight))
      .max(BANNER_ZONES[key].slots),
  });

/** What the operator sets per zone (the rest of PrerollConfig is PREROLL_TIMING). */
export const adZoneConfigSchemas = {
  preroll: z.object({
    frequencyCap,
    tags: z.array(adUrl).max(MAX_VAST_TAGS),
    fallback: z
      .object({ mediaUrl: adUrl, clickUrl: adUrl.nullable().default(null) })
      .nullable()
      .default(null),
    /** content.md §7: a GET sent when the pre-roll starts loading; null: none. */
    trackerUrl: adUrl.nullable().default(null),
  }),
  pause: bannerZoneSchema('pause'),
  footer: bannerZoneSchema('footer'),
  carousel: bannerZoneSchema('carousel'),
  aside: bannerZoneSchema('aside'),
  promo: z.object({
    frequencyCap,
    banner: z
      .object({
        kind: z.enum(['iframe', 'image']),
        src: adUrl,
        /** shell.md "creo.mobile": the phone creative; null: src everywhere. */
        mobileSrc: adUrl.nullable().default(null),
        href: adUrl.nullable().default(null),
        height: z.number().int().min(30).max(400),
        /** The analytics goal a click sends (a-z 0-9 _ / . -, at most 64); null: promo_click. */
        goal: z.string().trim().regex(STATS_NAME_PATTERN).nullable().default(null),
      })
      .nullable(),
  }),
  /** content.md §2/§7: the partner suggestion frame (src with the fixed codes); null src: none. */
  partner: z.object({
    frequencyCap,
    src: adUrl.nullable().default(null),
    height: z.number().int().min(30).max(1200).default(250),
    /** Adds the video's id as `clip_id` ("optional clip id"). */
    clipId: z.boolean().default(false),
  }),
  /**
   * content.md §4/§7: under-player live ads, "shown with 90% probability when country is de, fr, nl
   * or us"; the feed answers `data.models` and is asked with `count` 11 or 10.
   */
  live: z.object({
    frequencyCap,
    feedUrl: adUrl.nullable().default(null),
    countries: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z]{2}$/),
      )
      .max(250)
      .default([...LIVE_ADS_COUNTRIES]),
    probability: z.number().int().min(0).max(100).default(LIVE_ADS_PROBABILITY),
  }),
} as const;

export type AdZoneConfigs = { [K in AdZoneKey]: z.infer<(typeof adZoneConfigSchemas)[K]> };

const zoneSchema = <K extends AdZoneKey>(key: K) =>
  z.object({
    key: z.literal(key),
    enabled: z.boolean(),
    config: adZoneConfigSchemas[key],
    updated_at: z.string().describe('ISO 8601.'),
    updated_by: z.number().int().nullable().describe('The administrator who saved it last.'),
  });

/** One zone as the admin API returns it. */
export const adZoneSchema = z.discriminatedUnion('key', [
  zoneSchema('preroll'),
  zoneSchema('pause'),
  zoneSchema('footer'),
  zoneSchema('carousel'),
  zoneSchema('aside'),
  zoneSchema('promo'),
  zoneSchema('partner'),
  zoneSchema('live'),
]);
export type AdZone = z.infer<typeof adZoneSchema>;

/**
 * POST /api/admin/ads.php (JSON): one zone at a time. The config is checked against its zone's schema
 * by the ads service, whose codes name the path (`config.tags.0`: `invalid_url`, `too_many`,
 * `out_of_range`, `invalid`).
 */
export const adZoneUpdateInput = z.object({
  key: z.enum(AD_ZONE_KEYS).describe('The zone.'),
  enabled: z.boolean().describe('false: the zone shows nothing.'),
  config: z
    .unknown()
    .describe(
      "The zone's settings, shaped as the `config` of that zone in the GET answer (preroll: tags, fallback, trackerUrl; pause, footer, carousel, aside: creatives; promo: banner; partner: src, height, clipId; live: feedUrl, countries, probability; every zone: frequencyCap, showings per visitor per day, 0 for none).",
    ),
});
export type AdZoneUpdateInput = z.infer<typeof adZoneUpdateInput>;

export const adZoneListSchema = z.object({ zones: z.array(adZoneSchema) });

/** GET LIVE_ADS_PATH: the feed this visitor's page asks (with `count`), or null: no live ads now. */
export const liveAdsAnswerSchema = z.object({
  feed: z
    .string()
    .nullable()
    .describe('The operator’s feed URL, or null (zone off, other country, or the draw).'),
});
export const adZoneSavedSchema = z.object({ status: z.literal('success'), zone: adZoneSchema });
