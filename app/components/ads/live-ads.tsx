// Under-player live ads (content.md §4: "shown with 90% probability when country is de, fr, nl or us";
// §7: the feed is asked with count 11 or 10 by the width, its answer is data.models; §3: each model has
// chatRoomUrl and profilePictureUrl.size320x240). An ad zone the operator fills at /admin/ads/; the
// server answers the country and the draw (LIVE_ADS_PATH), so the page itself stays the same for all.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AD_CREATIVE_PARTNER,
  LIVE_ADS_PATH,
  type LiveAdModel,
  liveAdsCount,
} from '../../../contract/ads-viewer.ts';
import { countAd, useAdImpression } from './ad-events.ts';
import { useAds } from './use-ads.ts';

const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) && value.length <= 2000;

/** The feed's models that carry a room link and a picture (anything else is left out). */
export function liveModelsOf(answer: unknown, count: number): LiveAdModel[] {
  const models = (answer as { data?: { models?: unknown } } | null)?.data?.models;
  if (!Array.isArray(models)) return [];
  return models
    .filter((m): m is LiveAdModel => isWebUrl(m?.chatRoomUrl) && isWebUrl(m?.profilePictureUrl?.size320x240))
    .slice(0, count)
    .map((m) => ({
      chatRoomUrl: m.chatRoomUrl,
      profilePictureUrl: { size320x240: m.profilePictureUrl.size320x240 },
    }));
}

export function LiveAds() {
  const { t } = useTranslation();
  const { live } = useAds();
  const [models, setModels] = useState<LiveAdModel[]>([]);
  // The feed's models are the partner's creatives: counted as one, `partner` (issue 32).
  const seen = useAdImpression<HTMLElement>('live', AD_CREATIVE_PARTNER);

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const answer = (await (await fetch(LIVE_ADS_PATH, { signal })).json()) as { feed?: string | null };
      if (!answer.feed) return;
      const count = liveAdsCount(window.innerWidth);
      const url = new URL(answer.feed, window.location.origin);
      url.searchParams.set('count', String(count));
      const feed = await fetch(url, { signal, credentials: 'omit' });
      setModels(liveModelsOf(await feed.json(), count));
    })().catch(() => {
      // A feed that fails shows nothing; the page goes on.
    });
    return () => controller.abort();
  }, [live]);

  if (models.length === 0) return null;
  return (
    <section ref={seen} className="live-ads" aria-label={t('ads.live')} data-zone="live">
      <ul className="live-ads__list">
        {models.map((model) => (
          <li key={model.chatRoomUrl}>
            <a
              href={model.chatRoomUrl}
              target="_blank"
              rel="sponsored noopener"
              className="live-ads__item"
              onClick={() => countAd('live', AD_CREATIVE_PARTNER, 'click')}
            >
              <img
                src={model.profilePictureUrl.size320x240}
                alt={t('ads.live')}
                width={320}
                height={240}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
