// The lists of a member page: videos (favourites, watch later, history, the profile's latest uploads),
// playlists (the owner's with Edit and Delete) and subscriptions. Each item carries data-card-id.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { SubscriptionItem } from '../../../contract/acts.ts';
import type { MemberPlaylist } from '../../../contract/members.ts';
import { relativeDate } from '../../lib/format.ts';
import { useRootData } from '../../lib/route-data.ts';
import { Pagination } from '../pagination.tsx';
import { PlaylistFormModal } from '../playlist/playlist-form-modal.tsx';
import { PlaylistOwnerTools } from '../playlist/playlist-owner.tsx';
import { type CardView, useClientLinks, VideoCard } from '../video-card.tsx';
import { subscriptionHref } from './member-data.ts';

/** The video cards' texts, translated once per grid (video-card.tsx). */
export function useCardLabels() {
  const { t } = useTranslation();
  const now = useRootData()?.now ?? Date.now();
  return {
    hd: t('card.hd'),
    duration: t('card.duration'),
    views: (count: number) => t('card.views', { count }),
    rating: t('card.rating'),
    date: (postDate: string) => {
      const { key, count } = relativeDate(postDate, now);
      return t(`misc.date.${key}`, { count });
    },
  };
}

/** Video cards in the listing grid, each wrapped with its id for tests and scripts. */
export function MemberVideoGrid({ videos }: { videos: readonly CardView[] }) {
  const onClick = useClientLinks();
  const labels = useCardLabels();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated link clicks, not a control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the links inside raises click.
    <div className="grid member-grid" onClick={onClick}>
      {videos.map((video) => (
        <div key={video.video_id} className="member-grid__item" data-card-id={video.video_id}>
          <VideoCard video={video} labels={labels} />
        </div>
      ))}
    </div>
  );
}

/** A page of videos, or the list's empty message, and the pagination. */
export function MemberVideos({
  videos,
  page,
  pages,
  empty,
  href,
}: {
  videos: readonly CardView[];
  page: number;
  pages: number;
  empty: string;
  href: (page: number) => string;
}) {
  return (
    <>
      {videos.length ? <MemberVideoGrid videos={videos} /> : <p className="empty">{empty}</p>}
      <Pagination current={page} count={pages} href={href} />
    </>
  );
}

function Thumb({ image, title }: { image: string | null; title: string }) {
  return (
    <span className="category__thumb">
      {image ? (
        <img src={image} alt="" loading="lazy" decoding="async" width={320} height={180} />
      ) : (
        <span className="category__initial" aria-hidden="true">
          {title.charAt(0)}
        </span>
      )}
    </span>
  );
}

export function MemberPlaylists({
  playlists,
  own,
  ownerId,
  page,
  pages,
  href,
}: {
  playlists: readonly MemberPlaylist[];
  own: boolean;
  ownerId: number;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [creating, setCreating] = useState(false);
  return (
    <>
      {own ? (
        <p className="member-section__tools">
          <button
            type="button"
            className="button button--primary"
            data-action="playlist-new"
            onClick={() => setCreating(true)}
          >
            {t('member.new_playlist')}
          </button>
        </p>
      ) : null}
      {playlists.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="grid grid--categories member-playlists">
        {playlists.map((p) => (
          <li
            key={p.playlist_id}
            className="member-playlist"
            data-card-id={p.playlist_id}
            data-private={p.private ? '1' : undefined}
          >
            <Link to={`/playlist/${p.playlist_id}/`} className="category">
              <Thumb image={p.scr} title={p.title} />
              <span className="category__title">{p.title}</span>
              <span className="category__count">
                {t('catalogue.videos_count', { count: p.total_videos })}
              </span>
            </Link>
            {own ? (
              <PlaylistOwnerTools
                playlist={{
                  playlist_id: p.playlist_id,
                  title: p.title,
                  description: p.description,
                  private: p.private,
                  orientation: p.orientation ?? 'str',
                  categories: p.categories ?? [],
                  user_id: ownerId,
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination current={page} count={pages} href={href} />
      {creating ? (
        <PlaylistFormModal
          mode="new"
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </>
  );
}

export function MemberSubscriptions({
  subscriptions,
  page,
  pages,
  href,
}: {
  subscriptions: readonly SubscriptionItem[];
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {subscriptions.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="grid grid--models member-subscriptions">
        {subscriptions.map((s) => (
          <li
            key={`${s.section}-${s.object_id}`}
            className="member-subscription"
            data-card-id={`${s.section}-${s.object_id}`}
            data-section={s.section}
          >
            <Link to={subscriptionHref(s)} className="category">
              <Thumb image={s.img} title={s.title} />
              <span className="category__title">{s.title}</span>
              <span className="category__count">
                {t(`member.kind.${s.section}`)} · {t('member.count.subscribers', { count: s.subscribers })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination current={page} count={pages} href={href} />
    </>
  );
}
