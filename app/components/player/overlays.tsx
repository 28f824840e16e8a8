// What covers the picture: the poster with its big play button, the next-video card with its
// countdown, the end screen, the related panel, the pause ad and the error view.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerCreative } from '../../../contract/ads.ts';
import type { VideoCard } from '../../../contract/catalog.ts';
import { posterImageUrl } from '../../lib/card-image.ts';
import { videoPath } from '../../lib/links.ts';
import { AdBanner } from '../ads/banner.tsx';
import { PlayIcon, ReplayIcon } from './icons.tsx';

/** What the player needs of a related video (VideoCard or the page's lighter card view). */
export type RelatedVideo = Pick<VideoCard, 'video_id' | 'dir' | 'title' | 'scr' | 'duration'>;

/** §4: the next-video card counts down 12 s. */
export const NEXT_COUNTDOWN_SECONDS = 12;

export function NextCard({
  next,
  onPlayNow,
  onCancel,
}: {
  next: RelatedVideo;
  onPlayNow: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(NEXT_COUNTDOWN_SECONDS);
  useEffect(() => {
    // Counted from a deadline, not by ticks: a throttled background tab still advances on time.
    const deadline = Date.now() + NEXT_COUNTDOWN_SECONDS * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, []);
  const fired = useRef(false);
  useEffect(() => {
    if (left > 0 || fired.current) return;
    fired.current = true;
    onPlayNow();
  }, [left, onPlayNow]);
  return (
    <section className="player__next" data-testid="player-next" aria-live="polite">
      <p className="player__next-label">
        {t('player.next_in')}{' '}
        <span className="player__countdown" data-testid="player-countdown">
          {left}
        </span>
      </p>
      <div className="player__next-video">
        <img src={next.scr} alt="" width={160} height={90} loading="lazy" />
        <span className="player__next-title">{next.title}</span>
      </div>
      <div className="player__next-actions">
        <button type="button" className="player__btn-text" onClick={onCancel}>
          {t('player.cancel')}
        </button>
        <button type="button" className="player__btn-text player__btn-text--primary" onClick={onPlayNow}>
          {t('player.play_now')}
        </button>
      </div>
    </section>
  );
}

export function RelatedPanel({
  videos,
  embed,
  action,
}: {
  videos: readonly RelatedVideo[];
  embed: boolean;
  /** Replay at the end, resume on pause. */
  action?: { label: string; run: () => void };
}) {
  const { t } = useTranslation();
  return (
    <section className="player__related" data-testid="player-related" aria-label={t('player.related')}>
      <header className="player__related-head">
        <h2>{t('player.related')}</h2>
        {action ? (
          <button type="button" className="player__btn-text" onClick={action.run}>
            {action.label}
          </button>
        ) : null}
      </header>
      <ul className="player__related-list">
        {videos.slice(0, 8).map((v) => (
          <li key={v.video_id}>
            {/* In an embed the site opens in a new tab: the host page stays. */}
            <a href={videoPath(v)} {...(embed ? { target: '_blank', rel: 'noopener' } : {})}>
              <img src={v.scr} alt="" width={160} height={90} loading="lazy" />
              <span className="player__related-duration">{v.duration}</span>
              <span className="player__related-title">{v.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The pause ad (§4: shown on pause, hidden on play or seek), scaled down whole to the room the player
 * leaves above its control bar (a 300x250 creative in a 211 px phone player), never cropped: an image and
 * an iframe creative alike. The close button sits inside the creative's corner, so it is always on screen.
 * `split`: in an embed it shares the pause with the related panel, in a column of its own (player-overlays.css).
 */
export function PauseAd({
  creative,
  split = false,
  onClose,
}: {
  creative: BannerCreative;
  split?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLElement>(null);
  const scale = useFit(area, creative.width, creative.height);
  return (
    <aside
      ref={area}
      className={`player__pause-ad${split ? ' player__pause-ad--split' : ''}`}
      data-testid="player-pause-ad"
      aria-label={t('player.ad')}
    >
      <div
        className="player__pause-ad-box"
        // Hidden until measured: an unscaled creative never flashes over the controls.
        style={
          scale === null
            ? { visibility: 'hidden' }
            : { width: creative.width * scale, height: creative.height * scale }
        }
      >
        <div className="player__pause-ad-creative" style={{ scale: String(scale ?? 1) }}>
          <AdBanner creative={creative} />
        </div>
        <button
          type="button"
          className="player__pause-ad-close"
          onClick={onClose}
          aria-label={t('player.close_ad')}
        >
          ×
        </button>
      </div>
    </aside>
  );
}

/** The scale (at most 1) at which a width × height box fits the element's content box; null before it is measured. */
function useFit(area: RefObject<HTMLElement | null>, width: number, height: number): number | null {
  const [scale, setScale] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const measure = () => setScale(Math.min(1, el.clientWidth / width, el.clientHeight / height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [area, width, height]);
  return scale;
}

export function ErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="player__error" role="alert" data-testid="player-error">
      <p>{t('player.error')}</p>
      <button type="button" className="player__btn-text player__btn-text--primary" onClick={onRetry}>
        {t('player.retry')}
      </button>
    </div>
  );
}

/** Before the first play: the server-rendered poster, and the big play button unless the files failed. */
export function Poster({
  src,
  failed,
  root,
  onStart,
}: {
  src: string;
  failed: boolean;
  root: RefObject<HTMLDivElement | null>;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="player__poster">
      <img src={posterImageUrl(src)} alt="" width={1280} height={720} fetchPriority="high" decoding="async" />
      {failed ? null : (
        <button
          type="button"
          className="player__big-play"
          data-testid="player-play"
          onClick={() => {
            // The button goes away on play: keep the keyboard in the player (space, arrows, f, m).
            root.current?.focus({ preventScroll: true });
            onStart();
          }}
          aria-label={t('player.play')}
        >
          <PlayIcon size={34} />
        </button>
      )}
    </div>
  );
}

/** The ±10 s burst's label, e.g. "-20 s". */
export function StepLabel({ offset }: { offset: number }) {
  const { t } = useTranslation();
  return (
    <div className="player__step" aria-live="polite" data-testid="player-step">
      {t('player.step', { seconds: offset > 0 ? `+${offset}` : String(offset) })}
    </div>
  );
}

/** After the end: the related panel with a replay action where it fits, else a big replay button. */
export function EndRelated({
  videos,
  embed,
  fits,
  onReplay,
}: {
  videos: readonly RelatedVideo[];
  embed: boolean;
  fits: boolean;
  onReplay: () => void;
}) {
  const { t } = useTranslation();
  if (fits)
    return (
      <RelatedPanel videos={videos} embed={embed} action={{ label: t('player.replay'), run: onReplay }} />
    );
  return (
    <button type="button" className="player__big-play" onClick={onReplay} aria-label={t('player.replay')}>
      <ReplayIcon size={34} />
    </button>
  );
}
