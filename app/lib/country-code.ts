// Country codes are lower case in URLs, as stored and compared (docs/decisions.md, issue 34): a listing
// reached with `?country=DE` moves once to `?country=de`, so the filter finds what the lower-case form
// finds and each listing has one URL.

/** A two-letter country code of a query, in lower case; null for anything else. */
export function countryCodeOf(value: string | null): string | null {
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toLowerCase() : null;
}

/** The page's path and query with `country` in lower case; null when it already is (or is absent). */
export function lowerCountryTarget(url: URL): string | null {
  const raw = url.searchParams.get('country');
  if (raw === null || raw === raw.toLowerCase()) return null;
  const search = new URLSearchParams(url.search);
  search.set('country', raw.toLowerCase());
  return `${url.pathname}?${search}`;
}
