import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Gender } from '../../../contract/catalog.ts';
import { useRootData } from '../../lib/route-data.ts';
import { UserMenu } from '../auth/user-menu.tsx';
import { CloseIcon, HistoryIcon, MenuIcon, SearchIcon, UserIcon } from '../icons.tsx';
import { GenderSelect, LanguageSelect } from './preference-selects.tsx';
import { SearchForm } from './search-form.tsx';

const NAV_LINKS = [
  ['/videos/latest-updates/1/', 'nav.videos', '/videos/'],
  ['/categories/', 'nav.categories', '/categories/'],
  ['/tags/', 'nav.tags', '/tags/'],
  ['/pornstars/most-popular/1/', 'nav.pornstars', '/pornstars/'],
  ['/pornsites/most-popular/1/', 'nav.pornsites', '/pornsites/'],
  ['/playlists/latest-updates/1/', 'nav.playlists', '/playlists/'],
  ['/community/recent/1/', 'nav.community', '/community/'],
] as const;

interface HeaderProps {
  siteName: string;
  gender: Gender;
}

export function Header({ siteName, gender }: HeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useRootData()?.user ?? null;
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [seenKey, setSeenKey] = useState(location.key);

  // The menu closes on navigation (shell.md §2); adjusting state during render avoids a flash.
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setMenuOpen(false);
    setSearchOpen(false);
  }

  function toggleSearch() {
    setSearchOpen((open) => !open);
    // Opening the search closes the menu (below 1025 px the two share the screen).
    setMenuOpen(false);
  }

  const anyOpen = menuOpen || searchOpen;
  useEffect(() => {
    if (!anyOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      setSearchOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [anyOpen]);

  return (
    <header className="header">
      <div className="header__bar container">
        <button
          type="button"
          className="icon-button header__burger"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={t(menuOpen ? 'header.menu_close' : 'header.menu_open')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="logo" aria-label={t('header.home_link', { site: siteName })}>
          {siteName}
        </Link>
        <SearchForm id="site-search" open={searchOpen} />
        <div className="header__tools">
          <button
            type="button"
            className="icon-button header__search-toggle"
            aria-expanded={searchOpen}
            aria-controls="site-search"
            aria-label={t(searchOpen ? 'header.search_close' : 'header.search_open')}
            onClick={toggleSearch}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
          <Link
            to="/history/"
            className="icon-button"
            aria-label={t('header.history')}
            title={t('header.history')}
          >
            <HistoryIcon />
          </Link>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/signin/" className="button button--primary header__login">
              <UserIcon />
              <span>{t('header.login')}</span>
            </Link>
          )}
        </div>
      </div>
      <div id="site-menu" className={menuOpen ? 'menu is-open' : 'menu'}>
        <div className="menu__inner container">
          <nav aria-label={t('nav.label')}>
            <ul className="menu__links">
              {NAV_LINKS.map(([to, key, section]) => {
                const active = location.pathname.startsWith(section);
                return (
                  <li key={to}>
                    <Link
                      to={to}
                      className={active ? 'menu__link is-active' : 'menu__link'}
                      aria-current={active ? 'page' : undefined}
                    >
                      {t(key)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="menu__prefs">
            <LanguageSelect id="pref-language" />
            <GenderSelect id="pref-gender" gender={gender} />
          </div>
        </div>
      </div>
    </header>
  );
}
