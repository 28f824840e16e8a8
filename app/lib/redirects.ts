// Short forms of listing URLs and their full form (spec/content.md §2). One table, so the 301s are
// unit-tested; app/routes.ts points each short path at routes/redirect.tsx.
import {
  COMMUNITY_SORTS,
  LISTING_SORTS,
  MODEL_SORTS,
  PLAYLIST_SORTS,
  VIDEO_SORTS,
} from '../../contract/catalog.ts';
import { isOneOf } from './params.ts';

type Rule = [RegExp, (m: RegExpMatchArray) => string | null];

const sorted =
  (sorts: readonly string[], to: (m: RegExpMatchArray) => string) =>
  (m: RegExpMatchArray): string | null =>
    isOneOf(m[m.length - 1], sorts) ? to(m) : null;

const RULES: Rule[] = [
  [/^\/video\/(\d+)\/([^/]+)\/videos\/$/, (m) => `/video/${m[1]}/${m[2]}/videos/1/`],
  [/^\/videos\/$/, () => '/videos/latest-updates/1/'],
  [/^\/videos\/([^/]+)\/$/, sorted(LISTING_SORTS, (m) => `/videos/${m[1]}/1/`)],
  [/^\/categories\/([^/]+)\/$/, (m) => `/categories/${m[1]}/latest-updates/1/`],
  [/^\/categories\/([^/]+)\/([^/]+)\/$/, sorted(VIDEO_SORTS, (m) => `/categories/${m[1]}/${m[2]}/1/`)],
  // /tags/{letter}/ in upper case: the letter's tag list (content.md §2 /tags/{letter}; issue 34). Only
  // the letter list reads this; a tag dir is reached at /tags/{dir}/1/.
  [/^\/tags\/([A-Z])\/$/, (m) => `/tags/${(m[1] ?? '').toLowerCase()}/`],
  [/^\/(latest-updates|top-rated|most-commented|most-popular)\/$/, (m) => `/videos/${m[1]}/1/`],
  [/^\/playlists\/$/, () => '/playlists/latest-updates/1/'],
  [/^\/playlists\/([^/]+)\/$/, sorted(PLAYLIST_SORTS, (m) => `/playlists/${m[1]}/1/`)],
  // The first page of an object's videos is the object's page (docs/decisions.md 2026-11-29).
  [/^\/playlist\/(\d+)\/videos\/$/, (m) => `/playlist/${m[1]}/`],
  [/^\/pornstars\/$/, () => '/pornstars/most-popular/1/'],
  [/^\/pornstars\/([^/]+)\/$/, sorted(MODEL_SORTS, (m) => `/pornstars/${m[1]}/1/`)],
  [/^\/pornstar\/([^/]+)\/videos\/$/, (m) => `/pornstar/${m[1]}/`],
  // A model's videos in one category without a page (a segment that is no number is a category dir;
  // only routes/pornstar.tsx reads this): its first page (issue 34).
  [/^\/pornstar\/([^/]+)\/videos\/([^/]*[^/\d][^/]*)\/$/, (m) => `/pornstar/${m[1]}/videos/${m[2]}/1/`],
  [/^\/pornsites\/$/, () => '/pornsites/most-popular/1/'],
  [/^\/pornsites\/([^/]+)\/$/, sorted(MODEL_SORTS, (m) => `/pornsites/${m[1]}/1/`)],
  [/^\/pornsite\/([^/]+)\/videos\/$/, (m) => `/pornsite/${m[1]}/`],
  [/^\/community\/$/, () => `/community/${COMMUNITY_SORTS[0]}/1/`],
];

/** The full URL a short one moves to, or null when the path is not a known short form (→ 404). */
export function redirectTarget(pathname: string): string | null {
  for (const [pattern, to] of RULES) {
    const m = pathname.match(pattern);
    if (m) return to(m);
  }
  return null;
}
