import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useLocation } from 'react-router';
import { PAGE_SIZE, VIDEO_SORTS } from '../../contract/catalog.ts';
import { InfoList, ObjectHeader } from '../components/catalogue/object-page.tsx';
import { CategoryStrip, VideoList } from '../components/catalogue/video-list.tsx';
import { FilterBar } from '../components/listing-controls.tsx';
import { RememberObject } from '../components/remember-object.tsx';
import { SubscribeButton } from '../components/subscribe-button.tsx';
import { toCardView } from '../components/video-card.tsx';
import { listingSeo, orNotFound } from '../lib/catalogue.ts';
import { userContext } from '../lib/context.ts';
import { shortNumber } from '../lib/format.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { parseDir, parsePage } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { parseFilters, withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/pornsite.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const dir = parseDir(params.dir);
  const services = servicesOf(context);
  const { listings } = services;
  const { channel } = await orNotFound(listings.channel(dir, genderFrom(request.headers.get('cookie'))));
  const info = url.pathname.endsWith('/info/');
  const page = params.page === undefined ? 1 : parsePage(params.page);
  // The first page of the channel's videos is the channel's page: one address (docs/decisions.md 2026-11-29).
  if (page === 1 && params.page !== undefined) throw redirect(`/pornsite/${dir}/${url.search}`, 301);
  // The duration filter of the videos listing (content.md §2 "query filters"); this list has no date.
  const filters = { duration: parseFilters(url.searchParams, 'latest-updates').duration };
  const list = info
    ? null
    : await listings.videos2({
        lifetime: 86400,
        gender: genderFrom(request.headers.get('cookie')),
        sort: 'latest-updates',
        count: PAGE_SIZE.objectVideos,
        section: 'channel',
        objectId: dir,
        page,
        type: 'all',
        duration: filters.duration,
        date: 'all',
      });
  // The subscribe button: a guest's state is every guest's (the page may come from the shared cache).
  const subscription = await services.acts.subscriptions
    .state(context.get(userContext), 'channel', channel.id)
    .catch(() => null);
  return {
    channel,
    subscription,
    info,
    page,
    filters,
    videos: (list?.videos ?? []).map(toCardView),
    categories: list?.categories ?? [],
    pages: list ? pageCount(list.total_count, PAGE_SIZE.objectVideos) : 1,
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const title = loaderData.info
    ? t('page.pornsite_info', { name: loaderData.channel.title })
    : loaderData.channel.title;
  return pageMeta({
    site,
    location,
    title: loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: loaderData.channel.description || t('seo.description', { title, site: site.name }),
    page: loaderData.page,
    query: loaderData.info ? [] : appliedParams(loaderData.filters),
    ...(loaderData.info
      ? { image: loaderData.channel.scr1 }
      : listingSeo(
          loaderData.videos,
          site,
          (loaderData.page - 1) * PAGE_SIZE.objectVideos,
          loaderData.channel.scr1,
        )),
  });
}

export default function Pornsite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { channel, info, page, filters, videos, categories, pages } = loaderData;
  const base = `/pornsite/${channel.dir}/`;
  // content.md §2: a partner channel (channel 2681 of the spec; a setting since migration 0044) has no
  // channel block.
  const bare = channel.partner;
  return (
    <section className="page">
      <RememberObject
        type="channel"
        dir={channel.dir}
        title={channel.title}
        totalVideos={channel.total_videos}
      />
      <ObjectHeader
        title={channel.title}
        img={bare ? null : channel.scr1}
        base={base}
        tab={info ? 'info' : 'videos'}
        meta={t('catalogue.videos_count', { count: channel.total_videos })}
      >
        {loaderData.subscription ? (
          <SubscribeButton section="channel" objectId={channel.id} {...loaderData.subscription} />
        ) : null}
        {!bare && channel.url ? (
          <a href={channel.url} rel="nofollow noopener" target="_blank" className="button">
            {t('catalogue.visit_site')}
          </a>
        ) : null}
      </ObjectHeader>
      {info ? (
        <>
          {channel.description ? <p>{channel.description}</p> : null}
          <InfoList
            rows={[
              [t('catalogue.videos'), String(channel.total_videos)],
              [t('card.views', { count: channel.statistics.viewed }), shortNumber(channel.statistics.viewed)],
              [t('catalogue.field.added_date'), channel.added_date.slice(0, 10)],
            ]}
          />
        </>
      ) : (
        <>
          <CategoryStrip categories={categories} />
          <ChannelSorts dir={channel.dir} name={channel.title} base={base} search={search} />
          <FilterBar sort="latest-updates" filters={filters} dates={false} firstPage={base} search={search} />
          <VideoList
            videos={videos}
            page={page}
            pages={pages}
            href={(p) => withQuery(p === 1 ? base : `${base}videos/${p}/`, search)}
          />
        </>
      )}
    </section>
  );
}

/**
 * The channel's videos in the other orders (issue 34): the videos listing's channel filter, content.md
 * §2 "csg (channel filter)", `/videos/{sort}/1/?csg={dir}`, keeping the duration filter. The channel
 * page itself lists the latest updates.
 */
function ChannelSorts({
  dir,
  name,
  base,
  search,
}: {
  dir: string;
  name: string;
  base: string;
  search: string;
}) {
  const { t } = useTranslation();
  const duration = new URLSearchParams(search).get('duration');
  const query = (sort: string) => {
    const params = new URLSearchParams({ csg: dir });
    if (duration) params.set('duration', duration);
    return `/videos/${sort}/1/?${params}`;
  };
  return (
    <nav className="tabs" aria-label={t('catalogue.channel_sorts', { name })} data-testid="channel-sorts">
      {VIDEO_SORTS.map((sort) =>
        sort === 'latest-updates' ? (
          <Link key={sort} to={withQuery(base, search)} className="tab is-active" aria-current="page">
            {t(`sort.${sort}`)}
          </Link>
        ) : (
          <Link key={sort} to={query(sort)} className="tab">
            {t(`sort.${sort}`)}
          </Link>
        ),
      )}
    </nav>
  );
}
