import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../pagination.tsx';
import type { CardView } from '../video-card.tsx';
import { VideoGrid } from '../video-card.tsx';

/**
 * A page of videos: the grid (or 'videos_not_found') and the pagination under it. The list is its page's
 * main content: its first row's pictures load at once (`first`, video-card.tsx).
 */
export function VideoList({
  videos,
  page,
  pages,
  href,
  first = true,
}: {
  videos: readonly CardView[];
  page: number;
  pages: number;
  href: (page: number) => string;
  first?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {videos.length ? (
        <VideoGrid videos={videos} first={first} />
      ) : (
        <p className="empty">{t('listing.videos_not_found')}</p>
      )}
      <Pagination current={page} count={pages} href={href} />
    </>
  );
}

/** Links to categories found in a list of videos (the category strip of object pages). */
export function CategoryStrip({
  categories,
  href = (dir) => `/categories/${dir}/latest-updates/1/`,
}: {
  categories: readonly { dir: string; title: string }[];
  href?: (dir: string) => string;
}) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <nav className="chips" aria-label={t('catalogue.categories_strip')}>
      {categories.map((c) => (
        <Link key={c.dir} to={href(c.dir)} className="chip">
          {c.title}
        </Link>
      ))}
    </nav>
  );
}
