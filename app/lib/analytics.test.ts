// The browser's analytics helpers (issue 17): names made to fit the call, events batched (at most 50 per
// call) and sent at most every STATS_SEND_MS, the helpers waiting every ANALYTICS_RETRY_MS for the
// analytics object, the forward to an external snippet's dataLayer; and the player's goals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statsBatchSchema } from '../../contract/analytics.ts';
import { ANALYTICS_RETRY_MS, STATS_MAX_EVENTS, STATS_SEND_MS } from '../../contract/analytics-limits.ts';
import { playerGoal } from '../components/player/player-goals.ts';
import { campaignName, createAnalytics, goal, hit, statName, type TubeAnalytics } from './analytics.ts';

const win = globalThis as unknown as { window?: { __tubeAnalytics?: TubeAnalytics; dataLayer?: unknown[] } };

beforeEach(() => {
  vi.useFakeTimers();
  win.window = {};
});
afterEach(() => {
  vi.useRealTimers();
  delete win.window;
});

/** The analytics object over a recorded `send`, installed on the fake window. */
function install(forward = false) {
  const sent: unknown[][] = [];
  const analytics = createAnalytics((body) => {
    const batch = statsBatchSchema.parse(JSON.parse(body));
    sent.push(batch.events);
  }, forward);
  return { analytics, sent };
}

describe('names', () => {
  it('fits route ids, goals and campaigns to what the call takes', () => {
    expect(statName('routes/video')).toBe('routes/video');
    expect(statName('Routes/Member Page')).toBe('routes/member_page');
    expect(statName('x'.repeat(80))).toHaveLength(64);
    expect(campaignName('Spring 2026/€')).toBe('Spring_2026__');
    expect(campaignName('c'.repeat(80))).toHaveLength(64);
  });
});

describe('the queue', () => {
  it('sends what gathered after STATS_SEND_MS in one valid batch', () => {
    const { analytics, sent } = install();
    analytics.hit('routes/home', null);
    analytics.hit('routes/video', 'test 1');
    analytics.goal('player_play');
    vi.advanceTimersByTime(STATS_SEND_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      [
        { type: 'hit', route: 'routes/home' },
        { type: 'hit', route: 'routes/video', campaign: 'test_1' },
        { type: 'goal', name: 'player_play' },
      ],
    ]);
    vi.advanceTimersByTime(STATS_SEND_MS * 3);
    expect(sent).toHaveLength(1);
  });

  it('splits a long queue into calls of at most 50, and flushes at once when asked (pagehide)', () => {
    const { analytics, sent } = install();
    for (let i = 0; i < 120; i++) analytics.goal('tablink_click');
    analytics.flush();
    expect(sent.map((events) => events.length)).toEqual([STATS_MAX_EVENTS, STATS_MAX_EVENTS, 20]);
    vi.advanceTimersByTime(STATS_SEND_MS);
    expect(sent).toHaveLength(3);
  });

  it('forwards to dataLayer only when an external snippet is configured', () => {
    const { analytics } = install(true);
    analytics.hit('routes/video', 'test1');
    analytics.goal('promo_click', { href: 'https://example.com/' });
    expect(win.window?.dataLayer).toEqual([
      { event: 'page_view', route: 'routes/video', campaign: 'test1' },
      { event: 'promo_click', href: 'https://example.com/' },
    ]);
    const other = install(false);
    win.window = {};
    other.analytics.goal('x');
    expect(win.window.dataLayer).toBeUndefined();
  });
});

describe('the helpers', () => {
  it('retry every ANALYTICS_RETRY_MS until the analytics object exists, then keep the order', () => {
    hit('routes/home', 'early');
    goal('tablink_click');
    const { analytics, sent } = install();
    vi.advanceTimersByTime(ANALYTICS_RETRY_MS - 1);
    if (win.window) win.window.__tubeAnalytics = analytics;
    // Not yet: the next try is at ANALYTICS_RETRY_MS.
    analytics.flush();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    analytics.flush();
    expect(sent).toEqual([
      [
        { type: 'hit', route: 'routes/home', campaign: 'early' },
        { type: 'goal', name: 'tablink_click' },
      ],
    ]);
    // Once it exists, a helper queues at once.
    goal('player_start');
    analytics.flush();
    expect(sent[1]).toEqual([{ type: 'goal', name: 'player_start' }]);
  });
});

describe('the player goals', () => {
  it('start once, resume, pause (not at the end), quarters once each, complete', () => {
    const { analytics, sent } = install();
    if (win.window) win.window.__tubeAnalytics = analytics;
    const video = { duration: 100, currentTime: 0, ended: false } as HTMLVideoElement;
    const at = (t: number) => {
      Object.assign(video, { currentTime: t });
      playerGoal(video, 'time');
    };
    playerGoal(video, 'playing');
    at(10);
    // A stall (playing again without a pause) is no resume.
    playerGoal(video, 'playing');
    at(26);
    at(30);
    playerGoal(video, 'pause');
    playerGoal(video, 'pause');
    playerGoal(video, 'playing');
    // A seek past two quarters counts both, one per time update.
    at(80);
    at(81);
    at(82);
    Object.assign(video, { ended: true, currentTime: 100 });
    playerGoal(video, 'pause');
    playerGoal(video, 'ended');
    analytics.flush();
    expect(sent.flat().map((e) => (e as { name: string }).name)).toEqual([
      'player_start',
      'player_25',
      'player_pause',
      'player_play',
      'player_50',
      'player_75',
      'player_complete',
    ]);
  });
});
