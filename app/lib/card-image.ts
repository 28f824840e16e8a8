// The picture of a card (issue 29): its `scr` JPEG stays the `src` (the API's URL, and what a browser
// without srcset loads), and the WebP variants of contract/image-variants.ts are offered in `srcSet`
// with the width a card is drawn at (`sizes`), so a phone loads the 320 px WebP instead of the 640 px
// JPEG. Only a stored JPEG under /media/ has variants (/media/ makes a missing one from it); any other
// URL is answered as it is.
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '../../contract/image-variants.ts';

/**
 * A card's slot in `.grid` (styles/listing.css: columns of at least 160 px under 768 px, 240 px from
 * 768 px; gutters of 12/16 px, gaps of 8/12 px, a 1600 px container), said in three bands, because it
 * is repeated on every card of a page (60 a listing) and in the first row's image preloads:
 * - to 351 px, one column: 90vw (the slot is the width less 24 px);
 * - to 767 px, 44vw: the two columns of a phone (171 px at 375, 190 px at 412: 44vw sits just under
 *   them). The 3 and 4 columns of 520–767 px are narrower than 44vw: there a 1–1.75× screen may get
 *   the 640 px file where 320 px would do (heavier, never blurry);
 * - then 240px, the desktop column (its minimum; 240–256 px from 1280 px). 768–1279 px has wider slots
 *   (2–4 columns, up to 362 px): at 1× the 320 px file is at most 12% short there, from 1.5× the
 *   640 px one is taken.
 * A browser takes the first candidate at least as dense as the screen (Chromium: past the geometric mean
 * of two), so each value stays a little under its slot: Lighthouse's phone (412 px at 1.75×, 190 px
 * slot, 332 device px) gets the 320 px picture, not one of four times its pixels.
 */
export const CARD_IMAGE_SIZES = '(max-width:351px) 90vw,(max-width:767px) 44vw,240px';

const MEDIA = '/media/';

/** The WebP variant of a /media/ JPEG URL at `width` (320 or 640), or null for any other URL. */
export function webpVariantUrl(scr: string, width: (typeof IMAGE_VARIANT_WIDTHS)[number]): string | null {
  if (!scr.startsWith(MEDIA) || scr.includes('?') || scr.includes('#')) return null;
  return imageVariantKey(scr, width);
}

/** Props for a card's <img>: spread them (`<img {...cardImageProps(video.scr)} alt=… />`). */
export function cardImageProps(scr: string): { src: string; srcSet?: string; sizes?: string } {
  const candidates = IMAGE_VARIANT_WIDTHS.map((w) => {
    const url = webpVariantUrl(scr, w);
    return url ? `${url} ${w}w` : null;
  });
  if (candidates.some((c) => c === null)) return { src: scr };
  return { src: scr, srcSet: candidates.join(','), sizes: CARD_IMAGE_SIZES };
}

/** The player's poster (the video page's LCP picture): the 640 px WebP of a /media/ JPEG, else as is. */
export function posterImageUrl(scr: string): string {
  return webpVariantUrl(scr, 640) ?? scr;
}
