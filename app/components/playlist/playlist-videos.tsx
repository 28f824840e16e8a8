// A playlist page's videos: cards that open the video in the playlist (`?playlist={id}` and the strip
// page holding it, so the strip and the player's next follow the playlist), and for the owner a Remove
// button on each (content.md §6: remove-from-playlist only for the owner). The cards are the listing
// cards' markup and styles (video-card.tsx), with the playlist's address.
import { useTranslation } from 'react-i18next';
import { relativeDate, shortNumber } from '../../lib/format.ts';
import { useRootData } from '../../lib/route-data.ts';
import { type CardView, useClientLinks } from '../video-card.tsx';
import { playlistVideoPath, STRIP_PAGE_SIZE } from '../watch/playlist-strip.tsx';
import { TrashIcon } from './icons.tsx';

/** The strip page (pl_page) of the video at `index` (from 0) on playlist page `page` of `perPage`. */
export function stripPageOf(page: number, perPage: number, index: number): number {
  return Math.floor(((page - 1) * perPage + index) / STRIP_PAGE_SIZE) + 1;
}

export function PlaylistVideos({
  playlistId,
  videos,
  page,
  perPage,
  onRemove,
  removing,
}: {
  playlistId: number;
  videos: readonly CardView[];
  page: number;
  perPage: number;
  /** The owner's Remove (absent for everyone else). */
  onRemove?: (video: CardView) => void;
  /** The video whose removal is being sent. */
  removing?: number | null;
}) {
  const { t } = useTranslation();
  const onClick = useClientLinks();
  const now = useRootData()?.now ?? Date.now();
  if (videos.length === 0) return <p className="empty">{t('listing.videos_not_found')}</p>;
  return (
    // Keyboard activation of a link fires the same click event, so this stays keyboard-accessible.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated link clicks, not a control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the links inside raises click.
    <div className="grid playlist-videos" onClick={onClick}>
      {videos.map((video, index) => {
        const date = video.post_date ? relativeDate(video.post_date, now) : null;
        return (
          <article key={video.video_id} className="card playlist-card">
            <a href={playlistVideoPath(video, playlistId, stripPageOf(page, perPage, index))}>
              <div className="card__thumb">
                <img src={video.scr} alt="" loading="lazy" decoding="async" width={320} height={180} />
                {video.hd ? <span className="badge--hd">{t('card.hd')}</span> : null}
                <span className="badge--duration">
                  <span className="sr-only">{t('card.duration')} </span>
                  {video.duration}
                </span>
              </div>
              <h3 className="card__title">{video.title}</h3>
            </a>
            <p className="card__meta">
              <span>
                {shortNumber(video.video_viewed)}
                <span className="sr-only"> {t('card.views', { count: video.video_viewed })}</span>
              </span>
              {video.rated === false ? null : (
                <span>
                  {Math.round(video.rating)}%<span className="sr-only"> {t('card.rating')}</span>
                </span>
              )}
              {video.post_date && date ? (
                <time dateTime={video.post_date}>{t(`misc.date.${date.key}`, { count: date.count })}</time>
              ) : null}
            </p>
            {onRemove ? (
              <button
                type="button"
                className="playlist-card__remove"
                data-action="playlist-remove"
                data-video-id={video.video_id}
                aria-label={t('playlists.page.remove', { title: video.title })}
                title={t('playlists.page.remove_short')}
                disabled={removing === video.video_id}
                onClick={() => onRemove(video)}
              >
                <TrashIcon />
              </button>
            ) : null}
          </article>
        );
      })}
    </div>
  );
}
