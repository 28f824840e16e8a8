import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { rememberSearch } from '../../lib/storage.ts';
import { SearchIcon } from '../icons.tsx';

/** shell.md §5 and §9. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 69;

export function isSearchable(text: string): boolean {
  return text.length >= SEARCH_MIN && text.length <= SEARCH_MAX;
}

export function SearchForm({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [invalid, setInvalid] = useState(false);
  // Show the current query on search pages; remount the input when it changes.
  const current = location.pathname.startsWith('/search/')
    ? (new URLSearchParams(location.search).get('s') ?? '')
    : '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('s') ?? '').trim();
    if (!isSearchable(text)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    rememberSearch(text);
    navigate(`/search/1/?s=${encodeURIComponent(text)}`);
  }

  return (
    <form
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
        key={current}
        id={`${id}-input`}
        name="s"
        type="search"
        defaultValue={current}
        maxLength={SEARCH_MAX}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        onInput={() => setInvalid(false)}
      />
      <button type="submit" className="search__submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
      {invalid ? (
        <p id={`${id}-hint`} className="search__hint" role="alert">
          {t('search.hint')}
        </p>
      ) : null}
    </form>
  );
}
