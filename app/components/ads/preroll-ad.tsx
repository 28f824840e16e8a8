// The VAST pre-roll (spec content.md §4): shown over the player before the first play. Tags are tried
// in order (the primary, then the backups) on any ad error, then the operator's fallback media, then
// playback starts without an ad. Skip is offered after 5 s; impression, start, quartiles, complete,
// skip and click-through are reported through the library's VASTTracker. The site's own ad accounting
// (issue 32) counts the same moments per creative (impression and start when it plays, the quartiles by
// its progress, complete, skip, click) and the zone's frequency cap: at its cap there is no pre-roll.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AD_CREATIVE_FALLBACK,
  type AdEvent,
  PREROLL_TIMING,
  type PrerollConfig,
} from '../../../contract/ads-viewer.ts';
import { countAd, noteShown, underCap, usePageView } from './ad-events.ts';
import { useAds } from './use-ads.ts';
import { detectMobile, loadVastAd, type VastAd } from './vast.ts';

/** The quartile events by the share of the ad played. */
const QUARTILES: Array<[share: number, event: AdEvent]> = [
  [0.25, 'firstQuartile'],
  [0.5, 'midpoint'],
  [0.75, 'thirdQuartile'],
];

export interface PrerollAdProps {
  config: PrerollConfig;
  /** true on phones and tablets: the 10 s request timeout instead of 5 s. */
  mobile: boolean;
  /** Called once when the ad ends, is skipped, or fails with no fallback left; the player then plays. */
  onDone: () => void;
}

type Candidate =
  | { kind: 'tag'; url: string }
  | { kind: 'fallback'; mediaUrl: string; clickUrl: string | null };

function candidatesOf(config: PrerollConfig): Candidate[] {
  const list: Candidate[] = config.tags.map((url) => ({ kind: 'tag', url }));
  if (config.fallback) list.push({ kind: 'fallback', ...config.fallback });
  return list;
}

/** content.md §7: "an ad-tracker GET is sent on a pre-roll loading event" (no answer is read). */
function sendLoadTracker(url: string | null | undefined) {
  if (!url) return;
  fetch(url, { mode: 'no-cors', credentials: 'omit', keepalive: true }).catch(() => undefined);
}

export function PrerollAd({ config, mobile, onDone }: PrerollAdProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  // A revalidated root loader hands over an equal but new config object: that must not restart the ad.
  const configKey = JSON.stringify(config);
  const configRef = useRef(config);
  configRef.current = config;
  const finished = useRef(false);
  const cursor = useRef(0);
  /** Bumped by each setup and cleanup: a load still running for an older setup drops its result. */
  const run = useRef(0);
  const started = useRef(false);
  const [ad, setAd] = useState<VastAd | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [muted, setMuted] = useState(false);
  const view = usePageView();
  // Read when the ad would start (a ref: a new page view must not restart an ad playing).
  const capping = useRef({ cap: 0, view });
  capping.current = { cap: useAds().caps.preroll ?? 0, view };
  /** The accounting events already counted for the ad playing (each once per ad). */
  const counted = useRef(new Set<AdEvent>());
  const count = (event: AdEvent) => {
    if (!ad || counted.current.has(event)) return;
    counted.current.add(event);
    countAd('preroll', ad.creativeId, event);
  };

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    setAd(null);
    doneRef.current();
  }, []);

  /** Tries the candidates from the cursor on; the first that yields a playable ad is shown. */
  const advance = useCallback(
    async (id: number) => {
      const config = configRef.current;
      const candidates = candidatesOf(config);
      const timeoutMs = mobile || detectMobile() ? config.timeoutMobileMs : config.timeoutDesktopMs;
      const video = videoRef.current;
      const canPlay = (mime: string) => mime === 'video/mp4' || (!!mime && video?.canPlayType(mime) !== '');
      const stale = () => finished.current || id !== run.current;
      while (!stale() && cursor.current < candidates.length) {
        const candidate = candidates[cursor.current] as Candidate;
        cursor.current += 1;
        if (candidate.kind === 'fallback') {
          setAd({
            mediaUrl: candidate.mediaUrl,
            clickUrl: candidate.clickUrl,
            tracker: null,
            creativeId: AD_CREATIVE_FALLBACK,
          });
          return;
        }
        try {
          const next = await loadVastAd(candidate.url, {
            timeoutMs,
            wrapperLimit: config.maxRedirects,
            canPlay,
            width: video?.clientWidth || 640,
          });
          if (stale()) return;
          setAd(next);
          return;
        } catch {
          // An ad error: the next backup tag (content.md §4).
        }
      }
      if (!stale()) finish();
    },
    [mobile, finish],
  );

  // "Pre-roll setup tries up to 50 times at 100 ms": wait for the video element, then load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: configKey: a config different by value is a new pre-roll.
  useEffect(() => {
    const id = ++run.current;
    finished.current = false;
    cursor.current = 0;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const setup = () => {
      if (finished.current) return;
      // The zone's frequency cap (issue 32), checked when the ad would start: at the cap, no ad.
      const { cap, view: at } = capping.current;
      if (cap > 0 && !underCap('preroll', cap, at)) {
        finish();
        return;
      }
      if (videoRef.current) {
        sendLoadTracker(configRef.current.trackerUrl);
        void advance(id);
        return;
      }
      tries += 1;
      if (tries >= PREROLL_TIMING.setupTries) finish();
      else timer = setTimeout(setup, PREROLL_TIMING.setupIntervalMs);
    };
    setup();
    return () => {
      clearTimeout(timer);
      // Leaving the page mid-ad must not start the player later.
      run.current += 1;
    };
  }, [advance, finish, configKey]);

  // A new creative: start it (muted when the browser refuses sound without a gesture).
  useEffect(() => {
    const video = videoRef.current;
    if (!ad || !video) return;
    started.current = false;
    counted.current = new Set();
    setElapsed(0);
    video.muted = false;
    video.src = ad.mediaUrl;
    video.play().catch(() => {
      video.muted = true;
      setMuted(true);
      ad.tracker?.setMuted(true);
      video.play().catch(() => undefined);
    });
    ad.tracker?.on('clickthrough', (url) => {
      window.open(url, '_blank', 'noopener');
    });
  }, [ad]);

  const onMediaError = () => {
    ad?.tracker?.errorWithCode('405');
    setAd(null);
    void advance(run.current);
  };

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || !ad) return;
    setElapsed(video.currentTime);
    ad.tracker?.setProgress(video.currentTime);
    const share = video.duration > 0 ? video.currentTime / video.duration : 0;
    for (const [at, event] of QUARTILES) if (share >= at) count(event);
  };

  const onPlaying = () => {
    if (started.current || !ad) return;
    started.current = true;
    ad.tracker?.trackImpression();
    count('impression');
    count('start');
    noteShown('preroll', view);
  };

  const skipIn = Math.max(0, Math.ceil(config.skipOffsetSeconds - elapsed));
  const skip = () => {
    if (skipIn > 0) return;
    ad?.tracker?.skip();
    count('skip');
    finish();
  };

  // A click opens the advertiser's page and pauses the ad; the next click resumes it.
  const click = () => {
    const video = videoRef.current;
    if (!ad || !video) return;
    if (video.paused) {
      video.play().catch(() => undefined);
      return;
    }
    if (ad.tracker) ad.tracker.click(ad.clickUrl);
    else if (ad.clickUrl) window.open(ad.clickUrl, '_blank', 'noopener');
    else return;
    count('click');
    video.pause();
  };

  if (finished.current) return null;
  return (
    <div className={`preroll${ad ? ' preroll--playing' : ''}`} data-testid="preroll">
      {/* biome-ignore lint/a11y/useMediaCaption: advertiser creatives come without caption tracks. */}
      <video
        ref={videoRef}
        className="preroll__video"
        playsInline
        preload="auto"
        onLoadedMetadata={(event) => {
          ad?.tracker?.setDuration(event.currentTarget.duration);
          ad?.tracker?.load();
        }}
        onPlaying={onPlaying}
        onTimeUpdate={onTimeUpdate}
        onPause={() => ad?.tracker?.setPaused(true)}
        onPlay={() => ad?.tracker?.setPaused(false)}
        onEnded={() => {
          ad?.tracker?.complete();
          count('complete');
          finish();
        }}
        onError={ad ? onMediaError : undefined}
        onClick={click}
      />
      {ad ? (
        <>
          <span className="preroll__label">{t('ads.badge')}</span>
          {muted ? (
            <button
              type="button"
              className="preroll__unmute"
              onClick={() => {
                const video = videoRef.current;
                if (!video) return;
                video.muted = false;
                setMuted(false);
                ad.tracker?.setMuted(false);
              }}
            >
              {t('ads.unmute')}
            </button>
          ) : null}
          <button type="button" className="preroll__skip" disabled={skipIn > 0} onClick={skip}>
            {skipIn > 0 ? t('ads.skip_in', { count: skipIn }) : t('ads.skip')}
          </button>
        </>
      ) : (
        <span className="preroll__loading">{t('ads.loading')}</span>
      )}
    </div>
  );
}
