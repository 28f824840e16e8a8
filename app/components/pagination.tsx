import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from '../lib/pagination.ts';

interface PaginationProps {
  current: number;
  count: number;
  /** URL of a page, query included. */
  href: (page: number) => string;
}

export function Pagination({ current, count, href }: PaginationProps) {
  const { t } = useTranslation();
  if (count <= 1) return null;
  const pages = pageWindow(current, count);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {current > 1 ? (
          <li>
            <Link to={href(current - 1)} rel="prev" className="pagination__step">
              {t('pagination.prev')}
            </Link>
          </li>
        ) : null}
        {pages.map((page) => (
          <li key={page}>
            {page === current ? (
              <span className="pagination__page is-current" aria-current="page">
                <span className="sr-only">{t('pagination.page', { page })}</span>
                <span aria-hidden="true">{page}</span>
              </span>
            ) : (
              <Link to={href(page)} className="pagination__page" aria-label={t('pagination.page', { page })}>
                {page}
              </Link>
            )}
          </li>
        ))}
        {current < count ? (
          <li>
            <Link to={href(current + 1)} rel="next" className="pagination__step">
              {t('pagination.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
