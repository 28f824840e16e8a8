// First-party analytics in the browser (shell.md §7, §9; content.md §2, §7; issue 17). The root installs
// one analytics object on window (`window.__tubeAnalytics`); the helpers `hit` and `goal` wait for it,
// retrying every ANALYTICS_RETRY_MS (shell.md §9), then queue the event. The queue goes to
// POST /api/stats.php as one JSON batch (at most 50 events) at most every STATS_SEND_MS, and at once
// when the page is hidden or left: navigator.sendBeacon (a string body: text/plain, no preflight), else
// fetch with keepalive. When the site configures an external snippet (ANALYTICS_SCRIPT_URL), every
// event is also pushed onto `window.dataLayer`: `{event: 'page_view', route, campaign}` for a page view,
// `{event: <goal name>, ...params}` for a goal. Tiny on purpose (every page's first load counts against
// the video page's budget, e2e/player.test.ts): no zod here.
import {
  ANALYTICS_RETRY_MS,
  STATS_MAX_EVENTS,
  STATS_PATH,
  STATS_SEND_MS,
} from '../../contract/analytics-limits.ts';

type StatsEvent = { type: 'hit'; route: string; campaign?: string } | { type: 'goal'; name: string };
type GoalParams = Record<string, unknown>;

export interface TubeAnalytics {
  hit(route: string, campaign?: string | null): void;
  goal(name: string, params?: GoalParams): void;
  /** Sends the queue now. */
  flush(): void;
}

declare global {
  interface Window {
    __tubeAnalytics?: TubeAnalytics;
    /** The external snippet's queue (only filled when one is configured). */
    dataLayer?: unknown[];
  }
}

const fitted = (text: string, refused: RegExp) => text.replace(refused, '_').slice(0, 64);
/** A route id or goal name as the call takes it: lower case, a-z 0-9 _ / . -, at most 64. */
export const statName = (text: string) => fitted(text.toLowerCase(), /[^a-z0-9_/.-]/g);
/** A campaign as the call takes it: its case kept, other characters `_`, at most 64. */
export const campaignName = (text: string) => fitted(text, /[^\w.~+-]/g);

/** The queue and its timer; `send` gets each batch's JSON body. */
export function createAnalytics(send: (body: string) => void, forward = false): TubeAnalytics {
  const queue: StatsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) send(JSON.stringify({ events: queue.splice(0, STATS_MAX_EVENTS) }));
  };
  const add = (event: StatsEvent, forwarded: GoalParams) => {
    queue.push(event);
    if (forward) {
      window.dataLayer ??= [];
      window.dataLayer.push(forwarded);
    }
    timer ??= setTimeout(flush, STATS_SEND_MS);
  };
  return {
    hit(route, campaign) {
      const name = statName(route);
      const c = campaign ? campaignName(campaign) : undefined;
      if (name)
        add({ type: 'hit', route: name, campaign: c }, { event: 'page_view', route: name, campaign: c });
    },
    goal(goalName, params) {
      const name = statName(goalName);
      if (name) add({ type: 'goal', name }, { ...params, event: name });
    },
    flush,
  };
}

/** Puts the analytics object on window, once; the root does it after hydration (components/analytics.tsx). */
export function installAnalytics(forward = false): void {
  if (window.__tubeAnalytics) return;
  const analytics = createAnalytics(
    // A string body is sent as text/plain: no preflight, and the server reads it as JSON.
    (body) =>
      navigator.sendBeacon?.(STATS_PATH, body) ||
      fetch(STATS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined),
    forward,
  );
  window.__tubeAnalytics = analytics;
  // Hidden comes before the page is left (and is the last sure moment on phones).
  document.addEventListener('visibilitychange', () => document.hidden && analytics.flush());
}

/** Calls `use` with the analytics object, waiting for it every ANALYTICS_RETRY_MS (shell.md §9). */
function withAnalytics(use: (analytics: TubeAnalytics) => void): void {
  const analytics = window.__tubeAnalytics;
  if (analytics) use(analytics);
  else setTimeout(withAnalytics, ANALYTICS_RETRY_MS, use);
}

/** A page view: the route name and the page's `campaign` query parameter. */
export const hit = (route: string, campaign?: string | null) => withAnalytics((a) => a.hit(route, campaign));
/** A goal event (tablink_click, the player's, promo goals: contract/analytics-limits.ts GOAL_*). */
export const goal = (name: string, params?: GoalParams) => withAnalytics((a) => a.goal(name, params));
