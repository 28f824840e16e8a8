// The <video>'s events, turned into the model's actions and the view beacon's clock. Playing counts
// toward the view; a pause, a stall, the end or leaving does not.
import type { Dispatch, SyntheticEvent } from 'react';
import { playerGoal } from './player-goals.ts';
import type { PlayerAction } from './player-state.ts';
import type { ViewTimer } from './use-view-beacon.ts';

type MediaEvent = SyntheticEvent<HTMLVideoElement>;

export function mediaEvents(options: {
  dispatch: Dispatch<PlayerAction>;
  viewTimer: ViewTimer;
  /** A next video to count down to at the end (not in an embed). */
  autoAdvance: boolean;
  onFailed: (failed: boolean) => void;
}) {
  const { dispatch, viewTimer, autoAdvance, onFailed } = options;
  return {
    onPlay: () => dispatch({ type: 'play' }),
    onPlaying: (e: MediaEvent) => {
      dispatch({ type: 'playing' });
      viewTimer.playing(true);
      playerGoal(e.currentTarget, 'playing');
    },
    onPause: (e: MediaEvent) => {
      viewTimer.playing(false);
      dispatch({ type: 'pause', ended: e.currentTarget.ended });
      playerGoal(e.currentTarget, 'pause');
    },
    onWaiting: () => {
      dispatch({ type: 'waiting' });
      viewTimer.playing(false);
    },
    onEnded: (e: MediaEvent) => {
      viewTimer.playing(false);
      dispatch({ type: 'ended', autoAdvance });
      playerGoal(e.currentTarget, 'ended');
      // The next-video card needs the page: leave fullscreen for it.
      if (document.fullscreenElement && autoAdvance) document.exitFullscreen().catch(() => undefined);
    },
    onSeeking: (e: MediaEvent) => dispatch({ type: 'seeking', ended: e.currentTarget.ended }),
    onTimeUpdate: (e: MediaEvent) => {
      dispatch({ type: 'time', current: e.currentTarget.currentTime });
      playerGoal(e.currentTarget, 'time');
    },
    onDurationChange: (e: MediaEvent) => dispatch({ type: 'duration', duration: e.currentTarget.duration }),
    onProgress: (e: MediaEvent) => {
      const b = e.currentTarget.buffered;
      if (b.length > 0) dispatch({ type: 'buffered', end: b.end(b.length - 1) });
    },
    onVolumeChange: (e: MediaEvent) =>
      dispatch({ type: 'volume', muted: e.currentTarget.muted, volume: e.currentTarget.volume }),
    onError: (e: MediaEvent) => {
      const error = e.currentTarget.error;
      if (error) {
        console.warn('media error', error.code, error.message);
        onFailed(true);
      }
    },
  };
}
