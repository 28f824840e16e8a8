// The picture of a card (issue 29): its `scr` JPEG stays the `src` (the API's URL, and what a browser
// without srcset loads), and the WebP variants of contract/image-variants.ts are offered in `srcSet`
// with the width a card is drawn at (`sizes`), so a phone loads the 320 px WebP instead of the 640 px
// JPEG. Only a stored JPEG under /media/ has variants (/media/ makes a missing one from it); any other
// URL is answered as it is.
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '../../contract/image-variants.ts';

/**
 * A card's slot in `.grid` (styles/listing.css: columns of at least 160 px under 768 px, 240 px from
 * 768 px; gutters of 12/16 px, gaps of 8/12 px, a 1600 px container): 1 column to 351 px, 2 to 519 px
 * (171 px at 375, 190 px at 412), 3 to 687 px, 4 to 767 px, 2 at 768–775 px (362 px), 3 to 1027 px, 4 to 1279 px,
 * 5 to 1531 px (240 px at 1280), then 6 (240–256 px). Each band's value is a little under the slot
 * (≈0.95×): a browser takes the first candidate at least as dense as the screen, and a slot a few pixels
 * over 320 device px (a 412 px phone at 1.75×, Lighthouse's) should get the 320 px picture, not one of
 * four times its pixels. Short on purpose: it is repeated on every card of a page.
 */
export const CARD_IMAGE_SIZES =
  '(max-width:351px) 90vw,(max-width:519px) 44vw,(max-width:687px) 30vw,(max-width:767px) 22vw,(max-width:1027px) 30vw,(max-width:1279px) 23vw,(max-width:1531px) 18vw,240px';

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
