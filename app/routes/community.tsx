// /community/{sort}/{page}/ (content.md §2, §3, §9; issue 14): the members, 96 a page, by a member sort,
// with the member filters in the query (country, gender, age, relationship, avatar, orientation).
// The first load renders on the server from the community service; a client navigation reads the read
// call /api/json/members/… (cached by URL for 7200 s). A sort or page out of the contract, and a page
// past the last, is the 404 page.

import community from 'virtual:en/community';
import member from 'virtual:en/member';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useLocation } from 'react-router';
import type { MemberCard, MembersResponse } from '../../contract/community-list.ts';
import {
  COMMUNITY_PAGE_SIZE,
  MEMBER_AGE_BUCKETS,
  MEMBER_SORTS,
  type MemberFilters,
  type MemberSort,
  membersReadPath,
} from '../../contract/community-list-values.ts';
import { MEMBER_GENDERS, ORIENTATIONS, RELATIONSHIPS } from '../../contract/members-values.ts';
import { countryName, MemberGrid } from '../components/member-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ApiError, getJson } from '../lib/api-client.ts';
import { orNotFound } from '../lib/catalogue.ts';
import { countryCodeOf, lowerCountryTarget } from '../lib/country-code.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { isOneOf, notFound, parsePage, parseSort } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/community.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ community, member });

const AGES = Object.keys(MEMBER_AGE_BUCKETS) as ('1' | '2' | '3' | '4')[];
const codes = (meanings: Record<number, string>) => Object.keys(meanings);

/** The query's filters; values out of the contract are ignored (hand-edited query strings). */
export function parseMemberFilters(search: URLSearchParams): MemberFilters {
  const f: MemberFilters = {};
  const country = countryCodeOf(search.get('country'));
  if (country) f.country = country;
  const gender = search.get('gender');
  if (isOneOf(gender, codes(MEMBER_GENDERS))) f.gender = Number(gender);
  const age = search.get('age');
  if (isOneOf(age, AGES)) f.age = Number(age) as keyof typeof MEMBER_AGE_BUCKETS;
  const relationship = search.get('relationship');
  if (isOneOf(relationship, codes(RELATIONSHIPS))) f.relationship = Number(relationship);
  if (search.get('avatar') === '1') f.avatar = true;
  const orientation = search.get('orientation');
  if (isOneOf(orientation, codes(ORIENTATIONS))) f.orientation = Number(orientation);
  return f;
}

interface CommunityData {
  sort: MemberSort;
  page: number;
  filters: MemberFilters;
  countries: string[];
  members: MemberCard[];
  total: number;
  pages: number;
}

const dataOf = (
  sort: MemberSort,
  page: number,
  filters: MemberFilters,
  countries: string[],
  result: MembersResponse,
): CommunityData => ({
  sort,
  page,
  filters,
  countries,
  members: result.members,
  total: result.total_count,
  pages: pageCount(result.total_count, COMMUNITY_PAGE_SIZE),
});

export async function loader({ params, url, context }: Route.LoaderArgs): Promise<CommunityData> {
  const lowerCountry = lowerCountryTarget(url);
  if (lowerCountry) throw redirect(lowerCountry, 301);
  const sort = parseSort(params.sort, MEMBER_SORTS);
  const page = parsePage(params.page);
  const filters = parseMemberFilters(url.searchParams);
  const { communityList } = servicesOf(context);
  const result = await orNotFound(communityList.members(sort, filters, page));
  return dataOf(sort, page, filters, await communityList.countries(), result);
}

/** The filter form's countries, from the first (server) load; they change rarely. */
let knownCountries: string[] | null = null;

export async function clientLoader({
  params,
  request,
  serverLoader,
}: Route.ClientLoaderArgs): Promise<CommunityData> {
  if (!knownCountries) return serverLoader();
  const sort = parseSort(params.sort, MEMBER_SORTS);
  const page = parsePage(params.page);
  const filters = parseMemberFilters(new URL(request.url).searchParams);
  try {
    const result = await getJson<MembersResponse>(membersReadPath({ sort, page, filters }), {
      signal: request.signal,
    });
    return dataOf(sort, page, filters, knownCountries, result);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) notFound();
    throw error;
  }
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const base = t('community.title');
  const sort = loaderData?.sort ?? 'recent';
  const sorted = sort === 'recent' ? base : `${base}: ${t(`community.sort.${sort}`)}`;
  const page = loaderData?.page ?? 1;
  const filtered = loaderData ? Object.keys(loaderData.filters).length > 0 : false;
  return pageMeta({
    site,
    location,
    title: page > 1 ? t('videos.page_title', { title: sorted, page }) : sorted,
    description: t('community.description', { site: site.name }),
    page,
    query: appliedParams(loaderData?.filters ?? {}),
    // A filtered list is a view of the same members: followed, not indexed.
    robots: filtered ? ROBOTS_NOINDEX : undefined,
  });
}

function Select({
  name,
  values,
  current,
  label,
}: {
  name: keyof MemberFilters;
  values: readonly string[];
  current: string | number | undefined;
  label: (value: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <label className="filters__field">
      <span className="filters__label">{t(`community.filter.${name}`)}</span>
      <select name={name} defaultValue={current === undefined ? '' : String(current)}>
        <option value="">{t('community.filter.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {label(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Apply sends only the filters that are set, and starts again from page 1 (content.md §2). */
function submitNonEmpty(event: React.FormEvent<HTMLFormElement>) {
  for (const field of Array.from(event.currentTarget.elements)) {
    if ((field instanceof HTMLSelectElement || field instanceof HTMLInputElement) && field.value === '') {
      field.disabled = true;
      // Enabled again once React Router has read the form.
      queueMicrotask(() => {
        field.disabled = false;
      });
    }
  }
}

export default function Community({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const { sort, page, filters, countries, members, total, pages } = loaderData;
  useEffect(() => {
    knownCountries = countries;
  }, [countries]);
  const countryChoices =
    filters.country && !countries.includes(filters.country) ? [...countries, filters.country] : countries;
  const filtered = Object.keys(filters).length > 0;
  return (
    <section className="page community">
      <div className="community__head">
        <h1 className="page__title">{t('community.title')}</h1>
        <p className="community__total">{t('community.total', { count: total })}</p>
      </div>
      <nav className="tabs community__sorts" aria-label={t('sort.label')}>
        {MEMBER_SORTS.map((s) => (
          <Link
            key={s}
            to={withQuery(`/community/${s}/1/`, search)}
            className={s === sort ? 'tab is-active' : 'tab'}
            aria-current={s === sort ? 'page' : undefined}
          >
            {t(`community.sort.${s}`)}
          </Link>
        ))}
      </nav>
      <Form
        method="get"
        action={`/community/${sort}/1/`}
        className="filters filters--form community__filters"
        aria-label={t('community.filter.label')}
        onSubmit={submitNonEmpty}
        key={search}
      >
        <Select
          name="country"
          values={countryChoices}
          current={filters.country}
          label={(code) => countryName(code, i18n.language)}
        />
        <Select
          name="gender"
          values={codes(MEMBER_GENDERS)}
          current={filters.gender}
          label={(v) => t(`member.gender.${MEMBER_GENDERS[Number(v) as keyof typeof MEMBER_GENDERS]}`)}
        />
        <Select
          name="age"
          values={AGES}
          current={filters.age}
          label={(v) => t(`community.age.${v as '1'}`)}
        />
        <Select
          name="relationship"
          values={codes(RELATIONSHIPS)}
          current={filters.relationship}
          label={(v) => t(`member.relationship.${RELATIONSHIPS[Number(v) as keyof typeof RELATIONSHIPS]}`)}
        />
        <Select
          name="orientation"
          values={codes(ORIENTATIONS)}
          current={filters.orientation}
          label={(v) => t(`member.orientation.${ORIENTATIONS[Number(v) as keyof typeof ORIENTATIONS]}`)}
        />
        <Select
          name="avatar"
          values={['1']}
          current={filters.avatar ? '1' : undefined}
          label={() => t('community.filter.with_avatar')}
        />
        <button type="submit" className="button">
          {t('community.filter.apply')}
        </button>
        {filtered ? (
          <Link to={`/community/${sort}/1/`} className="button button--ghost">
            {t('community.filter.reset')}
          </Link>
        ) : null}
      </Form>
      {members.length ? <MemberGrid members={members} /> : <p className="empty">{t('community.empty')}</p>}
      <Pagination current={page} count={pages} href={(p) => withQuery(`/community/${sort}/${p}/`, search)} />
    </section>
  );
}
