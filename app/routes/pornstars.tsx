import page from 'virtual:en/page';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useLocation } from 'react-router';
import { MODEL_SORTS, PAGE_SIZE } from '../../contract/catalog.ts';
import type { ModelListFilters } from '../../contract/catalog-api.ts';
import {
  LETTERS,
  MODEL_CUP_SIZES,
  MODEL_HAIRS,
  MODEL_RACES,
  MODEL_RANGES,
} from '../../contract/catalog-api-values.ts';
import {
  ModelPlaceholders,
  under,
  useObjectListingLoading,
} from '../components/catalogue/object-placeholders.tsx';
import { ModelGrid } from '../components/model-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { objectListingSeo } from '../lib/catalogue.ts';
import { countryCodeOf, lowerCountryTarget } from '../lib/country-code.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { pageCount } from '../lib/pagination.ts';
import { isOneOf, parsePage, parseSort } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { appliedParams, pageMeta } from '../lib/seo.ts';
import { withQuery } from '../lib/video-filters.ts';
import type { Route } from './+types/pornstars.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

const RANGE_4 = MODEL_RANGES;
const HAIR = MODEL_HAIRS;
const YES_NO = ['1', '0'] as const;
const NEW_FILTERS = new Set(['size_tits', 'tattoo', 'piercing']);

/** Query filters of content.md §3; unknown values are ignored (hand-edited query strings). */
function parseModelFilters(search: URLSearchParams, countries: readonly string[]): ModelListFilters {
  const f: ModelListFilters = {};
  const letter = search.get('letter');
  if (isOneOf(letter, LETTERS)) f.letter = letter;
  const hair = search.get('hair');
  if (isOneOf(hair, HAIR)) f.hair = Number(hair);
  const race = search.get('race');
  if (isOneOf(race, MODEL_RACES)) f.race = race;
  for (const key of ['weight', 'height', 'age'] as const) {
    const v = search.get(key);
    if (isOneOf(v, RANGE_4)) f[key] = Number(v);
  }
  const country = countryCodeOf(search.get('country'));
  if (isOneOf(country, countries)) f.country = country;
  const size = search.get('size_tits');
  if (isOneOf(size, MODEL_CUP_SIZES)) f.size_tits = size;
  for (const key of ['tattoo', 'piercing'] as const) {
    const v = search.get(key);
    if (isOneOf(v, YES_NO)) f[key] = v === '1';
  }
  return f;
}

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const lowerCountry = lowerCountryTarget(url);
  if (lowerCountry) throw redirect(lowerCountry, 301);
  const sort = parseSort(params.sort, MODEL_SORTS);
  const page = parsePage(params.page);
  const { listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const countries = await listings.modelCountries(gender);
  const filters = parseModelFilters(url.searchParams, countries);
  const result = await listings.models(gender, sort, PAGE_SIZE.models, page, filters);
  return {
    sort,
    page,
    filters,
    countries,
    models: result.models,
    total: result.total_count,
    pages: pageCount(result.total_count, PAGE_SIZE.models),
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const title = t('page.pornstars');
  return pageMeta({
    site,
    location,
    title:
      loaderData && loaderData.page > 1 ? t('videos.page_title', { title, page: loaderData.page }) : title,
    description: t('catalogue.models_description', { site: site.name }),
    page: loaderData?.page,
    query: appliedParams(loaderData?.filters ?? {}),
    ...objectListingSeo(
      (loaderData?.models ?? []).map((m) => ({ url: `/pornstar/${m.dir}/`, name: m.title, image: m.img })),
      site,
      ((loaderData?.page ?? 1) - 1) * PAGE_SIZE.models,
    ),
  });
}

function Select({
  name,
  values,
  current,
  label,
}: {
  name: string;
  values: readonly string[];
  current: string | number | undefined;
  label: (value: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <label className="filters__field">
      <span className="filters__label">
        {/* The newer filters' labels live with this route's texts (page namespace), not in every page's. */}
        {NEW_FILTERS.has(name)
          ? t(`page.model_filters.${name}` as 'page.model_filters.tattoo')
          : t(`catalogue.${name}` as 'catalogue.hair')}
      </span>
      <select name={name} defaultValue={current === undefined ? '' : String(current)}>
        <option value="">{t('catalogue.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {label(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Apply sends only the filters that are set: an empty choice leaves the URL (content.md §2). */
function dropEmptyFields(event: FormEvent<HTMLFormElement>) {
  for (const field of Array.from(event.currentTarget.elements)) {
    if (field instanceof HTMLSelectElement && field.value === '') field.disabled = true;
  }
}

const asQueryValue = (v: boolean | undefined) => (v === undefined ? undefined : v ? '1' : '0');

export default function Pornstars({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const { sort, page, filters, countries, models, pages } = loaderData;
  // Another sort, page or filter of this listing loading (issue 34): placeholders, aria-busy.
  const loading = useObjectListingLoading(under('/pornstars/'));
  const countryName = (code: string) => {
    try {
      return (
        new Intl.DisplayNames([i18n.language || 'en'], { type: 'region' }).of(code.toUpperCase()) ?? code
      );
    } catch {
      return code;
    }
  };
  return (
    <section className="page">
      <h1 className="page__title">{t('page.pornstars')}</h1>
      <nav className="tabs" aria-label={t('sort.label')}>
        {MODEL_SORTS.map((s) => (
          <Link
            key={s}
            to={withQuery(`/pornstars/${s}/1/`, search)}
            className={s === sort ? 'tab is-active' : 'tab'}
            aria-current={s === sort ? 'page' : undefined}
          >
            {t(`page.model_sort.${s}`)}
          </Link>
        ))}
      </nav>
      {/* Applying filters starts again from page 1 (content.md §2). */}
      <Form
        method="get"
        action={`/pornstars/${sort}/1/`}
        className="filters filters--form"
        key={search}
        onSubmit={dropEmptyFields}
      >
        <Select
          name="letter"
          values={LETTERS}
          current={filters.letter}
          label={(v) => (v === '0' ? '0-9' : v.toUpperCase())}
        />
        <Select
          name="hair"
          values={HAIR}
          current={filters.hair}
          label={(v) => t(`catalogue.hair_${v}` as 'catalogue.hair_1')}
        />
        <Select
          name="race"
          values={MODEL_RACES}
          current={filters.race}
          label={(v) => t(`catalogue.race_${v}` as 'catalogue.race_asian')}
        />
        <Select
          name="weight"
          values={RANGE_4}
          current={filters.weight}
          label={(v) => t(`catalogue.weight_${v}` as 'catalogue.weight_1')}
        />
        <Select
          name="height"
          values={RANGE_4}
          current={filters.height}
          label={(v) => t(`catalogue.height_${v}` as 'catalogue.height_1')}
        />
        <Select
          name="age"
          values={RANGE_4}
          current={filters.age}
          label={(v) => t(`catalogue.age_${v}` as 'catalogue.age_1')}
        />
        <Select name="country" values={countries} current={filters.country} label={countryName} />
        <Select name="size_tits" values={MODEL_CUP_SIZES} current={filters.size_tits} label={(v) => v} />
        <Select
          name="tattoo"
          values={YES_NO}
          current={asQueryValue(filters.tattoo)}
          label={(v) => t(v === '1' ? 'page.model_filters.yes' : 'page.model_filters.no')}
        />
        <Select
          name="piercing"
          values={YES_NO}
          current={asQueryValue(filters.piercing)}
          label={(v) => t(v === '1' ? 'page.model_filters.yes' : 'page.model_filters.no')}
        />
        <button type="submit" className="button">
          {t('catalogue.apply')}
        </button>
      </Form>
      {loading ? (
        <ModelPlaceholders count={models.length || PAGE_SIZE.models} />
      ) : models.length ? (
        <ModelGrid models={models} />
      ) : (
        <div className="empty empty--filters" data-empty="models">
          <p>{t('page.model_filters.no_match')}</p>
          {search ? (
            <Link to={`/pornstars/${sort}/1/`} className="button">
              {t('page.model_filters.reset')}
            </Link>
          ) : null}
        </div>
      )}
      <Pagination current={page} count={pages} href={(p) => withQuery(`/pornstars/${sort}/${p}/`, search)} />
    </section>
  );
}
