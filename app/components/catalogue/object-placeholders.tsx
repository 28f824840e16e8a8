// The object listings' busy state (issue 34; content.md §4 as the video grids have it, video-card.tsx):
// while a client navigation to another sort, page or filter of the same listing loads, its tiles give
// way to as many grey placeholders, in a grid marked aria-busy. A navigation elsewhere (an object's own
// page) leaves the listing as it is.
import { useLocation, useNavigation } from 'react-router';

/**
 * True while the router loads another address (path or query) that `owns` says belongs to this listing.
 * A GET form (the models' filters) navigates the same way, so it counts too.
 */
export function useObjectListingLoading(owns: (pathname: string) => boolean): boolean {
  const navigation = useNavigation();
  const current = useLocation();
  const next = navigation.location;
  if (navigation.state !== 'loading' || !next) return false;
  if (next.pathname === current.pathname && next.search === current.search) return false;
  return owns(next.pathname);
}

/** Paths under `base` (e.g. `/pornsites/`): that listing's sorts and pages. */
export const under = (base: string) => (pathname: string) => pathname.startsWith(base);

const cells = (count: number) => Array.from({ length: count }, (_, i) => i);

/** Grey tiles in place of a page of channels, playlists or categories (16:9 pictures). */
export function TilePlaceholders({ count }: { count: number }) {
  return (
    <ul className="grid grid--categories" aria-busy="true" data-placeholders={count}>
      {cells(count).map((i) => (
        <li key={i} className="tile--placeholder">
          <span className="category">
            <span className="category__thumb" />
            <span className="category__title placeholder-line" />
            <span className="category__count placeholder-line placeholder-line--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Grey portraits in place of a page of models (3:4 pictures). */
export function ModelPlaceholders({ count }: { count: number }) {
  return (
    <div className="grid grid--models" aria-busy="true" data-placeholders={count}>
      {cells(count).map((i) => (
        <article key={i} className="model model--placeholder">
          <div className="model__photo" />
          <p className="model__title placeholder-line" />
          <p className="model__meta placeholder-line placeholder-line--short" />
        </article>
      ))}
    </div>
  );
}
