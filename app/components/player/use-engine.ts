// The engine's life in the component: created into the <video> once the file list is here (MP4 or HLS,
// engine.ts), the ?start_time= seek applied, and a play asked for before it existed replayed then.
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from 'react';
import type { VideoFileResponse } from '../../../contract/videofile.ts';
import { createEngine, type Engine } from './engine.ts';
import type { PlayerAction } from './player-state.ts';

export function useEngine(options: {
  root: RefObject<HTMLDivElement | null>;
  media: RefObject<HTMLVideoElement | null>;
  files: VideoFileResponse | null;
  startTime: number | undefined;
  dispatch: Dispatch<PlayerAction>;
  onFailed: (failed: boolean) => void;
}) {
  const { root, media, files, startTime, dispatch, onFailed } = options;
  const engine = useRef<Engine | null>(null);
  const pendingPlay = useRef(false);

  const play = useCallback(() => {
    const el = media.current;
    if (!el || !engine.current) {
      pendingPlay.current = true;
      return;
    }
    el.play().catch((error: unknown) => {
      // Autoplay refused or the source failed: back to the big play button.
      console.warn('play refused', error);
    });
  }, [media]);

  useEffect(() => {
    const el = media.current;
    if (!files || !el) return;
    let cancelled = false;
    let created: Engine | null = null;
    const needed = (root.current?.clientHeight ?? 360) * (window.devicePixelRatio || 1);
    const changed = () => dispatch({ type: 'engine-changed' });
    createEngine(el, files, needed, changed)
      .then((e) => {
        if (cancelled) {
          e.destroy();
          return;
        }
        created = e;
        engine.current = e;
        changed();
        if (startTime && startTime > 0) seekOnceLoaded(el, startTime);
        if (pendingPlay.current) {
          pendingPlay.current = false;
          play();
        }
      })
      .catch((error: unknown) => {
        console.warn('player setup failed', error);
        onFailed(true);
      });
    return () => {
      cancelled = true;
      created?.destroy();
      engine.current = null;
    };
  }, [root, media, files, startTime, play, dispatch, onFailed]);

  return { engine, play };
}

/** ?start_time=: clamped to the duration, once the metadata says what it is. */
function seekOnceLoaded(el: HTMLVideoElement, startTime: number) {
  const seek = () => {
    el.currentTime = Math.min(startTime, Number.isFinite(el.duration) ? el.duration : startTime);
  };
  if (el.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
  else el.addEventListener('loadedmetadata', seek, { once: true });
}
