// First-party analytics (issue 17; shell.md §7, §9; content.md §2, §7): the browser's batches of page
// views and goal events become counts per UTC day in stats_daily — page views by route name
// ('page_view'), goals by name ('goal'), page views by campaign ('campaign') — staged (stats-stage.ts)
// and written by the flusher every 5 s, never a database write per event. Each address has a budget
// of calls per minute. Video views reach stats_daily through the view counter's own flush
// (modules/watch, 'video_view').
import { STATS_CALLS_PER_MINUTE, type StatsEvent } from '../../../contract/analytics.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { viewNetworkOf } from '../watch/watch.service.ts';
import type { StatsRepository } from './stats.repository.ts';
import { createMemoryStatsStage, type StatCount, type StatsStage } from './stats-stage.ts';

export interface AnalyticsOptions {
  /** Where counts wait for the flush (default: in process). */
  stage?: StatsStage;
  now?: () => number;
  /** Calls per address per minute (default STATS_CALLS_PER_MINUTE). */
  callsPerMinute?: number;
}

export interface StatsFlushResult {
  /** Page views and goals written (campaign counts are page views counted again, not added here). */
  events: number;
  batches: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The counts of one call, added up per metric and name (a batch of 50 clicks of one tab is one count). */
export function countsOf(events: StatsEvent[], day: string): StatCount[] {
  const sums = new Map<string, StatCount>();
  const add = (metric: StatCount['metric'], name: string) => {
    const key = `${metric}|${name}`;
    const known = sums.get(key);
    if (known) known.count += 1;
    else sums.set(key, { day, metric, name, count: 1 });
  };
  for (const event of events) {
    if (event.type === 'hit') {
      add('page_view', event.route);
      if (event.campaign) add('campaign', event.campaign);
    } else {
      add('goal', event.name);
    }
  }
  return [...sums.values()];
}

export function createAnalyticsService(repo: StatsRepository, options: AnalyticsOptions = {}) {
  const stage = options.stage ?? createMemoryStatsStage();
  const now = options.now ?? Date.now;
  const max = options.callsPerMinute ?? STATS_CALLS_PER_MINUTE;
  let flushing: Promise<StatsFlushResult> | null = null;

  async function runFlush(): Promise<StatsFlushResult> {
    let events = 0;
    let batches = 0;
    for (const batch of await stage.take()) {
      try {
        const { applied } = await repo.applyCounts(batch.id, batch.counts);
        if (applied) {
          batches += 1;
          events += batch.counts.filter((c) => c.metric !== 'campaign').reduce((sum, c) => sum + c.count, 0);
        }
      } catch (error) {
        await batch.failed();
        throw error;
      }
      await batch.done();
    }
    return { events, batches };
  }

  return {
    /**
     * Counts one call's events on today's date (UTC). Nothing is written here: the counts join the
     * pending batch. 429 `too_many_requests` past the address's budget (nothing of the call counted).
     */
    async record(events: StatsEvent[], from: { ip: string }): Promise<{ accepted: number }> {
      const counts = countsOf(events, dayOf(now()));
      const admitted = await stage.add(counts, {
        key: viewNetworkOf(from.ip),
        max,
        windowMs: 60_000,
      });
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
    flush(): Promise<StatsFlushResult> {
      flushing ??= runFlush().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    /** Page views and goals counted and not yet flushed. */
    unflushed: () => stage.pending(),

    /** The daily counts of one metric between two days (YYYY-MM-DD, inclusive): the console's charts. */
    daily: (metric: StatCount['metric'], fromDay: string, toDay: string) =>
      repo.countsBetween(metric, fromDay, toDay),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
