// The naming rule of the smaller WebP copies of a stored JPEG picture (issue 29): the API's `scr` stays
// the JPEG's URL (content.md §3), and the page derives its variants from it. `videos/7/poster.jpg` has
// `videos/7/poster.320w.webp` and `videos/7/poster.640w.webp`: at most that wide (never wider than the
// JPEG), its aspect kept. The pipeline writes them next to every poster and thumbnail; /media/ makes one
// that is missing from its JPEG on the first request and stores it (docs/decisions.md), so a page may
// name them for any stored JPEG. No zod and no server code: the app's first load imports this.

/** The widths a card's srcset offers: a phone's two-column card (≈190 CSS px) at 1.75× and 3×. */
export const IMAGE_VARIANT_WIDTHS = [320, 640] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

const SOURCE = /^(.+)\.jpg$/;
const VARIANT = /^(.+)\.(\d+)w\.webp$/;

/** The variant's key (or URL path) of a JPEG's key, or null when it is no JPEG (`.jpg`). */
export function imageVariantKey(jpegKey: string, width: ImageVariantWidth): string | null {
  const match = SOURCE.exec(jpegKey);
  return match ? `${match[1]}.${width}w.webp` : null;
}

/** What a variant key is made from: its JPEG's key and its width; null for any other key. */
export function parseImageVariantKey(key: string): { source: string; width: ImageVariantWidth } | null {
  const match = VARIANT.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  const known = IMAGE_VARIANT_WIDTHS.find((w) => w === width);
  return known === undefined || match[2] !== String(known)
    ? null
    : { source: `${match[1]}.jpg`, width: known };
}
