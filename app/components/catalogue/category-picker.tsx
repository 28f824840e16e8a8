// The category picker of the videos listing's categories section (content.md §2): the chosen categories
// as removable chips, a plus button while fewer than 3 are chosen, and the sidebar it opens, which lists
// every category of the visitor's orientation (the categories read call, loaded when it first opens, 60
// placeholder rows meanwhile: §9) with a search box that filters as one types. Choosing a category
// toggles its dir in the comma list and closes the sidebar; removing the last one goes to /categories/.
// A toggle keeps the listing's sort and its date and duration filters (issue 34).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Gender } from '../../../contract/catalog.ts';
import { getJson, listErrorCode } from '../../lib/api-client.ts';
import { categoryPath } from '../../lib/links.ts';
import { useRootData } from '../../lib/route-data.ts';
import { type VideoFilters, withQuery } from '../../lib/video-filters.ts';
import { Sidebar } from '../sidebar.tsx';

/** content.md §2 and §9: a listing combines at most 3 categories. */
export const MAX_CATEGORIES = 3;

/** content.md §9 "sidebar placeholders 60". */
export const SIDEBAR_PLACEHOLDERS = 60;

export interface PickerCategory {
  dir: string;
  title: string;
  total_videos: number;
}

/** The categories read call in A to Z order; a day's lifetime, as the other catalogue lists. */
export const sidebarListPath = (gender: Gender) => `/api/json/categories/86400/${gender}/alphabetaz.json`;

// One load per orientation and page view: reopening the sidebar shows the list at once.
const loads = new Map<string, Promise<PickerCategory[]>>();
function loadCategories(gender: Gender): Promise<PickerCategory[]> {
  const path = sidebarListPath(gender);
  let load = loads.get(path);
  if (!load) {
    load = getJson<{ categories: PickerCategory[] }>(path).then((body) => body.categories);
    // A failed load is not kept: the next opening asks again.
    load.catch(() => loads.delete(path));
    loads.set(path, load);
  }
  return load;
}

/**
 * Where a toggle of `dir` goes: page 1 of the comma list with it added or removed, in the same sort and
 * with the same date and duration filters; none left is the category list (which has no filters).
 */
export function togglePath(
  dirs: readonly string[],
  dir: string,
  sort: string,
  filters: VideoFilters = {},
): string {
  const next = dirs.includes(dir) ? dirs.filter((d) => d !== dir) : [...dirs, dir];
  if (!next.length) return '/categories/';
  return withQuery(categoryPath(next, sort), '', {
    date: filters.date ?? null,
    duration: filters.duration === undefined ? null : String(filters.duration),
  });
}

/** Titles containing the text, any case; an empty text keeps them all. */
export function matchCategories<T extends { title: string }>(all: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase();
  return needle ? all.filter((c) => c.title.toLocaleLowerCase().includes(needle)) : [...all];
}

type ListState =
  | { status: 'loading' }
  | { status: 'loaded'; categories: PickerCategory[] }
  | { status: 'error'; code: string };

function CategorySidebar({
  dirs,
  sort,
  filters,
  onClose,
}: {
  dirs: readonly string[];
  sort: string;
  filters: VideoFilters;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const gender = useRootData()?.gender ?? 'str';
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [text, setText] = useState('');

  useEffect(() => {
    let current = true;
    loadCategories(gender).then(
      (categories) => current && setState({ status: 'loaded', categories }),
      (error: unknown) => current && setState({ status: 'error', code: listErrorCode(error) }),
    );
    return () => {
      current = false;
    };
  }, [gender]);

  const shown = state.status === 'loaded' ? matchCategories(state.categories, text) : [];
  return (
    <Sidebar
      title={t('categories.add')}
      onClose={onClose}
      className="category-sidebar"
      testId="category-sidebar"
    >
      <input
        type="search"
        className="category-sidebar__search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('categories.sidebar_search')}
        aria-label={t('categories.sidebar_search')}
        autoComplete="off"
        data-autofocus
      />
      {state.status === 'error' ? (
        <p className="empty">{t('catalogue.error', { code: state.code })}</p>
      ) : state.status === 'loading' ? (
        <ul className="category-sidebar__list" aria-busy="true" aria-label={t('categories.sidebar_loading')}>
          {Array.from({ length: SIDEBAR_PLACEHOLDERS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
            <li key={i} className="category-sidebar__placeholder" />
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <p className="empty">{t('categories.sidebar_empty', { query: text.trim() })}</p>
      ) : (
        <ul className="category-sidebar__list">
          {shown.map((category) => {
            const chosen = dirs.includes(category.dir);
            return (
              <li key={category.dir}>
                <Link
                  to={togglePath(dirs, category.dir, sort, filters)}
                  className={chosen ? 'category-sidebar__item is-active' : 'category-sidebar__item'}
                  aria-current={chosen ? 'true' : undefined}
                  aria-label={t(chosen ? 'categories.remove' : 'categories.add_one', {
                    title: category.title,
                  })}
                  onClick={onClose}
                >
                  <span className="category-sidebar__name">{category.title}</span>
                  <span className="category-sidebar__count">{category.total_videos}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Sidebar>
  );
}

export function CategoryPicker({
  selected,
  sort,
  filters = {},
}: {
  selected: readonly { dir: string; title: string }[];
  sort: string;
  /** The listing's filters in effect: a toggle keeps them. */
  filters?: VideoFilters;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dirs = selected.map((category) => category.dir);
  const objectId = dirs.join(',');
  // A new selection (the page's categories change) leaves the sidebar closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: objectId is the trigger, not a value read.
  useEffect(() => setOpen(false), [objectId]);
  return (
    <>
      <div className="chips" aria-label={t('categories.selected')} role="group">
        {selected.map((category) => (
          // Removing the last category leaves the category list.
          <Link
            key={category.dir}
            to={togglePath(dirs, category.dir, sort, filters)}
            className="chip is-active chip--removable"
          >
            {category.title}
            <span aria-hidden="true"> ×</span>
            <span className="sr-only">{t('categories.remove', { title: category.title })}</span>
          </Link>
        ))}
        {dirs.length < MAX_CATEGORIES ? (
          <button
            type="button"
            className="chip chip--add"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <span aria-hidden="true">+ </span>
            {t('categories.add')}
          </button>
        ) : null}
      </div>
      {open ? (
        <CategorySidebar dirs={dirs} sort={sort} filters={filters} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
