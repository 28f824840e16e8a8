// The video page's partner suggestion frame (content.md §2: "keyed on the video's category titles";
// §7: "loaded with page url, keywords, fixed codes and optional clip id"). An ad zone the operator
// fills at /admin/ads/ (src with its fixed codes); nothing on a fresh site, nothing for members.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AD_CREATIVE_PARTNER } from '../../../contract/ads-viewer.ts';
import { useRootData } from '../../lib/route-data.ts';
import { useAdImpression } from './ad-events.ts';
import { BANNER_SANDBOX } from './banner.tsx';
import { useAds } from './use-ads.ts';

/** The frame's address: the operator's src plus url, keywords and (when set) clip_id. */
export function partnerFrameSrc(
  src: string,
  page: { url: string; keywords: string[]; clipId: number | null },
): string {
  const url = new URL(src, page.url);
  url.searchParams.set('url', page.url);
  url.searchParams.set('keywords', page.keywords.join(','));
  if (page.clipId !== null) url.searchParams.set('clip_id', String(page.clipId));
  return url.toString();
}

export function PartnerFrame({ keywords, videoId }: { keywords: string[]; videoId: number }) {
  const { t } = useTranslation();
  const { partner } = useAds();
  const { pathname } = useLocation();
  const origin = useRootData()?.site.publicUrl ?? '';
  // Impressions only (issue 32): a click inside the partner's frame is not the page's to see.
  const seen = useAdImpression<HTMLElement>('partner', AD_CREATIVE_PARTNER);
  if (!partner) return null;
  const src = partnerFrameSrc(partner.src, {
    url: `${origin.replace(/\/$/, '')}${pathname}`,
    keywords,
    clipId: partner.clipId ? videoId : null,
  });
  return (
    <section ref={seen} className="partner-frame" aria-label={t('ads.partner')} data-zone="partner">
      <iframe
        src={src}
        title={t('ads.partner')}
        height={partner.height}
        sandbox={BANNER_SANDBOX}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </section>
  );
}
