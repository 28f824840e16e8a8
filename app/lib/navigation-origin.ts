// Where the visitor came from, for the view call's home flag (content.md §7: "A flag is added when the
// referrer is the site's own home or a country page"). document.referrer names the page before a full
// load only: a client navigation (a click on a card of the home page) keeps the old one. The root renders
// <NavigationOrigins />, which notes for each location (by its key) the page that was left for it.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const origins = new Map<string, string>();
let shown: { key: string; href: string } | null = null;

export function NavigationOrigins(): null {
  const { key } = useLocation();
  useEffect(() => {
    // After the commit: location.href is the new page's, `shown` still the one that was left.
    if (shown && shown.key !== key) origins.set(key, shown.href);
    shown = { key, href: location.href };
  }, [key]);
  return null;
}

/** The page the location `key` was reached from: the one a client navigation left, else the load's referrer. */
export function cameFrom(key: string): string {
  return origins.get(key) ?? document.referrer;
}
