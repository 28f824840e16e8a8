import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PAGE_SIZE, type VideoListQuery } from '../../contract/catalog.ts';
import { ModelGrid } from '../components/model-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { VideoGrid } from '../components/video-card.tsx';
import { i18n } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/home.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const base: VideoListQuery = { gender, sort: 'most-popular', page: 1, perPage: PAGE_SIZE.home };
  const [popularToday, latest, models] = await Promise.all([
    // content.md §9: the home's most popular list is of the day.
    catalog.listVideos({ ...base, date: 'day' }),
    catalog.listVideos({ ...base, sort: 'latest-updates' }),
    catalog.topModels(gender, PAGE_SIZE.home),
  ]);
  // A quiet day would leave the first section empty: fall back to all-time popularity.
  const popular =
    popularToday.videos.length > 0 ? popularToday : await catalog.listVideos({ ...base, date: 'all' });
  return {
    popular: popular.videos,
    latest: latest.videos,
    latestPages: pageCount(latest.total_count, PAGE_SIZE.videos),
    models,
  };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  return pageMeta({
    site,
    location,
    title: i18n.t('home.title'),
    description: i18n.t('home.description', { site: site.name }),
  });
}

function SectionHeader({ title, to, id }: { title: string; to: string; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="section__header">
      <h2 id={id} className="section__title">
        {title}
      </h2>
      <Link to={to} className="section__more">
        {t('home.see_more')}
      </Link>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const siteName = useRootData()?.site.name ?? '';
  const { popular, latest, latestPages, models } = loaderData;
  return (
    <div className="home">
      <h1 className="sr-only">{t('home.heading')}</h1>
      <section className="section" aria-labelledby="home-popular">
        <SectionHeader id="home-popular" title={t('home.most_popular')} to="/videos/most-popular/1/" />
        {popular.length ? (
          <VideoGrid videos={popular} />
        ) : (
          <p className="empty">{t('listing.videos_not_found')}</p>
        )}
      </section>
      <section className="section" aria-labelledby="home-latest">
        <SectionHeader id="home-latest" title={t('home.latest')} to="/videos/latest-updates/1/" />
        {latest.length ? (
          <VideoGrid videos={latest} />
        ) : (
          <p className="empty">{t('listing.videos_not_found')}</p>
        )}
        <Pagination
          current={1}
          count={latestPages}
          href={(page) => withQuery(`/videos/latest-updates/${page}/`, search)}
        />
      </section>
      <section className="section" aria-labelledby="home-models">
        <SectionHeader id="home-models" title={t('home.models')} to="/pornstars/most-popular/1/" />
        {models.length ? <ModelGrid models={models} /> : <p className="empty">{t('listing.empty')}</p>}
      </section>
      <section className="intro">
        <p>{t('home.intro', { site: siteName })}</p>
      </section>
    </div>
  );
}
