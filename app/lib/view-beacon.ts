// The view counter (spec/content.md §7, contract/watch.ts): POST /api/input.php act=view, form-encoded,
// sent by the player once per page view after 1 s of real playback (never for ads).
import { INPUT_PATH, VIEW_DELAY_MS } from '../../contract/watch-values.ts';
import { postView } from './api-client.ts';

export { VIEW_DELAY_MS };

/** The site's home or a country page (`/`, `/de/`): the call then carries home=1. */
export function cameFromHome(referrer: string, origin: string): boolean {
  if (!referrer) return false;
  try {
    const from = new URL(referrer);
    return from.origin === origin && /^\/(?:[a-z]{2}\/)?$/.test(from.pathname);
  } catch {
    return false;
  }
}

export function viewForm(videoId: number, home: boolean): URLSearchParams {
  const form = new URLSearchParams({ act: 'view', section: 'video', object_id: String(videoId) });
  if (home) form.set('home', '1');
  return form;
}

/**
 * `from`: the page the visitor came from (lib/navigation-origin.ts: the page a client navigation left).
 * sendBeacon survives the page being left right after; it sends a URLSearchParams body as
 * application/x-www-form-urlencoded. Where it is missing or refuses (queue full), fetch keepalive.
 */
export function sendView(videoId: number, from: string = document.referrer): void {
  const form = viewForm(videoId, cameFromHome(from, location.origin));
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(INPUT_PATH, form)) return;
  postView(form).catch((error: unknown) => console.warn('view not counted', error));
}

/**
 * Counts playback time and fires `send` once when it reaches VIEW_DELAY_MS. `playing(true)` when the
 * video plays, `playing(false)` on pause, waiting, end or unmount: the remainder waits for the next
 * play, so a stall does not count as watching.
 */
export function createViewTimer(send: () => void, delayMs = VIEW_DELAY_MS) {
  let remaining = delayMs;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sent = false;
  return {
    playing(on: boolean) {
      if (sent) return;
      if (on && timer === null) {
        startedAt = performance.now();
        timer = setTimeout(() => {
          timer = null;
          sent = true;
          send();
        }, remaining);
      } else if (!on && timer !== null) {
        clearTimeout(timer);
        timer = null;
        remaining = Math.max(0, remaining - (performance.now() - startedAt));
      }
    },
    get sent() {
      return sent;
    },
  };
}
