import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CountedItem, SuggestResponse } from '../../../contract/catalog-api.ts';
import { getSuggestions, getTopSearches } from '../../lib/api-client.ts';
import { genderFrom } from '../../lib/preferences.ts';
import { recentSearches, rememberSearch, type SearchHistoryItem } from '../../lib/storage.ts';
import { SearchIcon } from '../icons.tsx';

/** shell.md §5 and §9. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 69;
export const SUGGEST_DEBOUNCE_MS = 300;

export function isSearchable(text: string): boolean {
  return text.length >= SEARCH_MIN && text.length <= SEARCH_MAX;
}

const searchUrl = (text: string) => `/search/1/?s=${encodeURIComponent(text)}`;
const GROUPS = [
  ['categories', (dir: string) => `/categories/${dir}/latest-updates/1/`],
  ['models', (dir: string) => `/pornstar/${dir}/`],
  ['channels', (dir: string) => `/pornsite/${dir}/`],
  ['tags', (dir: string) => `/tags/${dir}/1/`],
] as const;

export function SearchForm({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Show the current query on search pages.
  const current = location.pathname.startsWith('/search/')
    ? (new URLSearchParams(location.search).get('s') ?? '')
    : '';
  const [text, setText] = useState(current);
  const [invalid, setInvalid] = useState(false);
  const [panel, setPanel] = useState(false);
  const [suggestions, setSuggestions] = useState<SuggestResponse | null>(null);
  const [history, setHistory] = useState<SearchHistoryItem[]>([]);
  const [top, setTop] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setText(current), [current]);

  // Suggestions after a 300 ms pause at 3+ characters; a newer keystroke cancels the older request.
  useEffect(() => {
    const query = text.trim();
    if (!isSearchable(query)) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(query, { signal: controller.signal }, genderFrom(document.cookie))
        .then((data) => {
          setSuggestions(data);
          // Only for someone typing: a search page's own term is fetched too, and must not cover the page.
          if (formRef.current?.contains(document.activeElement)) setPanel(true);
        })
        .catch(() => {});
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  // A click outside the form closes the panel.
  useEffect(() => {
    if (!panel) return;
    const onDown = (event: MouseEvent) => {
      if (formRef.current && !formRef.current.contains(event.target as Node)) setPanel(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [panel]);

  // A navigation (a picked suggestion, a submitted search) closes the panel.
  const where = location.pathname + location.search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose.
  useEffect(() => setPanel(false), [where]);

  function onFocus() {
    setHistory(recentSearches());
    if (top.length === 0) {
      getTopSearches()
        .then((data) => setTop(data.keywords))
        .catch(() => {});
    }
    setPanel(true);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!isSearchable(query)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPanel(false);
    rememberSearch(query);
    navigate(searchUrl(query));
  }

  const query = text.trim();
  const showSuggestions = panel && isSearchable(query) && suggestions !== null;
  const showStart = panel && query.length === 0 && (history.length > 0 || top.length > 0);
  const panelId = `${id}-panel`;
  const pick = (title: string) => rememberSearch(title);

  return (
    <form
      ref={formRef}
      id={id}
      role="search"
      action="/search/1/"
      method="get"
      className={open ? 'search is-open' : 'search'}
      onSubmit={onSubmit}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={`${id}-input`}
        name="s"
        type="search"
        value={text}
        maxLength={SEARCH_MAX}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        onFocus={onFocus}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          setInvalid(false);
          // Clearing the text closes the panel (shell.md §4).
          if (value.trim().length === 0) setSuggestions(null);
          if (value.length === 0) setPanel(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setPanel(false);
        }}
      />
      <button type="submit" className="search__submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
      {invalid ? (
        <p id={`${id}-hint`} className="search__hint" role="alert">
          {t('search.hint')}
        </p>
      ) : null}
      {showSuggestions || showStart ? (
        <div id={panelId} className="search__panel" data-testid="search-panel">
          {showStart ? (
            <>
              {history.length ? (
                <SuggestGroup title={t('catalogue.suggest.history')}>
                  {history.map((item) => (
                    <li key={item.title}>
                      <HistoryLink item={item} />
                    </li>
                  ))}
                </SuggestGroup>
              ) : null}
              {top.length ? (
                <SuggestGroup title={t('catalogue.suggest.top')}>
                  {top.map((keyword) => (
                    <li key={keyword}>
                      <Link to={searchUrl(keyword)} onClick={() => pick(keyword)}>
                        {keyword}
                      </Link>
                    </li>
                  ))}
                </SuggestGroup>
              ) : null}
            </>
          ) : suggestions ? (
            <>
              {suggestions.keywords.length ? (
                <SuggestGroup title={t('catalogue.suggest.keywords')}>
                  {suggestions.keywords.map((keyword) => (
                    <li key={keyword}>
                      <Link to={searchUrl(keyword)} onClick={() => pick(keyword)}>
                        {keyword}
                      </Link>
                    </li>
                  ))}
                </SuggestGroup>
              ) : null}
              {GROUPS.map(([group, href]) =>
                suggestions[group].length ? (
                  <SuggestGroup key={group} title={t(`catalogue.suggest.${group}`)}>
                    {suggestions[group].map((item: CountedItem) => (
                      <li key={item.dir}>
                        <Link to={href(item.dir)}>
                          {item.title} <span className="search__count">{item.total_videos}</span>
                        </Link>
                      </li>
                    ))}
                  </SuggestGroup>
                ) : null,
              )}
            </>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** shell.md §3: a recent search shows its title and, for display, its total_videos (issue 34). */
export function HistoryLink({ item }: { item: SearchHistoryItem }) {
  return (
    <Link to={searchUrl(item.title)}>
      {item.title}
      {typeof item.total_videos === 'number' ? (
        <>
          {' '}
          <span className="search__count">{item.total_videos}</span>
        </>
      ) : null}
    </Link>
  );
}

function SuggestGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="search__group">
      <h2 className="search__group-title">{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}
