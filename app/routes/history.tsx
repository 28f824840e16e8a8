import page from 'virtual:en/page';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { LIFETIME, videos2Path } from '../../contract/catalog-api.ts';
import { type CardView, toCardView, VideoGrid } from '../components/video-card.tsx';
import { getVideoList, listErrorCode } from '../lib/api-client.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { readWatchHistory, type WatchHistoryEntry, watchedVideos } from '../lib/storage.ts';
import type { Route } from './+types/history.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  return pageMeta({
    site,
    location,
    title: t('page.history'),
    description: t('catalogue.history_description', { site: site.name }),
    robots: ROBOTS_NOINDEX,
  });
}

/** A guest's history entry as a card: what browser storage keeps (content.md §3). */
function toCard(p: WatchHistoryEntry['params']): CardView {
  const rated = typeof p.rating === 'number';
  return {
    video_id: p.video_id,
    dir: p.dir ?? String(p.video_id),
    title: p.title ?? '',
    duration: p.duration ?? '',
    // Entries stored before the rating was kept have none: no rating rather than a false "0%".
    rating: rated ? (p.rating as number) : 0,
    ...(rated ? {} : { rated: false }),
    video_viewed: p.video_viewed ?? 0,
    scr: p.scr ?? '',
    hd: false,
  };
}

// Guests' history is in browser storage (`tc_history`), so the page renders on the client: the server
// answers a loading state, the browser fills it in after hydration.
export default function History() {
  const { t } = useTranslation();
  const user = useRootData()?.user ?? null;
  const gender = useRootData()?.gender ?? 'str';
  const [videos, setVideos] = useState<CardView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!user) {
      setVideos(watchedVideos(readWatchHistory()).map(toCard));
      return;
    }
    // Members ask the server, never cached (content.md §2: lifetime 0, their id as object_id).
    const url = videos2Path({
      lifetime: LIFETIME.history,
      gender,
      sort: 'latest-updates',
      count: PAGE_SIZE.videos,
      section: 'history',
      objectId: user.user_id,
      page: 1,
    });
    getVideoList(url)
      .then((body) => setVideos(body.videos.map(toCardView)))
      .catch((error: unknown) => setError(listErrorCode(error)));
  }, [user, gender]);
  return (
    <section className="page">
      <h1 className="page__title">{t('page.history')}</h1>
      {error ? (
        <p className="empty">{t('catalogue.error', { code: error })}</p>
      ) : videos === null ? (
        <p className="empty" aria-busy="true">
          {t('catalogue.loading')}
        </p>
      ) : videos.length ? (
        <VideoGrid videos={videos} />
      ) : (
        <p className="empty">{t('catalogue.history_empty')}</p>
      )}
    </section>
  );
}
