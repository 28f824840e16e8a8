import { VASTClient } from '@dailymotion/vast-client';
import { describe, expect, it } from 'vitest';
import {
  HOUSE_PREROLL_CREATIVE,
  HOUSE_PREROLL_IMPRESSION_PATH,
  HOUSE_PREROLL_PATH,
  housePrerollVast,
  vastOrigin,
  vastTime,
} from './house-preroll.ts';

// biome-ignore lint/suspicious/noExplicitAny: the library's parsed ads and creatives are untyped.
type Loose = any;

describe('house pre-roll', () => {
  it("links the site's public address on its own host, else the address asked", () => {
    const publicUrl = 'https://tube.example';
    expect(vastOrigin({ protocol: 'http', host: 'tube.example' }, publicUrl)).toBe('https://tube.example');
    expect(vastOrigin({ protocol: 'http', host: '127.0.0.1:8080' }, publicUrl)).toBe('http://127.0.0.1:8080');
    expect(vastOrigin({ protocol: 'https', host: 'www.tube.example' }, publicUrl)).toBe(
      'https://www.tube.example',
    );
    expect(vastOrigin({ protocol: 'http', host: 'localhost:3000' }, 'http://localhost:3000')).toBe(
      'http://localhost:3000',
    );
  });

  it('writes VAST times as HH:MM:SS', () => {
    expect(vastTime(5)).toBe('00:00:05');
    expect(vastTime(3725.4)).toBe('01:02:05');
  });

  it("is a VAST document the players' own client reads: one linear MP4, skippable after 5 s", async () => {
    const xml = housePrerollVast({ origin: 'https://tube.example', siteName: 'Tube & "Co" <x>' });
    // The client the browser uses (app/components/ads/vast.ts), here on Node's fetch and its XML parser.
    const response: Loose = await new VASTClient().get(`data:application/xml,${encodeURIComponent(xml)}`);
    expect(response.ads).toHaveLength(1);
    const ad = response.ads[0];
    expect(ad.system.value).toBe('Tube & "Co" <x>');
    const linear = ad.creatives.filter((c: Loose) => c.type === 'linear');
    expect(linear).toHaveLength(1);
    expect(linear[0].duration).toBe(HOUSE_PREROLL_CREATIVE.seconds);
    expect(linear[0].skipDelay).toBe(5);
    expect(linear[0].videoClickThroughURLTemplate.url).toBe('https://tube.example/advertising/');
    expect(
      linear[0].mediaFiles.map((f: Loose) => ({
        url: f.fileURL,
        type: f.mimeType,
        delivery: f.deliveryType,
        width: f.width,
        height: f.height,
      })),
    ).toEqual([
      {
        url: `https://tube.example/media/${HOUSE_PREROLL_CREATIVE.storageKey}`,
        type: 'video/mp4',
        delivery: 'progressive',
        width: 640,
        height: 360,
      },
    ]);
    expect(HOUSE_PREROLL_PATH).toBe('/ads/house/preroll.xml');
  });

  it("carries VAST 3.0's required <Impression>: the site's own counted pixel, before the creatives", async () => {
    const xml = housePrerollVast({ origin: 'https://tube.example', siteName: 'Tube' });
    const response: Loose = await new VASTClient().get(`data:application/xml,${encodeURIComponent(xml)}`);
    expect(response.ads[0].impressionURLTemplates.map((i: Loose) => i.url)).toEqual([
      'https://tube.example/api/stats.php?goal=house_preroll_impression&cb=[CACHEBUSTING]',
    ]);
    expect(HOUSE_PREROLL_IMPRESSION_PATH).toBe(
      '/api/stats.php?goal=house_preroll_impression&cb=[CACHEBUSTING]',
    );
    // The InLine sequence of the VAST 3.0 schema: AdSystem, AdTitle, …, Impression, Creatives.
    const order = ['<AdSystem>', '<AdTitle>', '<Impression>', '<Creatives>'].map((tag) => xml.indexOf(tag));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] as number)))).toBe(true);
    expect(xml).toContain('<VAST version="3.0">');
  });
});
