import home from 'virtual:en/home';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type Gender, PAGE_SIZE, type VideoListQuery } from '../../contract/catalog.ts';
import type { ModelsResponse, Videos2Response } from '../../contract/catalog-api.ts';
import { LIFETIME, videos2Path } from '../../contract/catalog-api-values.ts';
import { LazySection } from '../components/catalogue/lazy-section.tsx';
import { SeoKeywords, sampleKeywords } from '../components/catalogue/seo-keywords.tsx';
import { ModelGrid } from '../components/model-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { toCardView, VideoGrid } from '../components/video-card.tsx';
import { packCards, unpackCards, useCards } from '../lib/card-pack.ts';
import { listingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/home.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ home });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog, listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const base: VideoListQuery = { gender, sort: 'most-popular', page: 1, perPage: PAGE_SIZE.home };
  // content.md §9: the home's most popular list is of the day. Latest updates and models load in the
  // browser when scrolled to (content.md §2), so only this list and the index pagination's count are here.
  const [popularToday, latest, models, trending] = await Promise.all([
    catalog.listVideos({ ...base, date: 'day' }),
    // The same query as /videos/latest-updates/1/, so the two share one cached result.
    catalog.listVideos({ ...base, sort: 'latest-updates', perPage: PAGE_SIZE.videos }),
    // The models block's own call (cached: the block's request is answered from it), for its count: the
    // block shows as many placeholders as it will show models.
    listings.models(gender, 'most-popular', PAGE_SIZE.home, 1, {}),
    // The trending block's count (as /videos/trending/1/, one cached result): no order, no block.
    catalog.listVideos({ ...base, sort: 'trending', perPage: PAGE_SIZE.videos }),
  ]);
  // A quiet day would leave the first section empty: fall back to all-time popularity.
  const popular =
    popularToday.videos.length > 0 ? popularToday : await catalog.listVideos({ ...base, date: 'all' });
  const { keywords } = await listings.main(gender, catalog.listCategories);
  return {
    gender,
    keywords: sampleKeywords(keywords),
    // Packed (lib/card-pack.ts): the page's hydration data is mostly its cards.
    popular: packCards(popular.videos.map(toCardView)),
    latestPages: pageCount(latest.total_count, PAGE_SIZE.videos),
    // Placeholders as many as each lazy block will show (content.md §4: the page size, or fewer).
    latestCount: Math.min(PAGE_SIZE.home, latest.total_count),
    modelCount: Math.min(PAGE_SIZE.home, models.total_count),
    trendingCount: Math.min(TRENDING_BLOCK, trending.total_count),
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  // No ItemList here: each block leads to the listing that carries it (/videos/most-popular/1/ lists the
  // same 60 videos), and 60 URLs of JSON-LD were 5.6 KB of the home's HTML (issue 29's budget).
  const { jsonLd: _itemList, ...seo } = listingSeo(unpackCards(loaderData?.popular ?? ''), site);
  return pageMeta({
    site,
    location,
    title: t('home.title'),
    description: t('home.description', { site: site.name }),
    ...seo,
  });
}

function SectionHeader({ title, to, id }: { title: string; to: string; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="section__header">
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {/* "See more" alone says nothing out of context (Lighthouse: link text): its section follows. */}
      <Link to={to} className="section__more">
        {t('home.see_more')}
        <span className="sr-only">{`: ${title}`}</span>
      </Link>
    </div>
  );
}

/** How many videos the home's trending block shows (the listing has the rest). */
const TRENDING_BLOCK = 20;

/**
 * "Trending now" (issue 32): drawn in the browser only, after hydration (none of it is in the home's
 * HTML, which has a 70 KB budget: server/http/page-weight.test.ts), far below the first screen so that
 * nothing visible moves; its cards load when scrolled to, like the blocks below. No order, no block.
 */
function TrendingBlock({ gender, count }: { gender: Gender; count: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated || count === 0) return null;
  return (
    <section className="section" aria-labelledby="home-trending">
      <SectionHeader id="home-trending" title={t('home.trending')} to="/videos/trending/1/" />
      <LazySection<Videos2Response>
        // videos2's trending (section videos only), with the shortest lifetime: the order changes hourly.
        url={`/api/json/videos2/3600/${gender}/trending/${TRENDING_BLOCK}/videos..1.all.all.all.json`}
        placeholders={count}
        // Emptied since the page was made (styles/listing.css hides the section then).
        render={(data) => (data.videos.length ? <VideoGrid videos={data.videos.map(toCardView)} /> : null)}
      />
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const siteName = useRootData()?.site.name ?? '';
  const { gender, latestPages, latestCount, modelCount, trendingCount, keywords } = loaderData;
  const popular = useCards(loaderData.popular);
  return (
    <div className="home">
      <h1 className="sr-only">{t('home.heading')}</h1>
      <section className="section" aria-labelledby="home-popular">
        <SectionHeader id="home-popular" title={t('home.most_popular')} to="/videos/most-popular/1/" />
        {popular.length ? (
          <VideoGrid videos={popular} first />
        ) : (
          <p className="empty">{t('listing.videos_not_found')}</p>
        )}
      </section>
      <TrendingBlock gender={gender} count={trendingCount} />
      <section className="section" aria-labelledby="home-latest">
        <SectionHeader id="home-latest" title={t('home.latest')} to="/videos/latest-updates/1/" />
        <LazySection<Videos2Response>
          url={videos2Path({
            lifetime: LIFETIME.homeLatest,
            gender,
            sort: 'latest-updates',
            count: PAGE_SIZE.home,
            section: 'videos',
            page: 1,
          })}
          placeholders={latestCount}
          render={(data) =>
            data.videos.length ? (
              // The card view, as every list has it (no "0%" for a video nobody voted on).
              <VideoGrid videos={data.videos.map(toCardView)} />
            ) : (
              <p className="empty">{t('listing.videos_not_found')}</p>
            )
          }
        />
        <Pagination
          current={1}
          count={latestPages}
          href={(page) => withQuery(`/videos/latest-updates/${page}/`, search)}
        />
      </section>
      <section className="section" aria-labelledby="home-models">
        <SectionHeader id="home-models" title={t('home.models')} to="/pornstars/most-popular/1/" />
        <LazySection<ModelsResponse>
          url={`/api/json/models/${LIFETIME.model}/${gender}/most-popular/${PAGE_SIZE.home}/1.all.all.all.all.all.all.all.json`}
          placeholders={modelCount}
          models
          render={(data) =>
            data.models.length ? (
              <ModelGrid models={data.models} />
            ) : (
              <p className="empty">{t('listing.empty')}</p>
            )
          }
        />
      </section>
      <section className="intro">
        <p>{t('home.intro', { site: siteName })}</p>
      </section>
      <SeoKeywords keywords={keywords} label={t('catalogue.suggest.top')} />
    </div>
  );
}
