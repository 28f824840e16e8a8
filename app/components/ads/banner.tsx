// Banner ads (issue 6): an image with a link, or a sandboxed iframe, in a box of the creative's size
// reserved before it loads (no layout shift). Zones render nothing when empty: members get no ads.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type AdZoneKey,
  adCreativeId,
  type BannerCreative,
  HOUSE_AD_HREF,
  type PromoBanner as PromoBannerConfig,
} from '../../../contract/ads-viewer.ts';
import { GOAL_PROMO } from '../../../contract/analytics-limits.ts';
import { goal } from '../../lib/analytics.ts';
import { useRootData } from '../../lib/route-data.ts';
import { countAd, useAdImpression } from './ad-events.ts';
import { useAds } from './use-ads.ts';

/** Third-party banner frames: scripts and pop-ups (click-through) only. See docs/decisions.md. */
export const BANNER_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
/** shell.md: "Promo frame sandbox allows scripts, forms, popups and same-origin." */
export const PROMO_SANDBOX = 'allow-scripts allow-forms allow-popups allow-same-origin';

export interface AdBannerProps {
  creative: BannerCreative;
  /**
   * The zone its impressions and clicks are counted under (issue 32). The player's pause overlay
   * (player/overlays.tsx) renders the pause zone's creative without naming it: hence the default.
   */
  zone?: AdZoneKey;
  className?: string;
  /** Scales down with its container (the carousel) instead of keeping its pixel size. */
  fluid?: boolean;
}

/**
 * shell.md: "Banner is marked loaded once its image or frame loads." An image the browser finished before
 * hydration fired its load event before React listened: the ref sees it complete at mount instead.
 */
function useLoaded() {
  const [loaded, setLoaded] = useState(false);
  const onLoad = useCallback(() => setLoaded(true), []);
  const imageRef = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setLoaded(true);
  }, []);
  return { loaded, onLoad, imageRef };
}

/**
 * The site's own ad (issue 34): text in the page's language, not a picture of English words. It sells
 * the site's ad places and links to the advertising page; a page shows at most one (ads.service.ts).
 */
function HouseAd({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const site = useRootData()?.site.name ?? '';
  return (
    <Link to={HOUSE_AD_HREF} className="house-ad" data-house-ad="" onClick={onClick}>
      <span className="house-ad__brand">{site}</span>
      <strong className="house-ad__title">{t('ads.house.title', { site })}</strong>
      <span className="house-ad__line">{t('ads.house.line')}</span>
      <span className="house-ad__cta">{t('ads.house.cta')}</span>
    </Link>
  );
}

export function AdBanner({ creative, className = '', fluid = false, zone = 'pause' }: AdBannerProps) {
  const { t } = useTranslation();
  const { loaded, onLoad, imageRef } = useLoaded();
  const id = adCreativeId(creative);
  const seen = useAdImpression<HTMLDivElement>(zone, id);
  // A click on a third-party frame is not seen by the page: only image and house clicks count.
  const clicked = () => countAd(zone, id, 'click');
  const style = fluid
    ? { aspectRatio: `${creative.width} / ${creative.height}`, maxWidth: creative.width }
    : { width: creative.width, height: creative.height };
  // The house ad is markup: there is nothing to wait for.
  const ready = loaded || creative.kind === 'house';
  return (
    <div
      ref={seen}
      className={`ad-box${fluid ? ' ad-box--fluid' : ''}${ready ? ' ad-box--loaded' : ''} ${className}`}
      style={style}
      data-ad-kind={creative.kind}
      data-ad-creative={id}
    >
      {creative.kind === 'house' ? (
        <HouseAd onClick={clicked} />
      ) : creative.kind === 'image' ? (
        <a
          href={creative.href}
          target="_blank"
          rel="sponsored noopener"
          className="ad-box__link"
          onClick={clicked}
        >
          <img
            ref={imageRef}
            src={creative.src}
            alt={creative.alt || t('ads.label')}
            width={creative.width}
            height={creative.height}
            loading="lazy"
            decoding="async"
            onLoad={onLoad}
          />
        </a>
      ) : (
        <iframe
          src={creative.src}
          title={t('ads.label')}
          width={creative.width}
          height={creative.height}
          sandbox={BANNER_SANDBOX}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={onLoad}
        />
      )}
      <span className="ad-box__label" aria-hidden="true">
        {t('ads.badge')}
      </span>
    </div>
  );
}

/** Footer: 4 slots of 300x250, the last two hidden at 767 px or less (spec shell.md). */
export function FooterAds() {
  const { t } = useTranslation();
  const { footer } = useAds();
  if (footer.length === 0) return null;
  return (
    <div className="footer__ads container" role="group" aria-label={t('ads.label')}>
      {footer.slice(0, 4).map((creative, i) => (
        <AdBanner
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same creative may repeat.
          key={i}
          creative={creative}
          zone="footer"
          className={i >= 2 ? 'ad-slot--wide-only' : ''}
        />
      ))}
    </div>
  );
}

/**
 * Video page: 5 slots of 300x250 in a row, scaling down together on wide screens; on a phone one
 * creative at a time at a readable size, the others a swipe away (ads.css, issue 34).
 */
export function AdCarousel() {
  const { t } = useTranslation();
  const { carousel } = useAds();
  if (carousel.length === 0) return null;
  return (
    <section className="ad-carousel" aria-label={t('ads.label')}>
      {carousel.slice(0, 5).map((creative, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same creative may repeat.
        <AdBanner key={i} creative={creative} zone="carousel" fluid />
      ))}
    </section>
  );
}

/** The right-hand column of the video page (hidden on phones by the page's CSS). */
export function AsideAds({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { aside } = useAds();
  if (aside.length === 0) return null;
  return (
    <aside className={`ad-aside ${className}`} aria-label={t('ads.label')}>
      {aside.map((creative, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same creative may repeat.
        <AdBanner key={i} creative={creative} zone="aside" />
      ))}
    </aside>
  );
}

/** The promo banner above the player: an image (with its phone version) or a sandboxed iframe. */
export function PromoBanner({ promo: given }: { promo?: PromoBannerConfig | null } = {}) {
  const { t } = useTranslation();
  const ads = useAds();
  const promo = given === undefined ? ads.promo : given;
  const { loaded, onLoad, imageRef } = useLoaded();
  const id = promo ? adCreativeId({ kind: 'promo', src: promo.src }) : '';
  const seen = useAdImpression<HTMLDivElement>('promo', id);
  if (!promo) return null;
  const className = `promo-banner${loaded ? ' promo-banner--loaded' : ''}`;
  if (promo.kind === 'iframe') {
    return (
      <div ref={seen} className={className} style={{ height: promo.height }}>
        <iframe
          src={promo.src}
          title={t('ads.promo')}
          sandbox={PROMO_SANDBOX}
          loading="lazy"
          onLoad={onLoad}
        />
      </div>
    );
  }
  const image = (
    <picture>
      {promo.mobileSrc ? <source media="(max-width: 767px)" srcSet={promo.mobileSrc} /> : null}
      <img ref={imageRef} src={promo.src} alt={t('ads.promo')} height={promo.height} onLoad={onLoad} />
    </picture>
  );
  return (
    <div ref={seen} className={className} style={{ minHeight: promo.height }}>
      {promo.href ? (
        <a
          href={promo.href}
          target="_blank"
          rel="sponsored noopener"
          onClick={() => {
            goal(promo.goal || GOAL_PROMO, { href: promo.href });
            countAd('promo', id, 'click');
          }}
        >
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
