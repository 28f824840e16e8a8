// The counting half of the thumbnail trials (thumb-trial.ts): fetched once a grid shows a card in a
// trial, so that listings without one load none of it. Impressions (a card at least half in view, once
// per page) and clicks (its link followed) go to POST /api/thumbs.php in batches, every THUMBS_SEND_MS,
// at once on a click, and when the page is hidden (sendBeacon: a text/plain string, no preflight).
import {
  IMPRESSION_THRESHOLD,
  THUMBS_MAX_EVENTS,
  THUMBS_PATH,
  THUMBS_SEND_MS,
} from '../../contract/thumbs-values.ts';

type TrialEvent = { video_id: number; still: number; type: 'impression' | 'click' };

const queue: TrialEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let installed = false;

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const body = JSON.stringify({ events: queue.splice(0, THUMBS_MAX_EVENTS) });
    if (!navigator.sendBeacon?.(THUMBS_PATH, body))
      fetch(THUMBS_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

function report(card: Element, type: TrialEvent['type']): void {
  const [video, still] = (card.getAttribute('data-still') ?? '').split('.').map(Number);
  if (!video || still === undefined || Number.isNaN(still)) return;
  queue.push({ video_id: video, still, type });
  if (!installed) {
    installed = true;
    document.addEventListener('visibilitychange', () => document.hidden && flush());
  }
  timer ??= setTimeout(flush, THUMBS_SEND_MS);
}

/** Watches the grid's cards in a trial (`[data-still]`); answers the function that stops it. */
export function watchTrialGrid(grid: HTMLElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        report(entry.target, 'impression');
      }
    },
    { threshold: IMPRESSION_THRESHOLD },
  );
  for (const card of grid.querySelectorAll('[data-still]')) observer.observe(card);
  const onClick = (event: MouseEvent) => {
    if (event.button > 1) return;
    const target = event.target as Element;
    const card = target.closest?.('[data-still]');
    if (card && target.closest('a')) {
      report(card, 'click');
      flush();
    }
  };
  grid.addEventListener('click', onClick, true);
  grid.addEventListener('auxclick', onClick, true);
  return () => {
    observer.disconnect();
    grid.removeEventListener('click', onClick, true);
    grid.removeEventListener('auxclick', onClick, true);
  };
}
