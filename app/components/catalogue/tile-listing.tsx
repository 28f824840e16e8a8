// A sorted, paged grid of object tiles (channels, playlists): the sort tabs, the tiles with an image
// or the title's initial, and the pagination. The routes map their own data into tiles. While another
// sort or page of the listing loads, placeholders stand in for the tiles (object-placeholders.tsx).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../contract/catalog.ts';
import { Pagination } from '../pagination.tsx';
import { TilePlaceholders, under, useObjectListingLoading } from './object-placeholders.tsx';

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
  pageSize,
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
  /** Tiles a full page holds: the placeholders' count when this page has none. */
  pageSize: number;
  tiles: Tile[];
}) {
  const { t } = useTranslation();
  const loading = useObjectListingLoading(under(basePath));
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
      <TileGrid tiles={tiles} loading={loading} placeholders={tiles.length || pageSize} />
      <Pagination current={page} count={pages} href={(p) => `${basePath}${sort}/${p}/`} />
    </section>
  );
}

/** The tiles alone (the search page's object tabs use them under their own tabs). */
export function TileGrid({
  tiles,
  loading = false,
  placeholders = tiles.length,
}: {
  tiles: readonly Tile[];
  /** Another page of this listing is loading: placeholders instead of the tiles. */
  loading?: boolean;
  /** How many placeholders (the page's tiles; a page size when it had none). */
  placeholders?: number;
}) {
  const { t } = useTranslation();
  if (loading) return <TilePlaceholders count={placeholders || PAGE_SIZE.models} />;
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
