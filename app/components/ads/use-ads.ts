// The ad zones of the current viewer, from the root loader's data: one read per page, and members
// (who see no ads) get NO_ADS.
import { type AdsForViewer, NO_ADS } from '../../../contract/ads-viewer.ts';
import { useRootData } from '../../lib/route-data.ts';

export function useAds(): AdsForViewer {
  return useRootData()?.ads ?? NO_ADS;
}
