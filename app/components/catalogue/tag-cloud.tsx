import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MvpLink } from '../../../contract/catalog-api.ts';

/** content.md §2: related tag links, collapsed after the first row; the toggle waits 500 ms. */
export const TAG_CLOUD_TIMER_MS = 500;

export function TagCloud({ links }: { links: readonly MvpLink[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  if (links.length === 0) return null;
  const toggle = () => {
    if (busy) return;
    setBusy(true);
    setOpen((o) => !o);
    timer.current = setTimeout(() => setBusy(false), TAG_CLOUD_TIMER_MS);
  };
  return (
    <nav className={open ? 'tag-cloud is-open' : 'tag-cloud'} aria-label={t('catalogue.tag_cloud')}>
      <ul className="chips tag-cloud__list" id="tag-cloud-list">
        {links.map((link) => (
          <li key={link.url}>
            <Link to={link.url} className="chip">
              {link.title_nav}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="tag-cloud__toggle"
        aria-expanded={open}
        aria-controls="tag-cloud-list"
        onClick={toggle}
      >
        {t(open ? 'catalogue.tag_cloud_less' : 'catalogue.tag_cloud_more')}
      </button>
    </nav>
  );
}
