// The control bar: play/pause, ±10 s, time, volume, quality, fullscreen, and the seek bar with the
// timeline thumbnail preview from the WebVTT sprites.
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO, type Engine, type Quality } from './engine.ts';
import { FullscreenIcon, PauseIcon, PlayIcon, StepIcon, VolumeIcon } from './icons.tsx';
import type { PlayerModel } from './player-state.ts';
import { clockTime, cueAt, type ThumbCue } from './timeline.ts';

export function SeekBar({
  duration,
  currentTime,
  buffered,
  cues,
  onSeek,
}: {
  duration: number;
  currentTime: number;
  buffered: number;
  cues: readonly ThumbCue[];
  onSeek: (time: number) => void;
}) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ time: number; x: number } | null>(null);
  const [drag, setDrag] = useState<number | null>(null);

  const timeAt = (event: ReactPointerEvent) => {
    const rect = bar.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || !(duration > 0)) return null;
    const x = Math.min(rect.width, Math.max(0, event.clientX - rect.left));
    return { time: (x / rect.width) * duration, x };
  };
  const shown = drag ?? currentTime;
  const percent = (n: number) => `${duration > 0 ? Math.min(100, (n / duration) * 100) : 0}%`;
  const cue = hover ? cueAt(cues, hover.time) : null;
  const width = bar.current?.clientWidth ?? 0;

  return (
    <div
      ref={bar}
      className="player__seek"
      data-testid="player-seek"
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shown)}
      aria-valuetext={`${clockTime(shown)} / ${clockTime(duration)}`}
      onPointerMove={(e) => {
        const at = timeAt(e);
        setHover(at);
        if (drag !== null && at) setDrag(at.time);
      }}
      onPointerLeave={() => {
        if (drag === null) setHover(null);
      }}
      onPointerDown={(e) => {
        const at = timeAt(e);
        if (!at) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag(at.time);
        setHover(at);
      }}
      onPointerUp={(e) => {
        const at = timeAt(e);
        if (drag !== null) onSeek(at?.time ?? drag);
        setDrag(null);
        if (e.pointerType !== 'mouse') setHover(null);
      }}
      onPointerCancel={() => {
        setDrag(null);
        setHover(null);
      }}
    >
      <div className="player__seek-track">
        <div className="player__seek-buffered" style={{ width: percent(buffered) }} />
        <div className="player__seek-played" style={{ width: percent(shown) }} />
        <div className="player__seek-handle" style={{ left: percent(shown) }} />
      </div>
      {hover ? (
        <div
          className="player__preview"
          data-testid="player-preview"
          style={{
            // Kept inside the bar: half the preview's width from either edge.
            left: `${Math.min(Math.max(hover.x, (cue?.w ?? 40) / 2), Math.max(width - (cue?.w ?? 40) / 2, 0))}px`,
          }}
        >
          {cue ? (
            <div
              className="player__preview-image"
              data-testid="player-thumb"
              style={{
                width: cue.w,
                height: cue.h,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
              }}
            />
          ) : null}
          <span className="player__preview-time">{clockTime(hover.time)}</span>
        </div>
      ) : null}
    </div>
  );
}

export interface ControlsProps {
  playing: boolean;
  muted: boolean;
  volume: number;
  currentTime: number;
  duration: number;
  fullscreen: boolean;
  qualities: Quality[];
  quality: string;
  onPlayPause: () => void;
  onStep: (direction: 1 | -1) => void;
  onMute: () => void;
  onVolume: (volume: number) => void;
  onQuality: (id: string) => void;
  onFullscreen: () => void;
}

export function ControlBar(p: ControlsProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState(false);
  const qualityLabel = (q: { id: string; label: string }) => (q.id === 'auto' ? t('player.auto') : q.label);
  return (
    <div className="player__bar">
      <button
        type="button"
        className="player__btn"
        data-testid="player-toggle"
        onClick={p.onPlayPause}
        aria-label={p.playing ? t('player.pause') : t('player.play')}
      >
        {p.playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button
        type="button"
        className="player__btn player__btn--step"
        data-testid="player-rewind"
        onClick={() => p.onStep(-1)}
        aria-label={t('player.rewind')}
      >
        <StepIcon direction={-1} />
      </button>
      <button
        type="button"
        className="player__btn player__btn--step"
        data-testid="player-forward"
        onClick={() => p.onStep(1)}
        aria-label={t('player.forward')}
      >
        <StepIcon direction={1} />
      </button>
      <button
        type="button"
        className="player__btn"
        onClick={p.onMute}
        aria-label={p.muted ? t('player.unmute') : t('player.mute')}
        aria-pressed={p.muted}
      >
        <VolumeIcon muted={p.muted || p.volume === 0} />
      </button>
      <input
        className="player__volume"
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={p.muted ? 0 : p.volume}
        aria-label={t('player.volume')}
        onChange={(e) => p.onVolume(Number(e.currentTarget.value))}
      />
      <span className="player__time" data-testid="player-time">
        {clockTime(p.currentTime)} / {clockTime(p.duration)}
      </span>
      <span className="player__spacer" />
      {p.qualities.length > 1 ? (
        <div className="player__quality">
          <button
            type="button"
            className="player__btn player__btn--label"
            data-testid="player-quality"
            aria-haspopup="menu"
            aria-expanded={menu}
            aria-label={t('player.quality')}
            onClick={() => setMenu((m) => !m)}
          >
            {qualityLabel(p.qualities.find((q) => q.id === p.quality) ?? { id: '', label: '' }) ||
              t('player.quality')}
          </button>
          {menu ? (
            <div
              className="player__menu"
              role="menu"
              data-testid="player-quality-menu"
              onKeyDown={(e) => {
                if (e.key !== 'Escape') return;
                e.stopPropagation();
                setMenu(false);
              }}
            >
              {p.qualities.map((q) => (
                <button
                  key={q.id}
                  type="button"
                  role="menuitemradio"
                  aria-checked={q.id === p.quality}
                  onClick={() => {
                    setMenu(false);
                    p.onQuality(q.id);
                  }}
                >
                  {qualityLabel(q)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className="player__btn"
        onClick={p.onFullscreen}
        aria-label={p.fullscreen ? t('player.exit_fullscreen') : t('player.fullscreen')}
      >
        <FullscreenIcon exit={p.fullscreen} />
      </button>
    </div>
  );
}

/** The seek bar over the control bar, fed by the model; qualities come from the engine once it runs. */
export function PlayerControls({
  model,
  cues,
  engine,
  commands,
}: {
  model: PlayerModel;
  cues: readonly ThumbCue[];
  engine: Engine | null;
  commands: {
    seekTo: (seconds: number) => void;
    togglePlay: () => void;
    step: (direction: 1 | -1) => void;
    toggleMute: () => void;
    setVolume: (volume: number) => void;
    toggleFullscreen: () => void;
  };
}) {
  return (
    <div className="player__controls">
      <SeekBar
        duration={model.duration}
        currentTime={model.currentTime}
        buffered={model.buffered}
        cues={cues}
        onSeek={commands.seekTo}
      />
      <ControlBar
        playing={model.state === 'playing'}
        muted={model.muted}
        volume={model.volume}
        currentTime={model.currentTime}
        duration={model.duration}
        fullscreen={model.fullscreen}
        qualities={engine?.qualities ?? []}
        quality={engine?.current ?? AUTO}
        onPlayPause={commands.togglePlay}
        onStep={commands.step}
        onMute={commands.toggleMute}
        onVolume={commands.setVolume}
        onQuality={(id) => engine?.setQuality(id)}
        onFullscreen={commands.toggleFullscreen}
      />
    </div>
  );
}
