// The ad zones of the current viewer, from the root loader's data: one read per page, and members
// (who see no ads) get NO_ADS. A zone with a frequency cap (issue 32) shows only in the browser, once
// this visitor's showings of it today are under the cap (ad-events.ts): the server's page is the same
// for every guest. The pre-roll checks its own cap when it would start (preroll-ad.tsx).
import { useMemo } from 'react';
import { type AdsForViewer, type AdZoneKey, NO_ADS } from '../../../contract/ads-viewer.ts';
import { useRootData } from '../../lib/route-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { underCap, usePageView } from './ad-events.ts';

/** The zone emptied: what a zone at its cap gives the page. */
function without(ads: AdsForViewer, zone: AdZoneKey): AdsForViewer {
  switch (zone) {
    case 'pause':
    case 'promo':
    case 'partner':
      return { ...ads, [zone]: null };
    case 'live':
      return { ...ads, live: false };
    case 'footer':
    case 'carousel':
    case 'aside':
      return { ...ads, [zone]: [] };
    default:
      return ads;
  }
}

export function useAds(): AdsForViewer {
  const ads = useRootData()?.ads ?? NO_ADS;
  const hydrated = useHydrated();
  const view = usePageView();
  return useMemo(() => {
    let out = ads;
    for (const [zone, cap] of Object.entries(ads.caps ?? {}) as Array<[AdZoneKey, number]>) {
      if (zone === 'preroll') continue;
      if (!hydrated || !underCap(zone, cap, view)) out = without(out, zone);
    }
    return out;
  }, [ads, hydrated, view]);
}
