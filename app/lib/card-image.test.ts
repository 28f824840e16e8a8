// Issue 29, item 3: a card's <img> offers the WebP variants of its JPEG in srcset, sized to the card.
import { describe, expect, it } from 'vitest';
import { imageVariantKey, parseImageVariantKey } from '../../contract/image-variants.ts';
import { CARD_IMAGE_SIZES, cardImageProps, posterImageUrl } from './card-image.ts';

describe('cardImageProps', () => {
  it('keeps the JPEG as src and offers its 320 and 640 px WebP variants', () => {
    expect(cardImageProps('/media/videos/7/poster.jpg')).toEqual({
      src: '/media/videos/7/poster.jpg',
      srcSet: '/media/videos/7/poster.320w.webp 320w,/media/videos/7/poster.640w.webp 640w',
      sizes: CARD_IMAGE_SIZES,
    });
    expect(cardImageProps('/media/demo/clip-03/poster-2-ab12.jpg').srcSet).toBe(
      '/media/demo/clip-03/poster-2-ab12.320w.webp 320w,/media/demo/clip-03/poster-2-ab12.640w.webp 640w',
    );
  });

  it.each([
    [''],
    ['/media/videos/7/poster.png'],
    ['/media/videos/7/poster.webp'],
    ['https://cdn.example/videos/7/poster.jpg'],
    ['/media/videos/7/poster.jpg?v=2'],
    ['/static/poster.jpg'],
  ])('answers %j as it is, without a srcset', (scr) => {
    expect(cardImageProps(scr)).toEqual({ src: scr });
  });

  it('picks the picture a card needs at 375, 768 and 1280 px, and at any width and density', () => {
    const sized = (viewport: number) => {
      for (const entry of CARD_IMAGE_SIZES.split(',')) {
        const m = /^\(max-width:(\d+)px\) (\d+)vw$/.exec(entry);
        if (!m) return Number(/^(\d+)px$/.exec(entry)![1]);
        if (viewport <= Number(m[1])) return (viewport * Number(m[2])) / 100;
      }
      throw new Error('no default size');
    };
    // styles/listing.css: .grid's auto-fill columns in the .container of styles/base.css.
    const card = (viewport: number) => {
      const phone = viewport < 768;
      const [gutter, min, gap] = phone ? [12, 160, 8] : [16, 240, 12];
      const content = Math.min(viewport, 1600) - 2 * gutter;
      const columns = Math.max(1, Math.floor((content + gap) / (min + gap)));
      return (content - (columns - 1) * gap) / columns;
    };
    // The browser's choice: the first candidate at least as dense as the screen, else the largest
    // (Firefox, Safari); Chromium goes on to the larger one only past the geometric mean of the two.
    const widths = [320, 640];
    const chosen = (viewport: number, dpr: number) =>
      widths.find((w) => w / sized(viewport) >= dpr) ?? widths.at(-1)!;
    const chromium = (viewport: number, dpr: number) =>
      Math.sqrt((320 / sized(viewport)) * (640 / sized(viewport))) >= dpr ? 320 : 640;
    expect(card(375)).toBeCloseTo(171.5);
    expect(card(768)).toBe(362);
    expect(card(1280)).toBe(240);
    // docs/decisions.md's table, in both ways of choosing.
    for (const pick of [chosen, chromium]) {
      expect(pick(375, 3)).toBe(640);
      expect(pick(412, 1.75)).toBe(320); // Lighthouse's phone: 332 px needed
      expect(pick(768, 2)).toBe(640);
      expect(pick(1280, 1)).toBe(320);
      expect(pick(1440, 2)).toBe(640);
    }
    const heavy: string[] = [];
    for (let viewport = 300; viewport <= 2560; viewport += 1) {
      for (const dpr of [1, 1.5, 1.75, 2, 2.625, 3]) {
        const needed = card(viewport) * dpr;
        const w = chosen(viewport, dpr);
        const at = `${viewport} px at ${dpr}x`;
        // Never blurry (at most 15% upscaled) unless there is nothing larger.
        if (w < 640) expect(w, at).toBeGreaterThanOrEqual(needed * 0.85);
        if (w === 640 && needed <= 304) heavy.push(at);
      }
    }
    // The 640 px file where 320 px does only where three or four phone columns are narrower than the
    // two-column 44vw (520-767 px, under 2x): a short `sizes` on every card is worth that.
    expect(heavy.length).toBeGreaterThan(0);
    expect(
      heavy.filter((at) => {
        const [viewport, dpr] = at.split(' px at ').map(Number.parseFloat) as [number, number];
        return viewport < 520 || viewport > 767 || dpr >= 2;
      }),
    ).toEqual([]);
    expect(CARD_IMAGE_SIZES.length).toBeLessThanOrEqual(60);
  });

  it('gives the player the 640 px WebP poster', () => {
    expect(posterImageUrl('/media/videos/7/poster.jpg')).toBe('/media/videos/7/poster.640w.webp');
    expect(posterImageUrl('https://bucket.example/videos/7/poster.jpg?X-Amz-Signature=1')).toBe(
      'https://bucket.example/videos/7/poster.jpg?X-Amz-Signature=1',
    );
  });
});

describe('the naming rule of the variants', () => {
  it('round-trips a JPEG key and refuses any other width or format', () => {
    expect(imageVariantKey('videos/1/thumbs/3.jpg', 320)).toBe('videos/1/thumbs/3.320w.webp');
    expect(parseImageVariantKey('videos/1/thumbs/3.320w.webp')).toEqual({
      source: 'videos/1/thumbs/3.jpg',
      width: 320,
    });
    expect(imageVariantKey('videos/1/poster.webp', 320)).toBeNull();
    for (const key of [
      'videos/1/poster.480w.webp',
      'videos/1/poster.0640w.webp',
      'videos/1/poster.webp',
      'videos/1/poster.320w.avif',
    ]) {
      expect(parseImageVariantKey(key)).toBeNull();
    }
  });
});
