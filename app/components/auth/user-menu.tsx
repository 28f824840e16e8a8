// The header's user menu for a signed-in member (shell.md §2): avatar, username, the member sections,
// upload and logout.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { logout } from '../../lib/account-api.ts';
import { useRootData } from '../../lib/route-data.ts';

/** shell.md §2, in the spec's order; sections with pages open at page 1. */
export const MEMBER_SECTIONS = [
  ['uploaded_videos', true],
  ['favourite_videos', true],
  ['watch_later_videos', true],
  ['history', true],
  ['subscriptions', true],
  ['playlists', true],
  ['friends', true],
  ['wall', true],
  ['edit', false],
  ['info', false],
] as const;

export const memberSectionUrl = (userId: number, section: string, paged: boolean) =>
  `/members/${userId}/${section}/${paged ? '1/' : ''}`;

export function Avatar({ user }: { user: CurrentUser }) {
  if (user.avatar) return <img className="avatar" src={user.avatar} alt="" width={28} height={28} />;
  return (
    <span className="avatar avatar--letter" aria-hidden="true">
      {user.username.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  const unread = useRootData()?.unreadMessages ?? 0;
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu-list"
        aria-label={
          unread > 0
            ? `${t('header.user_menu')}, ${t('messages.unread_badge', { count: unread })}`
            : t('header.user_menu')
        }
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar user={user} />
        <span className="user-menu__name">{user.username}</span>
        {unread > 0 ? (
          <span className="user-menu__badge" data-unread-messages={unread} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div
        id="user-menu-list"
        className={open ? 'user-menu__panel is-open' : 'user-menu__panel'}
        hidden={!open}
      >
        <ul>
          <li>
            <Link to="/messages/" className="user-menu__messages">
              {t('messages.menu')}
              {unread > 0 ? <span className="user-menu__count">{unread}</span> : null}
            </Link>
          </li>
          {MEMBER_SECTIONS.map(([section, paged]) => (
            <li key={section}>
              <Link to={memberSectionUrl(user.user_id, section, paged)}>{t(`member_menu.${section}`)}</Link>
            </li>
          ))}
          <li className="user-menu__sep">
            <Link to="/upload-video/">{t('header.upload')}</Link>
          </li>
          {user.role === 'moderator' || user.role === 'administrator' ? (
            <li>
              <Link to="/admin/moderation/">{t('header.moderation')}</Link>
            </li>
          ) : null}
          {user.role === 'moderator' || user.role === 'administrator' ? (
            <li>
              <Link to="/admin/reports/">{t('header.reports')}</Link>
            </li>
          ) : null}
          {user.role === 'administrator' ? (
            <li>
              <Link to="/admin/ads/">{t('header.ads')}</Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="user-menu__logout"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void logout();
              }}
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
