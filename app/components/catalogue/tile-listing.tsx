// A sorted, paged grid of object tiles (channels, playlists): the sort tabs, the tiles with an image
// or the title's initial, and the pagination. The routes map their own data into tiles.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../pagination.tsx';

export interface Tile {
  key: string | number;
  href: string;
  title: string;
  image: string | null;
  /** The line under the title (counts, owner). */
  meta: string;
}

export function TileListing<S extends string>({
  heading,
  basePath,
  sorts,
  sortLabel,
  sort,
  page,
  pages,
  tiles,
}: {
  heading: string;
  /** `/pornsites/`: tabs link to `{basePath}{sort}/1/`, pages to `{basePath}{sort}/{page}/`. */
  basePath: string;
  sorts: readonly S[];
  sortLabel: (sort: S) => string;
  sort: S;
  page: number;
  pages: number;
  tiles: Tile[];
}) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{heading}</h1>
      <nav className="tabs" aria-label={t('sort.label')}>
        {sorts.map((s) => (
          <Link key={s} to={`${basePath}${s}/1/`} className={s === sort ? 'tab is-active' : 'tab'}>
            {sortLabel(s)}
          </Link>
        ))}
      </nav>
      <TileGrid tiles={tiles} />
      <Pagination current={page} count={pages} href={(p) => `${basePath}${sort}/${p}/`} />
    </section>
  );
}

/** The tiles alone (the search page's object tabs use them under their own tabs). */
export function TileGrid({ tiles }: { tiles: readonly Tile[] }) {
  const { t } = useTranslation();
  return (
    <>
      {tiles.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="grid grid--categories">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.href} className="category">
              <span className="category__thumb">
                {tile.image ? (
                  <img src={tile.image} alt="" loading="lazy" decoding="async" width={320} height={180} />
                ) : (
                  <span className="category__initial" aria-hidden="true">
                    {tile.title.charAt(0)}
                  </span>
                )}
              </span>
              <span className="category__title">{tile.title}</span>
              <span className="category__count">{tile.meta}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
