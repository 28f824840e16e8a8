// First-party analytics (shell.md §7, §9; content.md §2, §7; issue 17): POST /api/stats.php takes a
// batch of page views (the route name and the `campaign` query parameter, sent after every navigation)
// and goal events (tablink_click, the player's goals, promo goals). Public: no login. Counted per UTC
// day in stats_daily, staged and flushed in batches (server/modules/analytics). The browser's side
// imports the zod-free constants of analytics-limits.ts only.
import { z } from 'zod';
import {
  GOAL_HOUSE_PREROLL_IMPRESSION,
  STATS_CAMPAIGN_PATTERN,
  STATS_MAX_EVENTS,
  STATS_NAME_PATTERN,
  STATS_PATH,
} from './analytics-limits.ts';

export {
  ANALYTICS_RETRY_MS,
  STATS_BODY_LIMIT,
  STATS_CALLS_PER_MINUTE,
  STATS_MAX_EVENTS,
  STATS_PATH,
} from './analytics-limits.ts';

const name = (what: string) =>
  z.string({ error: 'invalid_name' }).regex(STATS_NAME_PATTERN, 'invalid_name').describe(what);

export const statsHitSchema = z.object({
  type: z.literal('hit'),
  route: name('The route name: the React Router route id of the deepest match, e.g. `routes/video`.'),
  campaign: z
    .string({ error: 'invalid_campaign' })
    .regex(STATS_CAMPAIGN_PATTERN, 'invalid_campaign')
    .optional()
    .describe('The `campaign` query parameter of the page, when it had one.'),
});

export const statsGoalSchema = z.object({
  type: z.literal('goal'),
  name: name(
    "The goal: `tablink_click`, `player_start`, `player_play`, `player_pause`, `player_25`, `player_50`, `player_75`, `player_complete`, `promo_click` or a promo banner's own.",
  ),
});

export const statsEventSchema = z.discriminatedUnion('type', [statsHitSchema, statsGoalSchema], {
  error: 'invalid_type',
});
export type StatsEvent = z.infer<typeof statsEventSchema>;

/** JSON, sent as `application/json` or (navigator.sendBeacon's string body) `text/plain`. */
export const statsBatchSchema = z.object({
  events: z
    .array(statsEventSchema, { error: 'required' })
    .min(1, 'required')
    .max(STATS_MAX_EVENTS, 'too_many_events')
    .describe(`1 to ${STATS_MAX_EVENTS} events.`),
});
export type StatsBatch = z.infer<typeof statsBatchSchema>;

export const statsResponseSchema = z.object({ ok: z.literal(true), accepted: z.number().int() });

export const STATS_DESCRIPTION = [
  `A batch of page views ({type: "hit", route, campaign?}) and goal events ({type: "goal", name}), at most`,
  `${STATS_MAX_EVENTS}. Names are 1 to 64 of a-z 0-9 _ / . -; a campaign 1 to 64 of A-Z a-z 0-9 _ . ~ + -.`,
  'Counted per UTC day (page views by route, goals by name, campaigns), staged and written in batches every',
  `5 s. Bad input: 400 (\`invalid_name\`, \`invalid_campaign\`, \`invalid_type\`, \`required\`, \`too_many_events\`,`,
  "`invalid_json`); a body over 16 KiB: 413; too many calls from one address: 429. Sent by the site's own pages",
  `(Origin checked). Path: ${STATS_PATH}.`,
].join(' ');

/**
 * The goals the GET pixel form of the call counts: ad impressions, which a VAST client asks as an image
 * (no body, no Origin). Only these: a page on another site could embed the pixel, so it must not reach
 * the page views or the site's own goals.
 */
export const STATS_PIXEL_GOALS = [GOAL_HOUSE_PREROLL_IMPRESSION] as const;

export const statsPixelQuery = z.object({
  goal: z
    .enum(STATS_PIXEL_GOALS, { error: 'invalid_name' })
    .describe(`The goal to count: ${STATS_PIXEL_GOALS.map((goal) => `\`${goal}\``).join(', ')}.`),
  cb: z.string().optional().describe('A cache buster (the VAST macro [CACHEBUSTING]); not read.'),
});

/**
 * The pixel URL of an ad impression, on the site: what a VAST document puts in <Impression>. The
 * client replaces [CACHEBUSTING] with a random number, so that no image cache answers in the site's place.
 */
export const statsPixelPath = (goal: (typeof STATS_PIXEL_GOALS)[number]) =>
  `${STATS_PATH}?goal=${goal}&cb=[CACHEBUSTING]`;

export const STATS_PIXEL_DESCRIPTION = [
  'The pixel form, for ad impressions (a VAST <Impression> URL, asked as an image): one goal of',
  `${STATS_PIXEL_GOALS.join(', ')}, counted as the batch's goals are, within the same budget per address.`,
  'Any other goal is 400 `invalid_name`. Answers 204 with no body, never stored by caches.',
].join(' ');
