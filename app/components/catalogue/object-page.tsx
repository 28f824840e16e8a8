// The frame of model, channel and playlist pages: heading, picture, info/videos tabs.
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ObjectHeader({
  title,
  img,
  base,
  tab,
  meta,
  children,
}: {
  title: string;
  img?: string | null;
  /** e.g. /pornstar/anna-bell/ */
  base: string;
  tab: 'videos' | 'info';
  meta?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // The tabs are named after the page's heading: a page may hold other navigation landmarks (issue 29).
  const headingId = useId();
  return (
    <header className="object">
      {img ? (
        <img className="object__img" src={img} alt="" width={160} height={213} decoding="async" />
      ) : null}
      <div className="object__body">
        <h1 className="page__title" id={headingId}>
          {title}
        </h1>
        {meta ? <p className="page__meta">{meta}</p> : null}
        {children}
        <nav className="tabs" aria-labelledby={headingId}>
          <Link to={base} className={tab === 'videos' ? 'tab is-active' : 'tab'}>
            {t('catalogue.videos')}
          </Link>
          <Link to={`${base}info/`} className={tab === 'info' ? 'tab is-active' : 'tab'}>
            {t('catalogue.info')}
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function InfoList({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="info-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
