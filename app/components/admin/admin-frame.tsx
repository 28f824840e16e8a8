// The operator's console frame (issue 17): every /admin/ page renders inside it, a section menu beside
// (above, on a phone) the page. Staff pages export `links = adminLinks` so the console's stylesheet is
// loaded by console pages only, never by the public site's first load.
import adminConsole from 'virtual:en/admin_console';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { addEnglish } from '../../lib/i18n.ts';
import adminCss from '../../styles/admin.css?url';

addEnglish({ admin_console: adminConsole });

export const adminLinks = () => [{ rel: 'stylesheet', href: adminCss }];

/** The console's sections, in menu order; `admin` ones are shown to administrators only. */
export const ADMIN_SECTIONS = [
  { key: 'dashboard', href: '/admin/', admin: false },
  { key: 'videos', href: '/admin/videos/', admin: false },
  { key: 'moderation', href: '/admin/moderation/', admin: false },
  { key: 'comments', href: '/admin/comments/', admin: false },
  { key: 'search_terms', href: '/admin/search-terms/', admin: false },
  { key: 'discovery', href: '/admin/discovery/', admin: false },
  { key: 'reports', href: '/admin/reports/', admin: false },
  { key: 'appeals', href: '/admin/appeals/', admin: false },
  { key: 'age_verification', href: '/admin/age-verification/', admin: false },
  { key: 'categories', href: '/admin/categories/', admin: false },
  { key: 'tags', href: '/admin/tags/', admin: false },
  { key: 'models', href: '/admin/models/', admin: false },
  { key: 'channels', href: '/admin/channels/', admin: false },
  { key: 'users', href: '/admin/users/', admin: true },
  { key: 'ads', href: '/admin/ads/', admin: true },
  { key: 'settings', href: '/admin/settings/', admin: true },
  { key: 'audit', href: '/admin/audit/', admin: true },
  { key: 'quarantine', href: '/admin/quarantine/', admin: true },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number]['key'];

export function AdminFrame({
  section,
  role,
  children,
}: {
  section: AdminSection;
  /** The signed-in staff member's role: moderators do not see the administrators' sections. */
  role: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sections = ADMIN_SECTIONS.filter((s) => !s.admin || role === 'administrator');
  return (
    <div className="console">
      <nav className="console__nav" aria-label={t('admin_console.nav_label')}>
        <ul>
          {sections.map((s) => (
            <li key={s.key}>
              <NavLink
                to={s.href}
                end
                className={`console__link${s.key === section ? ' console__link--current' : ''}`}
                aria-current={s.key === section ? 'page' : undefined}
              >
                {t(`admin_console.nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console__main">{children}</div>
    </div>
  );
}
