import { describe, expect, it } from 'vitest';
import { isAdUrl } from '../../../contract/ads.ts';
import { houseAdSvg, parseHouseAd } from './house-ads.ts';

describe('house ads', () => {
  it('parses size and variant names, and nothing else', () => {
    expect(parseHouseAd('300x250-3')).toEqual({ width: 300, height: 250, variant: '3' });
    expect(parseHouseAd('728x90-promo')).toEqual({ width: 728, height: 90, variant: 'promo' });
    expect(parseHouseAd('300x250')).toEqual({ width: 300, height: 250, variant: '1' });
    for (const bad of ['300x250-6', '9999x250', '10x10', '300x250-', '../x', '300x250.svg', 'x']) {
      expect(parseHouseAd(bad)).toBeNull();
    }
  });

  it('draws an SVG of the asked size with the site name escaped', () => {
    const svg = houseAdSvg(300, 250, '2', 'Tube <&> "Test"');
    expect(svg).toMatch(/^<svg [^>]*width="300" height="250"/);
    expect(svg).toContain('Reach our visitors');
    expect(svg).not.toContain('stroke-dasharray');
    expect(svg).toContain('Tube &#60;&#38;&#62; &#34;Test&#34;');
    expect(svg).not.toContain('<script');
    expect(houseAdSvg(728, 90, 'promo', 'T')).toContain('Join T free');
    expect(houseAdSvg(300, 250, '1', 'Tube &')).toContain('Advertise on Tube &#38;');
  });
});

describe('isAdUrl', () => {
  it('accepts http(s) and paths on this site only', () => {
    for (const ok of ['https://ads.test/vast.xml?a=1', 'http://127.0.0.1:9/x', '/ads/house/300x250.svg']) {
      expect(isAdUrl(ok)).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.test/x',
      '/\\evil.test',
      'ftp://x/y',
      'vast.xml',
      '',
    ]) {
      expect(isAdUrl(bad)).toBe(false);
    }
  });
});
