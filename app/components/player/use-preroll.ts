// The first play goes through the VAST pre-roll when the viewer has one (guests; members get null):
// `start` shows the ad, its end plays the video. ?autoplay=1 takes the same way, muted.
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from 'react';
import type { VideoFileResponse } from '../../../contract/videofile.ts';
import type { PlayerAction } from './player-state.ts';

export function usePreroll(options: {
  hasPreroll: boolean;
  autoplay: boolean;
  files: VideoFileResponse | null;
  media: RefObject<HTMLVideoElement | null>;
  play: () => void;
  dispatch: Dispatch<PlayerAction>;
}) {
  const { hasPreroll, autoplay, files, media, play, dispatch } = options;
  // A ref, not state: `start` must see it at once and keep its identity (the autoplay effect runs on it).
  const done = useRef(!hasPreroll);

  const start = useCallback(() => {
    if (!done.current) {
      dispatch({ type: 'preroll-start' });
      return;
    }
    play();
  }, [play, dispatch]);

  const finish = useCallback(() => {
    done.current = true;
    dispatch({ type: 'preroll-done' });
    play();
  }, [play, dispatch]);

  // Browsers allow autoplay only muted.
  useEffect(() => {
    if (!autoplay || !files) return;
    if (media.current) media.current.muted = true;
    start();
  }, [autoplay, files, media, start]);

  return { start, finish };
}
