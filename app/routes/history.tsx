import page from 'virtual:en/page';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { LIFETIME, videos2Path } from '../../contract/catalog-api-values.ts';
import { type CardView, toCardView, VideoGrid } from '../components/video-card.tsx';
import { getVideoList, listErrorCode } from '../lib/api-client.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import type { VideoHistoryParams } from '../lib/storage.ts';
import {
  historyObjectPath,
  type ObjectHistoryEntry,
  readWatchHistory,
  viewedObjects,
  watchedVideos,
} from '../lib/watch-history.ts';
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
function toCard(p: VideoHistoryParams): CardView {
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

/** How many of the other pages the strip shows (the newest; tc_history keeps up to 30). */
const RECENTLY_VIEWED_SHOWN = 12;

/**
 * The other pages the visitor opened (categories, tags, models, channels, playlists, searches): the
 * non-video entries of `tc_history` (shell.md §3 "for a sidebar"), newest first. A column beside the
 * videos on wide screens, a strip above them on narrow ones (styles/history.css).
 */
function RecentlyViewed({ entries }: { entries: readonly ObjectHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <aside className="recently-viewed" aria-labelledby="recently-viewed-title" data-testid="recently-viewed">
      <h2 id="recently-viewed-title" className="recently-viewed__title">
        {t('page.history_recent')}
      </h2>
      <ul className="recently-viewed__list">
        {entries.slice(0, RECENTLY_VIEWED_SHOWN).map((entry) => (
          <li key={`${entry.type}:${entry.params.dir}`}>
            <Link to={historyObjectPath(entry)} className="recently-viewed__item" data-type={entry.type}>
              <span className="recently-viewed__kind">
                {t(`page.history_kind.${entry.type}` as 'page.history_kind.category')}
              </span>
              <span className="recently-viewed__name">{entry.params.title}</span>
              {typeof entry.params.total_videos === 'number' ? (
                <span className="recently-viewed__count">
                  {t('catalogue.videos_count', { count: entry.params.total_videos })}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

// Guests' history is in browser storage (`tc_history`), so the page renders on the client: the server
// answers a loading state, the browser fills it in after hydration. The other pages opened are in the
// browser for everyone (members too), beside the videos.
export default function History() {
  const { t } = useTranslation();
  const user = useRootData()?.user ?? null;
  const gender = useRootData()?.gender ?? 'str';
  const [videos, setVideos] = useState<CardView[] | null>(null);
  const [objects, setObjects] = useState<ObjectHistoryEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setObjects(viewedObjects(readWatchHistory()));
  }, []);
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
      <div className={objects.length ? 'history-layout history-layout--aside' : 'history-layout'}>
        <div className="history-layout__main">
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
        </div>
        {objects.length ? <RecentlyViewed entries={objects} /> : null}
      </div>
    </section>
  );
}
