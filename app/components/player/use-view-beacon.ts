// The view beacon (content.md §7): one view per player, sent after 1 s of real playback. The <video>'s
// events drive the timer; leaving the page or the video stops it. The call carries the home flag when
// the player's page was reached from the home page (lib/navigation-origin.ts).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { cameFrom } from '../../lib/navigation-origin.ts';
import { createViewTimer, sendView } from '../../lib/view-beacon.ts';

export type ViewTimer = ReturnType<typeof createViewTimer>;

export function useViewBeacon(videoId: number): ViewTimer {
  // The location the player arrived with: a later navigation on the same page (a query) keeps it.
  const arrival = useRef(useLocation().key);
  const timer = useRef<ViewTimer | null>(null);
  // Created once per player (the player is keyed by video id), never per render.
  timer.current ??= createViewTimer(() => sendView(videoId, cameFrom(arrival.current)));
  useEffect(() => () => timer.current?.playing(false), []);
  return timer.current;
}
