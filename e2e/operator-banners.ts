// The banners an operator puts in the ad zones, as the site's defaults were before issue 34 (a fresh
// site now shows one house ad, drawn as text in the page's language): the built-in SVG creatives in
// the pause, footer, carousel and right-column zones, and the promo with its phone version. Suites
// that look at those zones' layout set them first, as an administrator would at /admin/ads/.
import type { DB } from '../server/db/database.ts';

const image = (n: number) => ({
  kind: 'image',
  src: `/ads/house/300x250-${n}.svg`,
  href: '/advertising/',
  alt: 'Advertise on this site',
  width: 300,
  height: 250,
});

export const OPERATOR_BANNERS = {
  pause: { creatives: [image(1)] },
  footer: { creatives: [1, 2, 3, 4].map(image) },
  carousel: { creatives: [1, 2, 3, 4, 5].map(image) },
  aside: { creatives: [2, 3].map(image) },
  promo: {
    banner: {
      kind: 'image',
      src: '/ads/house/728x90-promo.svg',
      mobileSrc: '/ads/house/320x100-promo.svg',
      href: '/signup/',
      height: 90,
    },
  },
} as const;

export async function setOperatorBanners(db: DB): Promise<void> {
  for (const [key, config] of Object.entries(OPERATOR_BANNERS)) {
    await db
      .updateTable('ad_zones')
      .set({ enabled: true, config: JSON.stringify(config) })
      .where('key', '=', key as keyof typeof OPERATOR_BANNERS)
      .execute();
  }
}
