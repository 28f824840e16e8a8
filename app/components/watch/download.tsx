// Downloads (content.md §2 "Modals on content", §4 "Telegram download", §6): guests get the Login modal;
// members get the format list. Before a member's first download the messenger variant asks them to
// subscribe to the site's channel: the first click on the subscribe link starts a 10 s wait, then the
// download activates; an earlier click flashes an error for 700 ms. Russian-speaking viewers see the
// channel's bot instead. On iOS the modal points to the app instead of a file. The plain and messenger
// dialogs end with the browser extension's store link (§2 "Download (browser extension store link)"):
// EXTENSION_STORE_URL, or the site's own extension page /download/ with the video's title, address and
// poster while the operator has set none (docs/decisions.md, issue 34).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../../../contract/catalog.ts';
import { VIDEOFILE_LIFETIME } from '../../../contract/videofile-values.ts';
import { downloadPath } from '../../../contract/watch-values.ts';
import { getVideoFiles } from '../../lib/api-client.ts';
import { videoPath } from '../../lib/links.ts';
import { Modal } from '../modal.tsx';

/**
 * Site settings of the download flow, from the configuration (root data `links`, server/config.ts):
 * each step is left out while its address is unset, so a fresh site offers the plain download only.
 */
export interface DownloadSettings {
  /** DOWNLOAD_CHANNEL_URL: the messenger channel members are asked to join; null: no messenger step. */
  channelUrl: string | null;
  /** DOWNLOAD_BOT_URL: shown instead of the download to Russian viewers; null: they get the download. */
  botUrl: string | null;
  /** TV_APP_URL: where iOS viewers are sent; null: they get the download. */
  appUrl: string | null;
  /** EXTENSION_STORE_URL: the browser extension's store page; null: the site's /download/ page. */
  extensionUrl: string | null;
}

export function downloadSettings(
  links:
    | {
        tvApp: string | null;
        downloadChannel?: string | null;
        downloadBot?: string | null;
        extensionStore?: string | null;
      }
    | undefined,
): DownloadSettings {
  return {
    channelUrl: links?.downloadChannel ?? null,
    botUrl: links?.downloadBot ?? null,
    appUrl: links?.tvApp ?? null,
    extensionUrl: links?.extensionStore ?? null,
  };
}

type ExtensionVideo = Pick<VideoDetail, 'video_id' | 'dir' | 'title'> & { scr?: string | null };

/** The site's extension page for a video (content.md §2 /download: query title, video, thumb). */
export function extensionPagePath(video: ExtensionVideo): string {
  const query = new URLSearchParams({ title: video.title, video: videoPath(video) });
  if (video.scr) query.set('thumb', video.scr);
  return `/download/?${query}`;
}

/** Where the dialog's extension link goes: the store when configured, else the site's extension page. */
export function extensionHref(
  settings: Pick<DownloadSettings, 'extensionUrl'>,
  video: ExtensionVideo,
): string {
  return settings.extensionUrl ?? extensionPagePath(video);
}

function ExtensionLink({ video, settings }: { video: VideoDetail; settings: DownloadSettings }) {
  const { t } = useTranslation();
  const external = settings.extensionUrl !== null;
  return (
    <p className="download__extension">
      <span className="muted">{t('watch.extension.intro')}</span>{' '}
      <a
        href={extensionHref(settings, video)}
        data-extension-link={external ? 'store' : 'page'}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {t('watch.extension.store')}
      </a>
    </p>
  );
}

export const TG_WAIT_MS = 10_000;
export const TG_FLASH_MS = 700;
/** Remembers in the browser that the member went through the messenger step once. */
export const TG_DONE_KEY = 'download_tg_done';

export type DownloadVariant = 'ios' | 'tg' | 'plain';

export function isIOS(userAgent: string, platform = '', touchPoints = 0): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && touchPoints > 1);
}

export function pickDownloadVariant(settings: DownloadSettings): DownloadVariant {
  if (settings.appUrl && isIOS(navigator.userAgent, navigator.platform, navigator.maxTouchPoints))
    return 'ios';
  if (!settings.channelUrl) return 'plain';
  try {
    if (window.localStorage.getItem(TG_DONE_KEY) === '1') return 'plain';
  } catch {
    // No storage: ask every time.
  }
  return 'tg';
}

export function isRussianViewer(lang: string, country: string | null): boolean {
  return lang === 'ru' || country === 'ru' || /^ru\b/i.test(navigator.language);
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

interface Format {
  format: string;
  height: number | null;
  size: number | null;
}

/** Formats from the page's video, sizes from the player's file call (its failure is only logged). */
function useFormats(video: VideoDetail): Format[] {
  const mp4 = video.files.filter((f) => f.mime === 'video/mp4');
  const [sizes, setSizes] = useState<Record<string, number>>({});
  useEffect(() => {
    let live = true;
    getVideoFiles(video.video_id)
      .then((body) => {
        if (!live) return;
        setSizes(Object.fromEntries(body.sources.map((s) => [s.format, s.size])));
      })
      .catch((error: unknown) => console.warn('videofile', VIDEOFILE_LIFETIME, error));
    return () => {
      live = false;
    };
  }, [video.video_id]);
  return mp4
    .map((f) => ({ format: f.format, height: f.height, size: sizes[f.format] ?? null }))
    .sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
}

function FormatList({
  video,
  disabled,
  onBlocked,
}: {
  video: VideoDetail;
  disabled?: boolean;
  onBlocked?: () => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats(video);
  if (formats.length === 0) return <p className="muted">{t('watch.download_none')}</p>;
  return (
    <ul className="download__formats">
      {formats.map((f) => (
        <li key={f.format}>
          <a
            href={downloadPath(video.video_id, f.format)}
            className={
              disabled ? 'button download__link is-disabled' : 'button button--primary download__link'
            }
            aria-disabled={disabled || undefined}
            download
            onClick={(event) => {
              if (!disabled) return;
              event.preventDefault();
              onBlocked?.();
            }}
          >
            {t('watch.download_format', { format: f.format })}
            {f.size !== null ? <span className="download__size">{formatSize(f.size)}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function DownloadModal({
  video,
  settings,
  onClose,
}: {
  video: VideoDetail;
  settings: DownloadSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('watch.download_title')} onClose={onClose} className="download">
      <p className="muted">{t('watch.download_intro')}</p>
      <FormatList video={video} />
      <ExtensionLink video={video} settings={settings} />
    </Modal>
  );
}

type TgPhase = { kind: 'idle' } | { kind: 'waiting'; until: number } | { kind: 'ready' };

export function DownloadTgModal({
  video,
  russian,
  settings,
  onClose,
}: {
  video: VideoDetail;
  /** A Russian viewer, and the bot is configured. */
  russian: boolean;
  settings: DownloadSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<TgPhase>({ kind: 'idle' });
  const [flash, setFlash] = useState(false);
  const [left, setLeft] = useState(Math.ceil(TG_WAIT_MS / 1000));
  const flashTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (phase.kind !== 'waiting') return;
    const tick = () => {
      const remaining = phase.until - Date.now();
      if (remaining <= 0) {
        setPhase({ kind: 'ready' });
        try {
          window.localStorage.setItem(TG_DONE_KEY, '1');
        } catch {
          // The step is simply asked again next time.
        }
      } else setLeft(Math.ceil(remaining / 1000));
    };
    const done = window.setTimeout(tick, phase.until - Date.now());
    const every = window.setInterval(tick, 250);
    return () => {
      window.clearTimeout(done);
      window.clearInterval(every);
    };
  }, [phase]);
  useEffect(() => () => window.clearTimeout(flashTimer.current), []);

  const subscribe = () => {
    if (phase.kind === 'idle') setPhase({ kind: 'waiting', until: Date.now() + TG_WAIT_MS });
  };
  const blocked = () => {
    window.clearTimeout(flashTimer.current);
    setFlash(true);
    flashTimer.current = window.setTimeout(() => setFlash(false), TG_FLASH_MS);
  };

  return (
    <Modal title={t('watch.download_title')} onClose={onClose} className="download download--tg">
      {russian ? (
        <>
          <p>{t('watch.tg_bot_intro')}</p>
          <a
            href={settings.botUrl ?? undefined}
            className="button button--primary"
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('watch.tg_bot')}
          </a>
        </>
      ) : (
        <>
          <p>{t('watch.tg_intro')}</p>
          <a
            href={settings.channelUrl ?? undefined}
            className="button download__subscribe"
            target="_blank"
            rel="noopener noreferrer"
            onClick={subscribe}
          >
            {t('watch.tg_subscribe')}
          </a>
          <p className="download__status" aria-live="polite">
            {phase.kind === 'waiting' ? t('watch.tg_wait', { count: left }) : null}
            {phase.kind === 'ready' ? t('watch.tg_ready') : null}
          </p>
          <p className={flash ? 'download__error is-flashing' : 'download__error'} role="alert">
            {flash ? t('watch.tg_error') : null}
          </p>
          <FormatList video={video} disabled={phase.kind !== 'ready'} onBlocked={blocked} />
          <ExtensionLink video={video} settings={settings} />
        </>
      )}
    </Modal>
  );
}

export function DownloadIosModal({ appUrl, onClose }: { appUrl: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('watch.download_title')} onClose={onClose} className="download download--ios">
      <p>{t('watch.ios_intro')}</p>
      <a href={appUrl} className="button button--primary" target="_blank" rel="noopener noreferrer">
        {t('watch.ios_app')}
      </a>
    </Modal>
  );
}
