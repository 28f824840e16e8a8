// The UK gate's constants and clauses without zod (content of contract/age-verification.ts that the
// browser's shell reads on every page: importing that module would bring its schemas, and zod, into
// every page's first load). age-verification.ts re-exports all of it.

export const AGE_VERIFICATION_PATH = '/api/age_verification.php';
export const AGE_VERIFICATION_ADMIN_PATH = '/api/admin/age_verification.php';
export const AGE_VERIFICATION_PHOTO_PATH = '/api/admin/age_verification_photo.php';
export const AGE_VERIFICATION_PAGE = '/admin/age-verification/';

/** The photo: one image, JPEG, PNG or WebP, at most 10 MB, at least 240 px on each side. */
export const AGE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const AGE_PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const AGE_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const AGE_PHOTO_MIN_SIDE = 240;
/** A rejection's reason, shown to the member. */
export const AGE_REASON_MAX = 500;
export const AGE_QUEUE_PAGE_SIZE = 20;
export const AGE_QUEUE_MAX_PAGE = 1000;

/** shell.md §9: the UK gate's country code. */
export const UK_GATE_COUNTRY = 'gb';

/**
 * "Promo-type query" (shell.md §4; docs/decisions.md): a landing from a campaign or a partner. The
 * tracking parameters the canonical link strips (shell.md §9) plus utm_source, utm_medium, utm_campaign.
 */
export const PROMO_QUERY_PARAMS = [
  'promo',
  'source',
  'campaign',
  'camp',
  'so',
  'r',
  'ad_tags',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
] as const;

export function hasPromoQuery(search: URLSearchParams): boolean {
  return PROMO_QUERY_PARAMS.some((name) => search.has(name));
}

/** The pages the UK gate never covers: information pages, sign-in and sign-up (and password restore). */
export function ukGateExemptPath(pathname: string): boolean {
  return /^\/(information|signin|signup|restore-password)(\/|$)/.test(pathname);
}

export interface UkGateClauses {
  /** The visitor's country is gb. */
  ukCountry: boolean;
  signedIn: boolean;
  ageVerified: boolean;
  pathname: string;
  /** The page was reached from another site, or with a promo-type query. */
  referred: boolean;
}

/**
 * shell.md §4: shown when the user is anonymous or not age_verified, the country code is gb, the path
 * is not an information, signin or signup page, and there is no referrer or promo-type query.
 */
export function ukGateShown(c: UkGateClauses): boolean {
  return (!c.signedIn || !c.ageVerified) && c.ukCountry && !ukGateExemptPath(c.pathname) && !c.referred;
}
