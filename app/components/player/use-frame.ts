// The player's box: its width decides whether the related panel fits (§4: over 420 px), and whether
// it is the fullscreen element sets the control bar's fullscreen button.
import { type Dispatch, type RefObject, useEffect } from 'react';
import type { PlayerAction } from './player-state.ts';

/** §4: the related panel shows only when the player is wider than 420px. */
export const RELATED_MIN_WIDTH = 420;

export function useFrame(root: RefObject<HTMLDivElement | null>, dispatch: Dispatch<PlayerAction>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) dispatch({ type: 'resize', wide: entry.contentRect.width > RELATED_MIN_WIDTH });
    });
    observer.observe(el);
    const onFullscreen = () => dispatch({ type: 'fullscreen', on: document.fullscreenElement === el });
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      observer.disconnect();
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [root, dispatch]);
}
