import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DATE_WINDOWS,
  DATED_SORTS,
  DURATION_CLASSES,
  type ListingSort,
  type VideoSort,
} from '../../contract/catalog.ts';
import { type VideoFilters, withQuery } from '../lib/video-filters.ts';

interface SortTabsProps<S extends ListingSort> {
  sorts: readonly S[];
  current: S;
  /** URL of page 1 of a sort, without the query. */
  href: (sort: S) => string;
  search: string;
}

/** The query a sort's tab keeps: trending takes no filter, only the dated sorts take a date. */
const filtersFor = (sort: ListingSort): Record<string, null> =>
  sort === 'trending'
    ? { date: null, duration: null }
    : (DATED_SORTS as readonly string[]).includes(sort)
      ? {}
      : { date: null };

export function SortTabs<S extends ListingSort>({ sorts, current, href, search }: SortTabsProps<S>) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the current tab is brought into it (centred when it can be), so
  // "Top rated" or "Trending" is not left off-screen. The row's own scroll only: the page does not move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current tab is the trigger, not a value read.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = active.offsetLeft - row.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [current]);
  return (
    <nav className="tabs" aria-label={t('sort.label')} ref={nav}>
      {sorts.map((sort) => (
        <Link
          key={sort}
          to={withQuery(href(sort), search, filtersFor(sort))}
          className={sort === current ? 'tab is-active' : 'tab'}
          aria-current={sort === current ? 'page' : undefined}
        >
          {/* The trending tab's text is the videos listing's own (not in every page's first load). */}
          {t(sort === 'trending' ? 'page.trending_tab' : `sort.${sort as VideoSort}`)}
        </Link>
      ))}
    </nav>
  );
}

interface FilterBarProps {
  sort: VideoSort;
  filters: VideoFilters;
  /** Page 1 of the current listing: a filter change starts again from the first page. */
  firstPage: string;
  search: string;
  /** false: duration only (model, channel and playlist pages: their lists have no date window). */
  dates?: boolean;
}

export function FilterBar({ sort, filters, firstPage, search, dates = true }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <div className="filters">
      {dates && DATED_SORTS.includes(sort) ? (
        <div className="filters__group" role="group" aria-labelledby="filter-date">
          <span id="filter-date" className="filters__label">
            {t('filter.date')}
          </span>
          {DATE_WINDOWS.map((date) => {
            const active = (filters.date ?? 'all') === date;
            return (
              <Link
                key={date}
                to={withQuery(firstPage, search, { date: date === 'all' ? null : date })}
                className={active ? 'chip is-active' : 'chip'}
                aria-current={active ? 'true' : undefined}
              >
                {t(`filter.date_${date}`)}
              </Link>
            );
          })}
        </div>
      ) : null}
      <div className="filters__group" role="group" aria-labelledby="filter-duration">
        <span id="filter-duration" className="filters__label">
          {t('filter.duration')}
        </span>
        {[undefined, ...DURATION_CLASSES].map((duration) => {
          const active = filters.duration === duration;
          return (
            <Link
              key={duration ?? 'any'}
              to={withQuery(firstPage, search, { duration: duration ? String(duration) : null })}
              className={active ? 'chip is-active' : 'chip'}
              aria-current={active ? 'true' : undefined}
            >
              {t(duration ? `filter.duration_${duration}` : 'filter.duration_any')}
            </Link>
          );
        })}
      </div>
    </div>
  );
}
