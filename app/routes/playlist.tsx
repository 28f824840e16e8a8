// A playlist's page (content.md §2 "Model, channel and playlist video pages"): its videos, 20 a page,
// each opening the video in the playlist; the info tab. Its owner also sees it when it is private (kept
// out of search engines), every video of it in the playlist's order, and the Edit, Delete and Remove
// controls (§6). Anyone else gets 404 for a private playlist.
import playlists from 'virtual:en/playlists';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useLocation } from 'react-router';
import { PLAYLIST_STRIP_PAGE_SIZE } from '../../contract/acts-values.ts';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { InfoList, ObjectHeader } from '../components/catalogue/object-page.tsx';
import { CategoryStrip } from '../components/catalogue/video-list.tsx';
import { FilterBar } from '../components/listing-controls.tsx';
import { useMemberAct } from '../components/member-act.ts';
import { Pagination } from '../components/pagination.tsx';
import { PlaylistOwnerTools } from '../components/playlist/playlist-owner.tsx';
import { PlaylistVideos } from '../components/playlist/playlist-videos.tsx';
import { RememberObject } from '../components/remember-object.tsx';
import { type CardView, toCardView } from '../components/video-card.tsx';
import { postPlaylist } from '../lib/acts-api.ts';
import { listingSeo, orNotFound } from '../lib/catalogue.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parseId, parsePage } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/playlist.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ playlists });

const PER_PAGE = PAGE_SIZE.objectVideos;

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const info = url.pathname.endsWith('/info/');
  const page = params.page === undefined ? 1 : parsePage(params.page);
  // The duration filter of the videos listing (content.md §2 "query filters"); this list has no date.
  const filters = { duration: parseFilters(url.searchParams, 'latest-updates').duration };
  const user = context.get(userContext);
  const { listings, acts } = servicesOf(context);
  // A private playlist is its owner's alone (listings.playlist answers 404 to anyone else).
  const [{ playlist }, own] = await Promise.all([
    orNotFound(listings.playlist(id, user?.user_id ?? null, genderFrom(request.headers.get('cookie')))),
    user ? acts.playlists.get(id, user).catch(() => null) : null,
  ]);
  // The first page of the playlist's videos is the playlist's page: one address (docs/decisions.md 2026-11-29).
  if (page === 1 && params.page !== undefined) throw redirect(`/playlist/${id}/${url.search}`, 301);
  const owner = user && own && own.user.user_id === user.user_id ? own : null;

  let videos: CardView[] = [];
  let total = 0;
  /** The category strip built from the listed videos (content.md §2), as on model and channel pages. */
  let categories: { dir: string; title: string }[] = [];
  if (!info && owner && user) {
    // The owner's videos come from the strip's own read (pages of 60, the playlist's order, every
    // orientation), so what the page lists is what the strip and the player's next follow.
    const start = (page - 1) * PER_PAGE;
    const strip = await acts.playlists.strip(
      user,
      id,
      Math.floor(start / PLAYLIST_STRIP_PAGE_SIZE) + 1,
      filters.duration,
    );
    const from = start % PLAYLIST_STRIP_PAGE_SIZE;
    videos = strip.videos.slice(from, from + PER_PAGE).map(toCardView);
    total = strip.total_count;
    categories = await acts.playlists.categoriesOf(videos.map((v) => v.video_id));
  } else if (!info) {
    const list = await listings.videos2({
      lifetime: 86400,
      gender: genderFrom(request.headers.get('cookie')),
      sort: 'latest-updates',
      count: PER_PAGE,
      section: 'playlist',
      objectId: String(id),
      page,
      type: 'all',
      duration: filters.duration,
      date: 'all',
    });
    videos = list.videos.map(toCardView);
    total = list.total_count;
    categories = list.categories.map(({ dir, title }) => ({ dir, title }));
  }
  return {
    playlist,
    info,
    page,
    filters,
    videos,
    categories,
    pages: info ? 1 : pageCount(total, PER_PAGE),
    /** The owner's edit form values; null for everyone else. */
    owner: owner
      ? {
          playlist_id: owner.playlist_id,
          title: owner.title,
          description: owner.description,
          private: owner.private,
          orientation: owner.orientation,
          categories: owner.categories.map((c) => ({ id: c.id, title: c.title })),
          user_id: owner.user.user_id,
        }
      : null,
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = loaderData.playlist.title;
  const hidden = loaderData.playlist.private === 1;
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: loaderData.playlist.description || t('seo.description', { title, site: site.name }),
    page: loaderData.page,
    query: loaderData.info ? [] : appliedParams(loaderData.filters),
    // Only its owner ever sees a private playlist: nothing of it is for search engines.
    ...(hidden
      ? { robots: ROBOTS_NOINDEX }
      : loaderData.info
        ? {}
        : listingSeo(loaderData.videos, site, (loaderData.page - 1) * PER_PAGE)),
  });
}

export default function Playlist({ loaderData }: Route.ComponentProps) {
  // A new page (or a revalidation after an edit) starts from the loader's list again.
  const key = `${loaderData.playlist.playlist_id}:${loaderData.page}:${loaderData.info}:${loaderData.videos.map((v) => v.video_id).join(',')}`;
  return <PlaylistPage key={key} data={loaderData} />;
}

function PlaylistPage({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { playlist, info, page, pages, owner, filters, categories } = data;
  const { run } = useMemberAct();
  const [videos, setVideos] = useState(data.videos);
  const [removing, setRemoving] = useState<number | null>(null);
  const [removed, setRemoved] = useState(0);
  const base = `/playlist/${playlist.playlist_id}/`;

  const remove = async (video: CardView) => {
    if (removing !== null) return;
    setRemoving(video.video_id);
    const answer = await run(
      () =>
        postPlaylist({
          section: 'rem',
          object_id: String(playlist.playlist_id),
          video_id: String(video.video_id),
        }),
      { success: 'remove_from_playlist_success' },
    );
    setRemoving(null);
    if (!answer) return;
    setVideos((all) => all.filter((v) => v.video_id !== video.video_id));
    setRemoved((n) => n + 1);
  };

  return (
    <section className="page playlist-page">
      <RememberObject
        type="playlist"
        dir={String(playlist.playlist_id)}
        title={playlist.title}
        totalVideos={playlist.total_videos}
      />
      <ObjectHeader
        title={playlist.title}
        base={base}
        tab={info ? 'info' : 'videos'}
        meta={
          <>
            {t('catalogue.videos_count', { count: Math.max(0, playlist.total_videos - removed) })} ·{' '}
            <Link to={`/members/${playlist.user.user_id}/`}>
              {t('catalogue.by_user', { username: playlist.user.username })}
            </Link>
          </>
        }
      >
        {owner ? <PlaylistOwnerTools playlist={owner} /> : null}
      </ObjectHeader>
      {info ? (
        <>
          <p className="playlist-page__description">{playlist.description}</p>
          <CategoryStrip categories={playlist.categories} />
          <InfoList rows={[[t('catalogue.field.added_date'), playlist.added_date.slice(0, 10)]]} />
        </>
      ) : (
        <>
          <CategoryStrip categories={categories} />
          <FilterBar sort="latest-updates" filters={filters} dates={false} firstPage={base} search={search} />
          <PlaylistVideos
            playlistId={playlist.playlist_id}
            videos={videos}
            page={page}
            perPage={PER_PAGE}
            onRemove={owner ? remove : undefined}
            removing={removing}
          />
          <Pagination
            current={page}
            count={pages}
            href={(p) => withQuery(p === 1 ? base : `${base}videos/${p}/`, search)}
          />
        </>
      )}
    </section>
  );
}
