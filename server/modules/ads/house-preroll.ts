// The site's own VAST pre-roll (issue 20): a VAST 3.0 InLine document served at a site URL, whose one
// linear creative is a short test-pattern video in storage (the demo seed makes it). The demo turns
// the pre-roll zone on with it (DEMO_PREROLL_ZONE), so a fresh site shows the ad flow of content.md §4
// (pre-roll, skip after 5 s, fallback) without an outside ad network; an administrator replaces it
// at /admin/ads/ like any tag. Pure functions; ads.service.ts checks the creative, ads.routes.ts serves.
import type { AdZoneConfigs } from '../../../contract/ads.ts';
import { PREROLL_TIMING } from '../../../contract/ads-viewer.ts';
import { statsPixelPath } from '../../../contract/analytics.ts';
import { GOAL_HOUSE_PREROLL_IMPRESSION } from '../../../contract/analytics-limits.ts';

/** Where the site serves the house VAST document. */
export const HOUSE_PREROLL_PATH = '/ads/house/preroll.xml';

/** The creative the document points at: stored by the demo seed (server/seed/demo-house-ad.ts). */
export const HOUSE_PREROLL_CREATIVE = {
  storageKey: 'demo/house-ad/preroll.mp4',
  seconds: 10,
  width: 640,
  height: 360,
} as const;

/** The advertiser's page of a house ad: the site's own advertising page. */
export const HOUSE_PREROLL_CLICK_PATH = '/advertising/';

/** The creative as a site URL (/media redirects to S3 where the media are there). */
export const HOUSE_PREROLL_MEDIA_PATH = `/media/${HOUSE_PREROLL_CREATIVE.storageKey}`;

/**
 * The ad's impression pixel (VAST 3.0 requires an <Impression>): the analytics call's pixel form, so
 * that the console's goal counts show how often the house ad was shown (`house_preroll_impression`).
 */
export const HOUSE_PREROLL_IMPRESSION_PATH = statsPixelPath(GOAL_HOUSE_PREROLL_IMPRESSION);

/**
 * The pre-roll zone as the demo seed sets it: the house VAST tag, and the same creative as the
 * fallback played when the tag fails (content.md §4); no load tracker.
 */
export const DEMO_PREROLL_ZONE: AdZoneConfigs['preroll'] = {
  frequencyCap: 0,
  tags: [HOUSE_PREROLL_PATH],
  fallback: { mediaUrl: HOUSE_PREROLL_MEDIA_PATH, clickUrl: HOUSE_PREROLL_CLICK_PATH },
  trackerUrl: null,
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** VAST time: HH:MM:SS. */
export function vastTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * Where the document's URLs point: the site's public address (PUBLIC_URL) when the request came to its
 * host, so that an https site behind a proxy not trusted for the scheme still links https; else the
 * address the request came to (another name of the site, a test server).
 */
export function vastOrigin(request: { protocol: string; host: string }, publicUrl: string): string {
  try {
    const site = new URL(publicUrl);
    if (site.host === request.host) return site.origin;
  } catch {
    // not a URL: the request's own address
  }
  return `${request.protocol}://${request.host}`;
}

/**
 * The house VAST document. URLs are absolute on `origin` (the players' VAST clients take only
 * absolute media URLs), escaped as XML text rather than CDATA. One impression URL, the site's own
 * pixel (VAST 3.0 requires one); no other tracking events.
 */
export function housePrerollVast(input: { origin: string; siteName: string }): string {
  const { origin, siteName } = input;
  const creative = HOUSE_PREROLL_CREATIVE;
  const site = escapeXml(siteName);
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <Ad id="house-preroll">
    <InLine>
      <AdSystem>${site}</AdSystem>
      <AdTitle>${site} house pre-roll</AdTitle>
      <Impression>${escapeXml(`${origin}${HOUSE_PREROLL_IMPRESSION_PATH}`)}</Impression>
      <Creatives>
        <Creative id="house-preroll-video" sequence="1">
          <Linear skipoffset="${vastTime(PREROLL_TIMING.skipOffsetSeconds)}">
            <Duration>${vastTime(creative.seconds)}</Duration>
            <VideoClicks>
              <ClickThrough>${escapeXml(`${origin}${HOUSE_PREROLL_CLICK_PATH}`)}</ClickThrough>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="${creative.width}" height="${creative.height}">${escapeXml(`${origin}${HOUSE_PREROLL_MEDIA_PATH}`)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}
