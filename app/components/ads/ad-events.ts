// Ad accounting in the browser (issue 32). The ad zones count their impressions (a creative at least
// half in view, once per page view; a pre-roll starting), clicks, the pre-roll's quartiles and skips;
// the events go to POST AD_EVENTS_PATH in batches (at most AD_EVENTS_MAX) at most every
// AD_EVENTS_SEND_MS, and at once when the page is hidden (navigator.sendBeacon, a text/plain body: no
// preflight). Guests only: members get no ads, so nothing here runs for them.
//
// Frequency caps live here too: pages are cached and the same for every guest, so a zone's cap
// (showings per visitor per UTC day) is counted in this browser's localStorage and a zone at its cap
// is not shown (use-ads.ts) and so never counted. See docs/decisions.md.
import { type RefCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  AD_EVENTS_MAX,
  AD_EVENTS_PATH,
  AD_EVENTS_SEND_MS,
  type AdEvent,
  type AdZoneKey,
  adCreativeName,
} from '../../../contract/ads-viewer.ts';

interface Counted {
  zone: AdZoneKey;
  creative: string;
  event: AdEvent;
}

const queue: Counted[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function send(body: string) {
  if (navigator.sendBeacon?.(AD_EVENTS_PATH, body)) return;
  fetch(AD_EVENTS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

/** Sends what is queued now (the tests and a page being hidden). */
export function flushAdEvents(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) send(JSON.stringify({ events: queue.splice(0, AD_EVENTS_MAX) }));
}

/** Queues one event; `creative` is made to fit the count's characters (a VAST id may hold any). */
export function countAd(zone: AdZoneKey, creative: string, event: AdEvent): void {
  if (typeof window === 'undefined') return;
  const name = adCreativeName(creative);
  if (!name) return;
  queue.push({ zone, creative: name, event });
  if (!listening) {
    listening = true;
    // Hidden comes before the page is left (and is the last sure moment on phones).
    document.addEventListener('visibilitychange', () => document.hidden && flushAdEvents());
  }
  timer ??= setTimeout(flushAdEvents, AD_EVENTS_SEND_MS);
}

// ---- Frequency caps: showings per zone per UTC day in this browser ----

const CAP_KEY = 'tube:ad-caps';
const utcDay = () => new Date().toISOString().slice(0, 10);

function readCaps(): { day: string; shown: Partial<Record<AdZoneKey, number>> } {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CAP_KEY) ?? 'null');
    if (stored?.day === utcDay() && stored.shown && typeof stored.shown === 'object') return stored;
  } catch {
    // No storage (blocked, private mode) or a broken value: a new day.
  }
  return { day: utcDay(), shown: {} };
}

/** How often this browser showed the zone today (UTC). */
export function shownToday(zone: AdZoneKey): number {
  if (typeof window === 'undefined') return 0;
  return Number(readCaps().shown[zone]) || 0;
}

/** The page view (a location's key) in which each zone last counted a showing, and each zone's decision. */
const shownIn = new Map<AdZoneKey, string>();
const decided = new Map<AdZoneKey, { view: string; show: boolean }>();

/** One showing of the zone in this page view (the first impression of any of its creatives counts). */
export function noteShown(zone: AdZoneKey, view: string): void {
  if (typeof window === 'undefined' || shownIn.get(zone) === view) return;
  shownIn.set(zone, view);
  const caps = readCaps();
  caps.shown[zone] = (Number(caps.shown[zone]) || 0) + 1;
  try {
    window.localStorage.setItem(CAP_KEY, JSON.stringify(caps));
  } catch {
    // Without storage the cap holds for this page only.
  }
}

/**
 * Whether a capped zone shows in this page view: decided once per view (an impression during the view
 * must not hide the zone it counted), from the showings before it.
 */
export function underCap(zone: AdZoneKey, cap: number, view: string): boolean {
  const known = decided.get(zone);
  if (known?.view === view) return known.show;
  const show = shownToday(zone) < cap;
  decided.set(zone, { view, show });
  return show;
}

/**
 * A ref for a creative's element: counts its impression once per page view when at least half of it
 * is in view (IntersectionObserver), and a showing of its zone for the cap.
 */
export function useAdImpression<T extends Element>(zone: AdZoneKey, creative: string): RefCallback<T> {
  const view = useLocation().key;
  // State, not a ref: an element that appears later (a feed's answer, a capped zone) starts the watch.
  const [node, setNode] = useState<T | null>(null);
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!node || counted.current === view || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= 0.5)) return;
        observer.disconnect();
        counted.current = view;
        countAd(zone, creative, 'impression');
        noteShown(zone, view);
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, zone, creative, view]);
  return setNode;
}

/** The current page view's key (a new one per navigation), for the caps. */
export const usePageView = () => useLocation().key;
