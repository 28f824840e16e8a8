// The player (spec/content.md §4): a poster box rendered on the server, then, once the video-file
// call answers, a <video> fed by MP4 renditions or HLS, our own controls, the pre-roll and pause ads,
// the next-video countdown and the related panel. States idle, playing, paused, complete are exposed
// as data-state on the root.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerCreative, PrerollConfig } from '../../../contract/ads.ts';
import type { VideoDetail } from '../../../contract/catalog.ts';
import { videoPath } from '../../lib/links.ts';
import { createViewTimer, sendView } from '../../lib/view-beacon.ts';
import { PrerollAd } from '../ads/preroll-ad.tsx';
import { ControlBar, SeekBar } from './controls.tsx';
import { AUTO, createEngine, type Engine } from './engine.ts';
import { PlayIcon, ReplayIcon } from './icons.tsx';
import { ErrorView, NextCard, PauseAd, RelatedPanel, type RelatedVideo } from './overlays.tsx';
import { SEEK_DEBOUNCE_MS, SeekBurst } from './timeline.ts';
import { useGestures } from './use-gestures.ts';
import { useThumbnails, useVideoFiles } from './use-video-files.ts';

export type { RelatedVideo };
export type PlayerState = 'idle' | 'playing' | 'paused' | 'complete';

export interface VideoPlayerProps {
  video: VideoDetail;
  /** Embed variant: related overlay on pause and at the end, no auto-advance. */
  embed?: boolean;
  /** Seconds, from ?start_time=. */
  startTime?: number;
  /** From ?autoplay=1: starts muted (browsers only allow muted autoplay). */
  autoplay?: boolean;
  /** related[0] is the next video. */
  related?: readonly RelatedVideo[];
  /** null for members. */
  preroll?: PrerollConfig | null;
  pauseAd?: BannerCreative | null;
  /** Navigates to the next video (default: a full load of its page). */
  onNext?: (next: RelatedVideo) => void;
}

/** §4: the related panel shows only when the player is wider than 420px. */
export const RELATED_MIN_WIDTH = 420;
const CONTROLS_HIDE_MS = 3000;

export function VideoPlayer(props: VideoPlayerProps) {
  // A new video is a new player: nothing of the previous one's state (view sent, ads seen) carries over.
  return <Player key={props.video.video_id} {...props} />;
}

function Player({
  video,
  embed = false,
  startTime,
  autoplay = false,
  related = [],
  preroll = null,
  pauseAd = null,
  onNext,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLVideoElement>(null);
  const engine = useRef<Engine | null>(null);
  const pendingPlay = useRef(false);
  const prerollDone = useRef(preroll === null);
  const burst = useRef(new SeekBurst());
  const viewTimer = useRef<ReturnType<typeof createViewTimer> | null>(null);
  viewTimer.current ??= createViewTimer(() => sendView(video.video_id));

  const [state, setState] = useState<PlayerState>('idle');
  const [started, setStarted] = useState(false);
  const [prerollActive, setPrerollActive] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [time, setTime] = useState({ current: startTime ?? 0, duration: video.duration_sec, buffered: 0 });
  const [sound, setSound] = useState({ muted: autoplay, volume: 1 });
  const [fullscreen, setFullscreen] = useState(false);
  const [wide, setWide] = useState(true);
  const [endView, setEndView] = useState<'next' | 'related' | null>(null);
  const [adHidden, setAdHidden] = useState(false);
  const [active, setActive] = useState(false);
  const [stepShown, setStepShown] = useState<number | null>(null);
  const [, setEngineTick] = useState(0);
  const next = related[0] ?? null;

  const { files, failed, setFailed, retry } = useVideoFiles(video.video_id);
  const cues = useThumbnails(files?.timelines_vtt ?? null);

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
  }, []);

  /** The first play goes through the pre-roll when there is one. */
  const start = useCallback(() => {
    if (!prerollDone.current) {
      setPrerollActive(true);
      return;
    }
    play();
  }, [play]);

  const onPrerollDone = useCallback(() => {
    prerollDone.current = true;
    setPrerollActive(false);
    play();
  }, [play]);

  // The engine: MP4 or HLS into the <video>, once the file list is here.
  useEffect(() => {
    const el = media.current;
    if (!files || !el) return;
    let cancelled = false;
    let created: Engine | null = null;
    const needed = (root.current?.clientHeight ?? 360) * (window.devicePixelRatio || 1);
    createEngine(el, files, needed, () => setEngineTick((n) => n + 1))
      .then((e) => {
        if (cancelled) {
          e.destroy();
          return;
        }
        created = e;
        engine.current = e;
        setEngineTick((n) => n + 1);
        if (startTime && startTime > 0) {
          const seek = () => {
            el.currentTime = Math.min(startTime, Number.isFinite(el.duration) ? el.duration : startTime);
          };
          if (el.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
          else el.addEventListener('loadedmetadata', seek, { once: true });
        }
        if (pendingPlay.current) {
          pendingPlay.current = false;
          play();
        }
      })
      .catch((error: unknown) => {
        console.warn('player setup failed', error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      created?.destroy();
      engine.current = null;
    };
  }, [files, startTime, play, setFailed]);

  // ?autoplay=1: muted, through the same start as a click (the pre-roll first, if any).
  useEffect(() => {
    if (!autoplay || !files) return;
    if (media.current) media.current.muted = true;
    start();
  }, [autoplay, files, start]);

  // Width for the related panel; fullscreen state.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWide(entry.contentRect.width > RELATED_MIN_WIDTH);
    });
    observer.observe(el);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === el);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      observer.disconnect();
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);

  useEffect(() => () => viewTimer.current?.playing(false), []);

  // Controls hide 3 s after the last movement while playing.
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setActive(false), CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [active]);
  const wake = useCallback(() => setActive((a) => (a ? a : true)), []);

  useEffect(() => {
    if (stepShown === null) return;
    const timer = setTimeout(() => setStepShown(null), SEEK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stepShown]);

  const togglePlay = useCallback(() => {
    const el = media.current;
    if (!started || !el) return start();
    if (el.ended) {
      el.currentTime = 0;
      return play();
    }
    if (el.paused) play();
    else el.pause();
  }, [started, start, play]);

  const step = useCallback((direction: 1 | -1) => {
    const el = media.current;
    if (!el || !engine.current) return;
    const { target, offset } = burst.current.tap(direction, el.currentTime, el.duration, performance.now());
    el.currentTime = target;
    setStepShown(offset);
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const el = media.current;
    if (!el || !engine.current) return;
    burst.current.reset();
    el.currentTime = seconds;
    setTime((t) => ({ ...t, current: seconds }));
  }, []);

  const toggleMute = useCallback(() => {
    const el = media.current;
    if (!el) return;
    el.muted = !el.muted;
    if (!el.muted && el.volume === 0) el.volume = 1;
  }, []);

  const toggleFullscreen = useCallback(() => {
    const el = root.current;
    if (!el) return;
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else el.requestFullscreen?.().catch(() => undefined);
  }, []);

  const goNext = useCallback(() => {
    if (!next) return;
    if (onNext) onNext(next);
    else location.assign(videoPath(next));
  }, [next, onNext]);

  const replay = useCallback(() => {
    const el = media.current;
    if (!el) return;
    setEndView(null);
    el.currentTime = 0;
    play();
  }, [play]);

  const gestures = useGestures({
    onToggle: togglePlay,
    onStep: step,
    onFullscreen: toggleFullscreen,
    onWake: wake,
  });

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const native = target.closest('button, input, a, iframe, [role="menu"]') !== null;
    const key = event.key.toLowerCase();
    if ((key === ' ' && !native) || key === 'k') togglePlay();
    else if ((key === 'arrowleft' || key === 'arrowright') && target.tagName !== 'INPUT')
      step(key === 'arrowleft' ? -1 : 1);
    else if (
      (key === 'home' || key === 'end') &&
      target.tagName !== 'INPUT' &&
      media.current &&
      engine.current
    )
      seekTo(key === 'home' ? 0 : Math.max(0, media.current.duration - 0.1));
    else if (key === 'f') toggleFullscreen();
    else if (key === 'm') toggleMute();
    else return;
    event.preventDefault();
    wake();
  };

  const el = media.current;
  const info = engine.current;
  const showRelated = wide && related.length > 0;
  const ended = state === 'complete';
  const pausedOverlay = state === 'paused' && !waiting;

  return (
    <div
      ref={root}
      className={`player${active ? ' player--active' : ''}${embed ? ' player--embed' : ''}`}
      data-state={state}
      data-testid="player"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
      aria-label={t('video.player')}
      role="region"
    >
      {files ? (
        <video
          ref={media}
          className="player__video"
          poster={files.poster ?? video.scr}
          preload="metadata"
          playsInline
          muted={autoplay}
          data-testid="player-video"
          onPlay={() => {
            setStarted(true);
            setState('playing');
            setEndView(null);
            setAdHidden(true);
          }}
          onPlaying={() => {
            setWaiting(false);
            viewTimer.current?.playing(true);
          }}
          onPause={() => {
            viewTimer.current?.playing(false);
            if (!media.current?.ended) {
              setState('paused');
              setAdHidden(false);
            }
          }}
          onWaiting={() => {
            setWaiting(true);
            viewTimer.current?.playing(false);
          }}
          onEnded={() => {
            viewTimer.current?.playing(false);
            setState('complete');
            setEndView(!embed && next ? 'next' : 'related');
            if (document.fullscreenElement && !embed && next)
              document.exitFullscreen().catch(() => undefined);
          }}
          onSeeking={() => {
            setAdHidden(true);
            const m = media.current;
            if (m && !m.ended && state === 'complete') {
              setState('paused');
              setEndView(null);
            }
          }}
          onTimeUpdate={(e) => {
            const m = e.currentTarget;
            setTime((t) => ({ ...t, current: m.currentTime }));
          }}
          onDurationChange={(e) => {
            const d = e.currentTarget.duration;
            if (Number.isFinite(d) && d > 0) setTime((t) => ({ ...t, duration: d }));
          }}
          onProgress={(e) => {
            const b = e.currentTarget.buffered;
            if (b.length > 0) setTime((t) => ({ ...t, buffered: b.end(b.length - 1) }));
          }}
          onVolumeChange={(e) => setSound({ muted: e.currentTarget.muted, volume: e.currentTarget.volume })}
          onError={() => {
            if (media.current?.error) {
              console.warn('media error', media.current.error.code, media.current.error.message);
              setFailed(true);
            }
          }}
        />
      ) : null}

      {/* The surface under the controls: click/tap to play, pause, show controls; double-tap sides to step. */}
      <div className="player__surface" {...gestures} aria-hidden="true" />

      {!started ? (
        <div className="player__poster">
          <img src={video.scr} alt="" width={1280} height={720} fetchPriority="high" decoding="async" />
          {failed ? null : (
            <button
              type="button"
              className="player__big-play"
              data-testid="player-play"
              onClick={() => {
                // The button goes away on play: keep the keyboard in the player (space, arrows, f, m).
                root.current?.focus({ preventScroll: true });
                start();
              }}
              aria-label={t('player.play')}
            >
              <PlayIcon size={34} />
            </button>
          )}
        </div>
      ) : null}

      {waiting && state === 'playing' ? <div className="player__spinner" aria-hidden="true" /> : null}
      {stepShown !== null ? (
        <div className="player__step" aria-live="polite" data-testid="player-step">
          {t('player.step', { seconds: stepShown > 0 ? `+${stepShown}` : String(stepShown) })}
        </div>
      ) : null}

      {embed && pausedOverlay && showRelated ? (
        <RelatedPanel videos={related} embed action={{ label: t('player.play'), run: play }} />
      ) : null}
      {pausedOverlay && pauseAd && !adHidden ? (
        <PauseAd creative={pauseAd} onClose={() => setAdHidden(true)} />
      ) : null}

      {ended && endView === 'next' && next ? (
        <NextCard next={next} onPlayNow={goNext} onCancel={() => setEndView('related')} />
      ) : null}
      {ended && endView === 'related' ? (
        showRelated ? (
          <RelatedPanel videos={related} embed={embed} action={{ label: t('player.replay'), run: replay }} />
        ) : (
          <button type="button" className="player__big-play" onClick={replay} aria-label={t('player.replay')}>
            <ReplayIcon size={34} />
          </button>
        )
      ) : null}

      {prerollActive && preroll ? (
        <div className="player__preroll">
          <PrerollAd config={preroll} mobile={isMobile()} onDone={onPrerollDone} />
        </div>
      ) : null}

      {failed ? <ErrorView onRetry={retry} /> : null}

      {started && el && !ended ? (
        <div className="player__controls">
          <SeekBar
            duration={time.duration}
            currentTime={time.current}
            buffered={time.buffered}
            cues={cues}
            onSeek={seekTo}
          />
          <ControlBar
            playing={state === 'playing'}
            muted={sound.muted}
            volume={sound.volume}
            currentTime={time.current}
            duration={time.duration}
            fullscreen={fullscreen}
            qualities={info?.qualities ?? []}
            quality={info?.current ?? AUTO}
            onPlayPause={togglePlay}
            onStep={step}
            onMute={toggleMute}
            onVolume={(v) => {
              if (!el) return;
              el.volume = v;
              el.muted = v === 0;
            }}
            onQuality={(id) => info?.setQuality(id)}
            onFullscreen={toggleFullscreen}
          />
        </div>
      ) : null}
    </div>
  );
}

function isMobile(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
