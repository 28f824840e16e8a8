// The view beacon (content.md §7): one view per player, sent after 1 s of real playback. The <video>'s
// events drive the timer; leaving the page or the video stops it.
import { useEffect, useRef } from 'react';
import { createViewTimer, sendView } from '../../lib/view-beacon.ts';

export type ViewTimer = ReturnType<typeof createViewTimer>;

export function useViewBeacon(videoId: number): ViewTimer {
  const timer = useRef<ViewTimer | null>(null);
  // Created once per player (the player is keyed by video id), never per render.
  timer.current ??= createViewTimer(() => sendView(videoId));
  useEffect(() => () => timer.current?.playing(false), []);
  return timer.current;
}
