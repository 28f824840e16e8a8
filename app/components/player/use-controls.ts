// What the controls, the keyboard and the gestures do to the <video>: play/pause, ±10 s bursts, seek,
// sound, fullscreen, quality, and the end screen's replay and next. The model follows through the
// media's own events (media-events.ts); only what has no event (the burst label, the controls'
// visibility) is dispatched here.
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from 'react';
import { videoPath } from '../../lib/links.ts';
import type { Engine } from './engine.ts';
import type { RelatedVideo } from './overlays.tsx';
import { keyCommand, keyContextOf } from './player-keys.ts';
import type { PlayerAction, PlayerModel } from './player-state.ts';
import { SEEK_DEBOUNCE_MS, SeekBurst } from './timeline.ts';

/** The controls hide this long after they were woken, while playing. */
const CONTROLS_HIDE_MS = 3000;

export function useControls(options: {
  root: RefObject<HTMLDivElement | null>;
  media: RefObject<HTMLVideoElement | null>;
  engine: RefObject<Engine | null>;
  model: PlayerModel;
  dispatch: Dispatch<PlayerAction>;
  play: () => void;
  start: () => void;
  next: RelatedVideo | null;
  onNext: ((next: RelatedVideo) => void) | undefined;
}) {
  const { root, media, engine, model, dispatch, play, start, next, onNext } = options;
  const burst = useRef(new SeekBurst());
  const { started, active, stepShown } = model;

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => dispatch({ type: 'idle' }), CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [active, dispatch]);

  useEffect(() => {
    if (stepShown === null) return;
    const timer = setTimeout(() => dispatch({ type: 'step-hidden' }), SEEK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stepShown, dispatch]);

  const wake = useCallback(() => dispatch({ type: 'wake' }), [dispatch]);

  const togglePlay = useCallback(() => {
    const el = media.current;
    if (!started || !el) return start();
    if (el.ended) {
      el.currentTime = 0;
      return play();
    }
    if (el.paused) play();
    else el.pause();
  }, [media, started, start, play]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const el = media.current;
      if (!el || !engine.current) return;
      const { target, offset } = burst.current.tap(direction, el.currentTime, el.duration, performance.now());
      el.currentTime = target;
      dispatch({ type: 'step', offset });
    },
    [media, engine, dispatch],
  );

  const seekTo = useCallback(
    (seconds: number) => {
      const el = media.current;
      if (!el || !engine.current) return;
      burst.current.reset();
      el.currentTime = seconds;
      dispatch({ type: 'time', current: seconds });
    },
    [media, engine, dispatch],
  );

  const toggleMute = useCallback(() => {
    const el = media.current;
    if (!el) return;
    el.muted = !el.muted;
    if (!el.muted && el.volume === 0) el.volume = 1;
  }, [media]);

  const setVolume = (volume: number) => {
    const el = media.current;
    if (!el) return;
    el.volume = volume;
    el.muted = volume === 0;
  };

  const toggleFullscreen = useCallback(() => {
    const el = root.current;
    if (!el) return;
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else el.requestFullscreen?.().catch(() => undefined);
  }, [root]);

  const goNext = useCallback(() => {
    if (!next) return;
    if (onNext) onNext(next);
    else location.assign(videoPath(next));
  }, [next, onNext]);

  const replay = useCallback(() => {
    const el = media.current;
    if (!el) return;
    dispatch({ type: 'replay' });
    el.currentTime = 0;
    play();
  }, [media, dispatch, play]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const el = media.current;
    const seekable = el !== null && engine.current !== null;
    const command = keyCommand(event, keyContextOf(event.target as HTMLElement, seekable));
    if (command === null) return;
    if (command === 'toggle') togglePlay();
    else if (command === 'back' || command === 'forward') step(command === 'back' ? -1 : 1);
    else if (command === 'start' || command === 'end')
      seekTo(command === 'start' ? 0 : Math.max(0, (el?.duration ?? 0) - 0.1));
    else if (command === 'fullscreen') toggleFullscreen();
    else toggleMute();
    event.preventDefault();
    wake();
  };

  return {
    wake,
    togglePlay,
    step,
    seekTo,
    toggleMute,
    setVolume,
    toggleFullscreen,
    goNext,
    replay,
    onKeyDown,
  };
}
