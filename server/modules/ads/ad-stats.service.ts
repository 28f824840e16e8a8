// Ad accounting (issue 32): the pages' ad events — impressions, clicks, the pre-roll's VAST quartiles and
// skips — become counts per UTC day, zone, creative and event. They wait in a stage of their own (the
// analytics stage's code, analytics/stats-stage.ts, on its own Redis keys or map: the pending half of
// lib/pending-counts.ts with the address's budget checked in the same atomic step), never a database
// write per event; the flusher (analytics/stats-flusher.ts, started by main.ts) writes each batch into
// ad_stats_daily in one statement, once. The administrators' report reads a range of days per zone.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  AD_EVENTS,
  AD_EVENTS_CALLS_PER_MINUTE,
  AD_ZONE_KEYS,
  type AdEvent,
  type AdZoneKey,
} from '../../../contract/ads.ts';
import type { AdEventInput, AdStatsReport, AdTotals, AdZoneStats } from '../../../contract/ads-stats.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { requireAdministrator } from '../access.ts';
import { createMemoryStatsStage, type StatCount, type StatsStage } from '../analytics/stats-stage.ts';
import { viewNetworkOf } from '../watch/watch.service.ts';
import type { AdCount, AdStatsRepository } from './ad-stats.repository.ts';

/** Redis keys of the ad stage (its pending hash, batches and budgets): apart from the analytics stage's. */
export const AD_STAGE_PREFIX = 'tube:adstats:';

export interface AdStatsOptions {
  /** Where counts wait for the flush (default: in process). Its own instance, not the analytics stage. */
  stage?: StatsStage;
  now?: () => number;
  /** Calls per address per minute (default AD_EVENTS_CALLS_PER_MINUTE). */
  callsPerMinute?: number;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// In the stage a count is (day, 'ad', 'zone/creative/event'): zones, creatives (AD_CREATIVE_PATTERN)
// and events hold no '/' or '|', so the name splits back exactly.
const toStat = (c: AdCount): StatCount => ({
  day: c.day,
  metric: 'ad',
  name: `${c.zone}/${c.creative}/${c.event}`,
  count: c.count,
});
const fromStat = (c: StatCount): AdCount => {
  const [zone = '', creative = '', event = ''] = c.name.split('/');
  return { day: c.day, zone, creative, event, count: c.count };
};

/** One call's events added up per zone, creative and event (four footer impressions of one creative: one count). */
export function adCountsOf(events: AdEventInput[], day: string): AdCount[] {
  const sums = new Map<string, AdCount>();
  for (const e of events) {
    const key = `${e.zone}/${e.creative}/${e.event}`;
    const known = sums.get(key);
    if (known) known.count += 1;
    else sums.set(key, { day, zone: e.zone, creative: e.creative, event: e.event, count: 1 });
  }
  return [...sums.values()];
}

const emptyTotals = (): AdTotals => Object.fromEntries(AD_EVENTS.map((e) => [e, 0])) as AdTotals;
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const isEvent = (event: string): event is AdEvent => (AD_EVENTS as readonly string[]).includes(event);

/** The days from `days - 1` days ago to today (UTC), oldest first. */
export function daysUpTo(today: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => dayOf(today - (days - 1 - i) * DAY_MS));
}

/** The report of a range: every zone (in AD_ZONE_KEYS order), its totals, rates, daily series and creatives. */
export function adStatsReport(rows: AdCount[], dayList: string[]): AdStatsReport {
  const zones = new Map<
    AdZoneKey,
    { totals: AdTotals; byDay: Map<string, AdTotals>; creatives: Map<string, AdTotals> }
  >();
  for (const key of AD_ZONE_KEYS)
    zones.set(key, { totals: emptyTotals(), byDay: new Map(), creatives: new Map() });
  for (const row of rows) {
    const zone = zones.get(row.zone as AdZoneKey);
    if (!zone || !isEvent(row.event)) continue;
    zone.totals[row.event] += row.count;
    const day = zone.byDay.get(row.day) ?? emptyTotals();
    day[row.event] += row.count;
    zone.byDay.set(row.day, day);
    const creative = zone.creatives.get(row.creative) ?? emptyTotals();
    creative[row.event] += row.count;
    zone.creatives.set(row.creative, creative);
  }
  const out: AdZoneStats[] = [...zones].map(([key, zone]) => ({
    zone: key,
    totals: zone.totals,
    ctr: rate(zone.totals.click, zone.totals.impression),
    completion: rate(zone.totals.complete, zone.totals.start),
    series: dayList.map((day) => {
      const totals = zone.byDay.get(day);
      return { day, impression: totals?.impression ?? 0, click: totals?.click ?? 0 };
    }),
    creatives: [...zone.creatives]
      .map(([creative, totals]) => ({ creative, totals, ctr: rate(totals.click, totals.impression) }))
      .sort((a, b) => b.totals.impression - a.totals.impression || a.creative.localeCompare(b.creative)),
  }));
  return { days: dayList.length, from: dayList[0] ?? '', to: dayList.at(-1) ?? '', zones: out };
}

/**
 * A CSV cell that a spreadsheet reads as text: a leading = + - @ (or a tab or carriage return) would
 * start a formula, so such a cell gets a leading apostrophe; a cell with a comma, quote or line break is
 * quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row per day, zone and creative with any event, a column per event; CRLF line ends (RFC 4180). */
export function adStatsCsv(rows: AdCount[]): string {
  const lines = new Map<string, { day: string; zone: string; creative: string; totals: AdTotals }>();
  for (const row of rows) {
    if (!isEvent(row.event)) continue;
    const key = `${row.day}\u0000${row.zone}\u0000${row.creative}`;
    const line = lines.get(key) ?? {
      day: row.day,
      zone: row.zone,
      creative: row.creative,
      totals: emptyTotals(),
    };
    line.totals[row.event] += row.count;
    lines.set(key, line);
  }
  const header = ['day', 'zone', 'creative', ...AD_EVENTS].map(csvCell).join(',');
  const body = [...lines.values()].map((l) =>
    [l.day, l.zone, l.creative, ...AD_EVENTS.map((e) => l.totals[e])].map(csvCell).join(','),
  );
  return `${[header, ...body].join('\r\n')}\r\n`;
}

export function createAdStatsService(repo: AdStatsRepository, options: AdStatsOptions = {}) {
  const stage = options.stage ?? createMemoryStatsStage();
  const now = options.now ?? Date.now;
  const max = options.callsPerMinute ?? AD_EVENTS_CALLS_PER_MINUTE;
  let flushing: Promise<{ events: number; batches: number }> | null = null;

  async function runFlush() {
    let events = 0;
    let batches = 0;
    for (const batch of await stage.take()) {
      try {
        const counts = batch.counts.map(fromStat);
        // `ads:` marks these batches in the ledger shared with the view and analytics flushes.
        const { applied } = await repo.applyCounts(`ads:${batch.id}`, counts);
        if (applied) {
          batches += 1;
          events += counts.reduce((sum, c) => sum + c.count, 0);
        }
      } catch (error) {
        await batch.failed();
        throw error;
      }
      await batch.done();
    }
    return { events, batches };
  }

  const rangeOf = (actor: CurrentUser | null, days: number) => {
    requireAdministrator(actor);
    return daysUpTo(now(), days);
  };

  return {
    /**
     * Counts one call's events on today's date (UTC): they join the pending batch. 429
     * `too_many_requests` past the address's budget (nothing of the call counted).
     */
    async record(events: AdEventInput[], from: { ip: string }): Promise<{ accepted: number }> {
      const counts = adCountsOf(events, dayOf(now())).map(toStat);
      const admitted = await stage.add(counts, { key: viewNetworkOf(from.ip), max, windowMs: 60_000 });
      if (!admitted) {
        throw new DomainError('too_many_requests', {
          status: 429,
          message: english('api.too_many_requests'),
          info: { retry_after: 60 },
        });
      }
      return { accepted: events.length };
    },

    /** Writes the staged counts (one statement per batch). One flush at a time in this process. */
    flush() {
      flushing ??= runFlush().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    /** Events counted and not yet flushed. */
    unflushed: () => stage.pending(),

    /** The console's report of the last `days` days up to today (administrators only). */
    async report(actor: CurrentUser | null, days: number): Promise<AdStatsReport> {
      const list = rangeOf(actor, days);
      return adStatsReport(await repo.between(list[0] as string, list.at(-1) as string), list);
    },

    /** The same range as CSV (administrators only): one row per day, zone and creative. */
    async csv(actor: CurrentUser | null, days: number): Promise<{ from: string; to: string; body: string }> {
      const list = rangeOf(actor, days);
      const from = list[0] as string;
      const to = list.at(-1) as string;
      return { from, to, body: adStatsCsv(await repo.between(from, to)) };
    },
  };
}

export type AdStatsService = ReturnType<typeof createAdStatsService>;
