// The page-side ads call (issue 34): GET /api/ads/live.php answers the under-player live ads' feed (or
// null) by the visitor's country and the zone's draw; it takes no input. The zones' editing rows are in
// ../check-params.test.ts (admin/ads.php); the behaviour in server/http/ads-zones-issue34.test.ts.
import { LIVE_ADS_PATH } from '../../../contract/ads-viewer.ts';
import { everyone, NO_INPUT, type Row } from '../../test/check-params-kit.ts';

export const adsRows: Row[] = [
  {
    route: `GET ${LIVE_ADS_PATH}`,
    call: () => ({ url: LIVE_ADS_PATH }),
    expect: everyone(200),
    bad: NO_INPUT,
  },
];
