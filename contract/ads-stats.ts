// Ad accounting (issue 32): the pages' batches of ad events (POST AD_EVENTS_PATH, public) and the
// administrators' per-zone report (JSON for the console, CSV for a spreadsheet). The browser's side
// imports the zod-free constants of ads-viewer.ts only.
import { z } from 'zod';
import {
  AD_CREATIVE_PATTERN,
  AD_EVENTS,
  AD_EVENTS_BODY_LIMIT,
  AD_EVENTS_CALLS_PER_MINUTE,
  AD_EVENTS_MAX,
  AD_EVENTS_PATH,
  AD_ZONE_KEYS,
} from './ads-viewer.ts';

export const adEventSchema = z.object({
  zone: z.enum(AD_ZONE_KEYS, { error: 'invalid_zone' }).describe('The ad zone.'),
  creative: z
    .string({ error: 'invalid_creative' })
    .regex(AD_CREATIVE_PATTERN, 'invalid_creative')
    .describe(
      'The creative: `house-300x250`, `img-…`/`frame-…`/`promo-…` (a hash of its address), a VAST creative id, `partner` or `fallback`.',
    ),
  event: z.enum(AD_EVENTS, { error: 'invalid_event' }).describe(`One of ${AD_EVENTS.join(', ')}.`),
});
export type AdEventInput = z.infer<typeof adEventSchema>;

/** JSON, as `application/json` or as navigator.sendBeacon's string body (`text/plain`). */
export const adEventsBatchSchema = z.object({
  events: z
    .array(adEventSchema, { error: 'required' })
    .min(1, 'required')
    .max(AD_EVENTS_MAX, 'too_many_events')
    .describe(`1 to ${AD_EVENTS_MAX} events.`),
});

export const adEventsResponseSchema = z.object({ ok: z.literal(true), accepted: z.number().int() });

export const AD_EVENTS_DESCRIPTION = [
  `A batch of ad events {zone, creative, event}, at most ${AD_EVENTS_MAX}, counted per UTC day, zone, creative`,
  'and event; staged and written every 5 s. Sent by the pages for guests (members see no ads): an impression when',
  'a banner is at least half in view (once per page view) or a pre-roll starts, a click, the pre-roll’s quartiles',
  `and a skip. Bad input: 400 (\`invalid_zone\`, \`invalid_event\`, \`invalid_creative\`, \`required\`,`,
  `\`too_many_events\`, \`invalid_json\`); a body over ${AD_EVENTS_BODY_LIMIT / 1024} KiB: 413; more than`,
  `${AD_EVENTS_CALLS_PER_MINUTE} calls a minute from one address: 429; a foreign Origin: 403. Path: ${AD_EVENTS_PATH}.`,
].join(' ');

// ---- The report (administrators) ----

export const ADMIN_AD_STATS_PATH = '/api/admin/ads/stats.php';
export const ADMIN_AD_STATS_CSV_PATH = '/api/admin/ads/stats.csv';
/** The ranges the console offers; the call takes 1 to AD_STATS_DAYS.max. */
export const AD_STATS_RANGES = [7, 30] as const;
export const AD_STATS_DAYS = { min: 1, max: 365, default: 7 } as const;

/** `days` as the console's link carries it; null when it is not a whole number in range. */
export function parseAdStatsDays(raw: unknown): number | null {
  if (raw === undefined || raw === '') return AD_STATS_DAYS.default;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,2}$/.test(raw)) return null;
  const days = Number(raw);
  return days <= AD_STATS_DAYS.max ? days : null;
}

export const adStatsQuery = z.object({
  days: z
    .string({ error: 'invalid_days' })
    .optional()
    .transform((raw, ctx) => {
      const days = parseAdStatsDays(raw);
      if (days === null) {
        ctx.addIssue({ code: 'custom', message: 'invalid_days' });
        return z.NEVER;
      }
      return days;
    })
    .describe(
      `Days up to today (UTC), ${AD_STATS_DAYS.min} to ${AD_STATS_DAYS.max}; default ${AD_STATS_DAYS.default}.`,
    ),
});

const count = z.number().int().nonnegative();
/** Every event's count (0 when none). */
export const adTotalsSchema = z.object({
  impression: count,
  click: count,
  start: count,
  firstQuartile: count,
  midpoint: count,
  thirdQuartile: count,
  complete: count,
  skip: count,
} satisfies Record<(typeof AD_EVENTS)[number], typeof count>);
export type AdTotals = z.infer<typeof adTotalsSchema>;

export const adZoneStatsSchema = z.object({
  zone: z.enum(AD_ZONE_KEYS),
  totals: adTotalsSchema,
  /** clicks / impressions; null without impressions. */
  ctr: z.number().nullable().describe('Clicks per impression (0–1); null without impressions.'),
  /** complete / start; null without starts (banners have none). */
  completion: z.number().nullable().describe('Completes per start (0–1); null without starts.'),
  series: z
    .array(z.object({ day: z.string(), impression: count, click: count }))
    .describe('One point per day of the range, oldest first (0 on days without events).'),
  creatives: z.array(z.object({ creative: z.string(), totals: adTotalsSchema, ctr: z.number().nullable() })),
});
export type AdZoneStats = z.infer<typeof adZoneStatsSchema>;

export const adStatsReportSchema = z.object({
  days: z.number().int(),
  from: z.string().describe('The first day (YYYY-MM-DD, UTC).'),
  to: z.string().describe('The last day, today (UTC).'),
  zones: z.array(adZoneStatsSchema).describe('Every zone, in the zones’ order, with or without events.'),
});
export type AdStatsReport = z.infer<typeof adStatsReportSchema>;
