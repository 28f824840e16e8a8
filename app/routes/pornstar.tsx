import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { redirect, useLocation } from 'react-router';
import { PAGE_SIZE, VIDEO_SORTS, type VideoSort } from '../../contract/catalog.ts';
import { InfoList, ObjectHeader } from '../components/catalogue/object-page.tsx';
import { CategoryStrip, VideoList } from '../components/catalogue/video-list.tsx';
import { FilterBar, SortTabs } from '../components/listing-controls.tsx';
import { countryName } from '../components/member-card.tsx';
import { RememberObject } from '../components/remember-object.tsx';
import { SubscribeButton } from '../components/subscribe-button.tsx';
import { toCardView } from '../components/video-card.tsx';
import { listingSeo, orNotFound } from '../lib/catalogue.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT, type Translate } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parseDir, parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { redirectTarget } from '../lib/redirects.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/pornstar.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

/** content.md §2, §9: a model's videos in one category: 60 a page, most popular of the day. */
const CATEGORY_PAGE = 60;
/** The category page's default sort (its short URL, without a sort segment). */
const CATEGORY_SORT: VideoSort = 'most-popular';

/** A model's videos in one category, page `page`, in `sort` (the default has no sort segment). */
function categoryPagePath(base: string, category: string, sort: VideoSort, page: number): string {
  return sort === CATEGORY_SORT
    ? `${base}videos/${category}/${page}/`
    : `${base}videos/${category}/${sort}/${page}/`;
}

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const dir = parseDir(params.dir);
  const services = servicesOf(context);
  const { listings } = services;
  const gender = genderFrom(request.headers.get('cookie'));
  const { model } = await orNotFound(listings.model(dir, gender));
  // /pornstar/{dir}/videos/{category}/ reaches this route with the category as the page: its page 1.
  const moved = redirectTarget(url.pathname);
  if (moved) throw redirect(`${moved}${url.search}`, 301);
  const info = url.pathname.endsWith('/info/');
  const page = params.page === undefined ? 1 : parsePage(params.page);
  // The first page of the model's videos is the model's page: one address (docs/decisions.md 2026-11-29).
  if (page === 1 && params.page !== undefined && params.object_id === undefined)
    throw redirect(`/pornstar/${dir}/${url.search}`, 301);
  // The duration filter of the videos listing (content.md §2 "query filters"); these lists have no date.
  const filters = { duration: parseFilters(url.searchParams, 'latest-updates').duration };
  const base = {
    lifetime: 3600 as const,
    gender,
    page,
    type: 'all' as const,
    duration: filters.duration,
  };
  let category: { dir: string; title: string } | null = null;
  let sort: VideoSort = CATEGORY_SORT;
  let list = null;
  if (params.object_id !== undefined) {
    const categoryDir = parseDir(params.object_id);
    if (params.sort !== undefined) {
      sort = parseSort(params.sort, VIDEO_SORTS);
      // The default sort has one URL, the short one.
      if (sort === CATEGORY_SORT) {
        throw redirect(`${categoryPagePath(`/pornstar/${dir}/`, categoryDir, sort, page)}${url.search}`, 301);
      }
    }
    const query = {
      ...base,
      sort,
      count: CATEGORY_PAGE,
      section: 'model_category' as const,
      objectId: `${dir},${categoryDir}`,
    };
    // The default is the most popular of the day; a chosen sort is over all time.
    list = await orNotFound(listings.videos2({ ...query, date: sort === CATEGORY_SORT ? 'day' : 'all' }));
    // A quiet day would leave the page empty: fall back to all-time popularity, as the home does.
    if (list.total_count === 0 && sort === CATEGORY_SORT)
      list = await listings.videos2({ ...query, date: 'all' });
    const found = (await listings.categories(gender, 'alphabetaz')).categories.find(
      (c) => c.dir === categoryDir,
    );
    category = found ? { dir: found.dir, title: found.title } : { dir: categoryDir, title: categoryDir };
  } else if (!info) {
    list = await listings.videos2({
      ...base,
      sort: 'latest-updates',
      count: PAGE_SIZE.objectVideos,
      section: 'model',
      objectId: dir,
      date: 'all',
    });
  }
  const perPage = category ? CATEGORY_PAGE : PAGE_SIZE.objectVideos;
  // The subscribe button: a guest's state is every guest's (the page may come from the shared cache).
  const subscription = await services.acts.subscriptions
    .state(context.get(userContext), 'model', model.id)
    .catch(() => null);
  return {
    model,
    subscription,
    info,
    page,
    category,
    sort,
    filters,
    videos: (list?.videos ?? []).map(toCardView),
    categories: list?.categories ?? [],
    pages: list ? pageCount(list.total_count, perPage) : 1,
  };
}

function headingOf(
  data: { model: { title: string }; category: { title: string } | null; info: boolean },
  t: Translate,
) {
  if (data.category)
    return t('page.pornstar_category', { name: data.model.title, category: data.category.title });
  return data.info ? t('page.pornstar_info', { name: data.model.title }) : data.model.title;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = headingOf(loaderData, t);
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: loaderData.model.description || t('seo.description', { title, site: site.name }),
    page: loaderData.page,
    query: loaderData.info ? [] : appliedParams(loaderData.filters),
    ...(loaderData.info
      ? { image: loaderData.model.img }
      : listingSeo(
          loaderData.videos,
          site,
          (loaderData.page - 1) * (loaderData.category ? CATEGORY_PAGE : PAGE_SIZE.objectVideos),
          loaderData.model.img,
        )),
  });
}

// The fields this page alone shows: their labels live with its texts (page namespace), not in every page's.
const PAGE_FIELDS = new Set([
  'zodiac',
  'size_tits',
  'tattoo',
  'piercing',
  'career_start',
  'career_end',
  'debut_age',
]);

export default function Pornstar({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const { model, info, page, category, sort, filters, videos, categories, pages } = loaderData;
  const base = `/pornstar/${model.dir}/`;
  const rows: [string, string][] = [];
  const add = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '')
      rows.push([
        PAGE_FIELDS.has(key)
          ? t(`page.model_fields.${key}` as 'page.model_fields.zodiac')
          : t(`catalogue.field.${key}` as 'catalogue.field.age'),
        String(value),
      ]);
  };
  const yesNo = (v: boolean | null) =>
    v === null ? null : t(v ? 'page.model_filters.yes' : 'page.model_filters.no');
  add('alias', model.alias);
  add('age', model.age);
  add('birth_date', model.birth_date);
  add('zodiac', model.zodiac ? t(`page.zodiac.${model.zodiac}` as 'page.zodiac.aries') : null);
  // shell.md §3's country table: the name in the page's language, not the code.
  add('country', model.country ? countryName(model.country, i18n.language) : null);
  add('race', model.race ? t(`catalogue.race_${model.race}` as 'catalogue.race_asian') : null);
  add('hair', model.hair ? t(`catalogue.hair_${model.hair}` as 'catalogue.hair_1') : null);
  add('eye', model.eye);
  add('height', model.height ? t('catalogue.cm', { value: model.height }) : null);
  add('weight', model.weight ? t('catalogue.kg', { value: model.weight }) : null);
  add('size_tits', model.size_tits);
  add('measurements', model.measurements);
  add('tattoo', yesNo(model.tattoo));
  add('piercing', yesNo(model.piercing));
  add('career', model.career === null ? null : t(`catalogue.career_${model.career}` as 'catalogue.career_1'));
  add('career_start', model.career_start);
  add('career_end', model.career_end);
  add('debut_age', model.debut_age);
  // As the birth date: the same text on the server and in the browser (no locale formatting to differ).
  add('added_date', model.added_date.slice(0, 10));
  return (
    <section className="page">
      <RememberObject type="model" dir={model.dir} title={model.title} totalVideos={model.total_videos} />
      <ObjectHeader
        title={headingOf(loaderData, t)}
        img={model.img}
        base={base}
        tab={info ? 'info' : 'videos'}
        meta={t('catalogue.videos_count', { count: model.total_videos })}
      >
        {loaderData.subscription ? (
          <SubscribeButton section="model" objectId={model.id} {...loaderData.subscription} />
        ) : null}
      </ObjectHeader>
      {info ? (
        <>
          {model.description ? <p>{model.description}</p> : null}
          <InfoList rows={rows} />
        </>
      ) : (
        <>
          <CategoryStrip categories={categories} href={(c) => `${base}videos/${c}/1/`} />
          {category ? (
            <SortTabs
              sorts={VIDEO_SORTS}
              current={sort}
              href={(s) => categoryPagePath(base, category.dir, s, 1)}
              search={search}
            />
          ) : null}
          <FilterBar
            sort={sort}
            filters={filters}
            dates={false}
            firstPage={category ? categoryPagePath(base, category.dir, sort, 1) : base}
            search={search}
          />
          {/* Heading order (Lighthouse): the cards' h3 titles sit under an h2, not straight under the h1. */}
          <h2 className="sr-only">{t('catalogue.videos')}</h2>
          <VideoList
            videos={videos}
            page={page}
            pages={pages}
            href={(p) =>
              withQuery(
                category
                  ? categoryPagePath(base, category.dir, sort, p)
                  : p === 1
                    ? base
                    : `${base}videos/${p}/`,
                search,
              )
            }
          />
        </>
      )}
    </section>
  );
}
