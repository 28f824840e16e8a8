// The player (spec/content.md §4): a poster box rendered on the server, then, once the video-file
// call answers, a <video> fed by MP4 renditions or HLS, our own controls, the pre-roll and pause ads,
// the next-video countdown and the related panel. States idle, playing, paused, complete are exposed
// as data-state on the root.
//
// What it shows is one reducer (player-state.ts); each concern is a hook: the file list
// (use-video-files.ts), the thumbnails (use-thumbnails.ts), the engine (use-engine.ts), the pre-roll
// (use-preroll.ts), the view beacon (use-view-beacon.ts), the box's size (use-frame.ts), the commands
// and the keyboard (use-controls.ts), the <video>'s events (media-events.ts).
import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerCreative, PrerollConfig } from '../../../contract/ads.ts';
import type { VideoDetail } from '../../../contract/catalog.ts';
import { posterImageUrl } from '../../lib/card-image.ts';
import { PlayerControls } from './controls.tsx';
import { PrerollAd } from './lazy-preroll.tsx';
import { mediaEvents } from './media-events.ts';
import {
  EndRelated,
  ErrorView,
  NextCard,
  PauseAd,
  Poster,
  RelatedPanel,
  type RelatedVideo,
  StepLabel,
} from './overlays.tsx';
import { PartnerWatch } from './partner-watch.tsx';
import { initialPlayerModel, overlaysOf, playerReducer } from './player-state.ts';
import { useControls } from './use-controls.ts';
import { useEngine } from './use-engine.ts';
import { useFrame } from './use-frame.ts';
import { useGestures } from './use-gestures.ts';
import { usePreroll } from './use-preroll.ts';
import { useThumbnails } from './use-thumbnails.ts';
import { type FilesAccess, useVideoFiles } from './use-video-files.ts';
import { useViewBeacon } from './use-view-beacon.ts';

export type { PlayerState } from './player-state.ts';
export { RELATED_MIN_WIDTH } from './use-frame.ts';
export type { RelatedVideo };

export interface VideoPlayerProps {
  video: VideoDetail;
  /** The UK gate's share of the files (issue 34): none while it is shown, else with the page's pass. */
  media?: FilesAccess;
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

export function VideoPlayer(props: VideoPlayerProps) {
  // A new video is a new player: nothing of the previous one's state (view sent, ads seen) carries over.
  return <Player key={props.video.video_id} {...props} />;
}

function Player({
  video,
  media: access,
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
  const [model, dispatch] = useReducer(
    playerReducer,
    { startTime, duration: video.duration_sec, autoplay },
    initialPlayerModel,
  );
  const next = related[0] ?? null;

  const { files, failed, setFailed, retry } = useVideoFiles(video.video_id, access);
  const cues = useThumbnails(files?.timelines_vtt ?? null);
  const viewTimer = useViewBeacon(video.video_id);
  const { engine, play } = useEngine({ root, media, files, startTime, dispatch, onFailed: setFailed });
  const { start, finish } = usePreroll({
    hasPreroll: preroll !== null,
    autoplay,
    files,
    media,
    play,
    dispatch,
  });
  useFrame(root, dispatch);
  const commands = useControls({ root, media, engine, model, dispatch, play, start, next, onNext });
  const gestures = useGestures({
    onToggle: commands.togglePlay,
    onStep: commands.step,
    onFullscreen: commands.toggleFullscreen,
    onWake: commands.wake,
  });

  const el = media.current;
  const info = engine.current;
  const shown = overlaysOf(model, {
    embed,
    hasRelated: related.length > 0,
    hasNext: next !== null,
    hasPauseAd: pauseAd !== null,
  });

  return (
    <div
      ref={root}
      className={`player${model.active ? ' player--active' : ''}${embed ? ' player--embed' : ''}`}
      data-state={model.state}
      data-testid="player"
      tabIndex={-1}
      onKeyDown={commands.onKeyDown}
      onPointerMove={commands.wake}
      aria-label={t('video.player')}
      role="region"
    >
      {files ? (
        <video
          ref={media}
          className="player__video"
          poster={posterImageUrl(files.poster ?? video.scr)}
          preload="metadata"
          playsInline
          muted={autoplay}
          data-testid="player-video"
          {...mediaEvents({ dispatch, viewTimer, autoAdvance: !embed && next !== null, onFailed: setFailed })}
        />
      ) : null}

      {/* The surface under the controls: click/tap to play, pause, show controls; double-tap sides to step. */}
      <div className="player__surface" {...gestures} aria-hidden="true" />

      {!model.started ? <Poster src={video.scr} failed={failed} root={root} onStart={start} /> : null}

      {shown.spinner ? <div className="player__spinner" aria-hidden="true" /> : null}
      {model.stepShown !== null ? <StepLabel offset={model.stepShown} /> : null}

      {shown.pausedRelated ? (
        <RelatedPanel videos={related} embed action={{ label: t('player.play'), run: play }} />
      ) : null}
      {shown.pauseAd && pauseAd ? (
        <PauseAd
          creative={pauseAd}
          split={shown.pausedRelated}
          onClose={() => dispatch({ type: 'close-ad' })}
        />
      ) : null}

      {shown.nextCard && next ? (
        <NextCard
          next={next}
          onPlayNow={commands.goNext}
          onCancel={() => dispatch({ type: 'cancel-next' })}
        />
      ) : null}
      {shown.endRelated || shown.replayButton ? (
        <EndRelated videos={related} embed={embed} fits={shown.endRelated} onReplay={commands.replay} />
      ) : null}

      {model.prerollActive && preroll ? (
        <div className="player__preroll">
          <PrerollAd config={preroll} mobile={isMobile()} onDone={finish} />
        </div>
      ) : null}

      {failed ? <ErrorView onRetry={retry} /> : null}

      {/* content.md §2: a partner channel's 'Watch' button (partner-watch.tsx). */}
      <PartnerWatch channel={video.channel} />

      {model.started && el && !shown.ended ? (
        <PlayerControls model={model} cues={cues} engine={info} commands={commands} />
      ) : null}
    </div>
  );
}

function isMobile(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
