// /admin/ads/ (issue 6): administrators set what each ad zone shows: VAST tags for the pre-roll,
// banner creatives (or the site's own house ad), the promo banner, the partner suggestion frame and the
// under-player live ads (issue 34), and each zone's frequency cap. A save takes effect on the next page
// load, without a restart. Above the forms, the zones' counts over 7 or 30 days with a chart per zone
// and a CSV download (issue 32, components/ads/ad-stats-panel.tsx). Everyone else gets a 403 page.

import ads_admin from 'virtual:en/ads_admin';
import moderation from 'virtual:en/moderation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import {
  AD_FREQUENCY_CAP_MAX,
  type AdZone,
  BANNER_ZONES,
  type BannerCreative,
  type BannerZoneKey,
} from '../../contract/ads.ts';
import { AD_STATS_DAYS, parseAdStatsDays } from '../../contract/ads-stats.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { consoleMeta, firstText } from '../components/admin/console-kit.tsx';
import { AdStatsPanel } from '../components/ads/ad-stats-panel.tsx';
import { Notice } from '../components/status-page.tsx';
import { ApiError, saveAdZone } from '../lib/api-client.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf, useRootData } from '../lib/route-data.ts';
import statsCss from '../styles/ad-stats.css?url';
import dashboardCss from '../styles/admin-dashboard.css?url';
import type { Route } from './+types/admin-ads.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ ads_admin, moderation });

// The console's frame and stylesheet (issue 17); the dashboard's range picker and chart panels, and
// the counts' own few rules (issue 32).
export const links = () => [
  ...adminLinks(),
  { rel: 'stylesheet', href: dashboardCss },
  { rel: 'stylesheet', href: statsCss },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user?.role !== 'administrator') return data({ zones: null, stats: null }, { status: 403 });
  // A range the page does not offer still works (1–365); nonsense falls back to the default.
  const days = parseAdStatsDays(url.searchParams.get('days') ?? undefined) ?? AD_STATS_DAYS.default;
  const services = servicesOf(context);
  const [zones, stats] = await Promise.all([services.ads.list(user), services.adStats.report(user, days)]);
  return { zones, stats };
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'ads_admin.title');

export default function AdminAds({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  // The spec's refusal (content.md §9), as every console page answers it.
  if (!loaderData.zones || !loaderData.stats) return <Notice title={t('moderation.forbidden')} />;
  return (
    <AdminFrame section="ads" role={role}>
      <section className="ads-admin">
        <h1 className="ads-admin__title">{t('ads_admin.title')}</h1>
        <p className="ads-admin__intro">{t('ads_admin.intro')}</p>
        <AdStatsPanel report={loaderData.stats} zones={loaderData.zones} />
        <h2 className="console__subtitle">{t('ads_admin.stats.settings')}</h2>
        {loaderData.zones.map((zone) => (
          <ZoneForm key={zone.key} zone={zone} />
        ))}
      </section>
    </AdminFrame>
  );
}

interface IssueCode {
  field: string;
  code: string;
}

type Status = { kind: 'idle' } | { kind: 'saved' } | { kind: 'error'; codes: IssueCode[] };

function ZoneForm({ zone }: { zone: AdZone }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await saveAdZone({
        key: zone.key,
        enabled: form.get('enabled') === 'on',
        config: {
          ...(configFrom(zone, form) as object),
          // An empty field is no cap.
          frequencyCap: Number(String(form.get('frequencyCap') ?? '').trim() || 0),
        },
      });
      setStatus({ kind: 'saved' });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        setStatus({ kind: 'error', codes: [{ field: 'general', code: 'network' }] });
        return;
      }
      setStatus({
        kind: 'error',
        codes: error.codes.length ? error.codes : [{ field: 'general', code: error.answerCode ?? 'invalid' }],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ads-zone" onSubmit={submit} data-zone={zone.key} aria-labelledby={`zone-${zone.key}`}>
      <header className="ads-zone__header">
        <h2 id={`zone-${zone.key}`}>{t(`ads_admin.zone.${zone.key}`)}</h2>
        <label className="ads-zone__toggle">
          <input type="checkbox" name="enabled" defaultChecked={zone.enabled} /> {t('ads_admin.enabled')}
        </label>
      </header>
      <p className="ads-zone__hint">{t(`ads_admin.hint.${zone.key}`)}</p>
      <ZoneFields zone={zone} />
      <Field label={t('ads_admin.frequency_cap')} hint={t('ads_admin.frequency_cap_hint')}>
        <input
          name="frequencyCap"
          type="number"
          min={0}
          max={AD_FREQUENCY_CAP_MAX}
          defaultValue={zone.config.frequencyCap}
        />
      </Field>
      <div className="ads-zone__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('ads_admin.save')}
        </button>
        <span role="status" className="ads-zone__status">
          {status.kind === 'saved' ? t('ads_admin.saved') : null}
        </span>
      </div>
      {status.kind === 'error' ? (
        <ul className="ads-zone__errors" role="alert">
          {status.codes.map((issue) => (
            <li key={`${issue.field}:${issue.code}`}>
              <code>{issue.field}</code>: {firstText(t, [`ads_admin.error.${issue.code}`]) || issue.code}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

function ZoneFields({ zone }: { zone: AdZone }) {
  const { t } = useTranslation();
  switch (zone.key) {
    case 'preroll':
      return (
        <>
          <Field label={t('ads_admin.tags')} hint={t('ads_admin.tags_hint')}>
            <textarea name="tags" rows={4} defaultValue={zone.config.tags.join('\n')} spellCheck={false} />
          </Field>
          <Field label={t('ads_admin.fallback_media')}>
            <input name="fallbackMedia" type="text" defaultValue={zone.config.fallback?.mediaUrl ?? ''} />
          </Field>
          <Field label={t('ads_admin.fallback_click')}>
            <input name="fallbackClick" type="text" defaultValue={zone.config.fallback?.clickUrl ?? ''} />
          </Field>
          <Field label={t('ads_admin.tracker')}>
            <input name="tracker" type="text" defaultValue={zone.config.trackerUrl ?? ''} />
          </Field>
        </>
      );
    case 'promo': {
      const banner = zone.config.banner;
      return (
        <div className="ads-zone__slot">
          <KindSelect name="promo.kind" value={banner?.kind ?? ''} />
          <Field label={t('ads_admin.src')}>
            <input name="promo.src" type="text" defaultValue={banner?.src ?? ''} />
          </Field>
          <Field label={t('ads_admin.mobile_src')}>
            <input name="promo.mobileSrc" type="text" defaultValue={banner?.mobileSrc ?? ''} />
          </Field>
          <Field label={t('ads_admin.href')}>
            <input name="promo.href" type="text" defaultValue={banner?.href ?? ''} />
          </Field>
          <Field label={t('ads_admin.height')}>
            <input name="promo.height" type="number" min={30} max={400} defaultValue={banner?.height ?? 90} />
          </Field>
          <Field label={t('ads_admin.goal')}>
            <input name="promo.goal" type="text" defaultValue={banner?.goal ?? ''} />
          </Field>
        </div>
      );
    }
    case 'partner':
      return (
        <>
          <Field label={t('ads_admin.partner_src')} hint={t('ads_admin.partner_src_hint')}>
            <input name="partner.src" type="text" defaultValue={zone.config.src ?? ''} />
          </Field>
          <Field label={t('ads_admin.height')}>
            <input
              name="partner.height"
              type="number"
              min={30}
              max={1200}
              defaultValue={zone.config.height}
            />
          </Field>
          <label className="ads-zone__toggle">
            <input type="checkbox" name="partner.clipId" defaultChecked={zone.config.clipId} />{' '}
            {t('ads_admin.partner_clip_id')}
          </label>
        </>
      );
    case 'live':
      return (
        <>
          <Field label={t('ads_admin.live_feed')} hint={t('ads_admin.live_feed_hint')}>
            <input name="live.feedUrl" type="text" defaultValue={zone.config.feedUrl ?? ''} />
          </Field>
          <Field label={t('ads_admin.live_countries')} hint={t('ads_admin.live_countries_hint')}>
            <input name="live.countries" type="text" defaultValue={zone.config.countries.join(', ')} />
          </Field>
          <Field label={t('ads_admin.live_probability')}>
            <input
              name="live.probability"
              type="number"
              min={0}
              max={100}
              defaultValue={zone.config.probability}
            />
          </Field>
        </>
      );
    default: {
      const slots = BANNER_ZONES[zone.key].slots;
      return (
        <>
          {Array.from({ length: slots }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional.
            <CreativeSlot key={i} index={i} creative={zone.config.creatives[i] ?? null} />
          ))}
        </>
      );
    }
  }
}

function CreativeSlot({ index, creative }: { index: number; creative: BannerCreative | null }) {
  const { t } = useTranslation();
  const p = `slot${index}.`;
  return (
    <fieldset className="ads-zone__slot">
      <legend>{t('ads_admin.slot', { n: index + 1 })}</legend>
      <KindSelect name={`${p}kind`} value={creative?.kind ?? ''} house />
      <Field label={t('ads_admin.src')}>
        <input
          name={`${p}src`}
          type="text"
          defaultValue={creative && 'src' in creative ? creative.src : ''}
        />
      </Field>
      <Field label={t('ads_admin.href')}>
        <input name={`${p}href`} type="text" defaultValue={creative?.kind === 'image' ? creative.href : ''} />
      </Field>
      <Field label={t('ads_admin.alt')}>
        <input name={`${p}alt`} type="text" defaultValue={creative?.kind === 'image' ? creative.alt : ''} />
      </Field>
      <Field label={t('ads_admin.size')}>
        <span className="ads-zone__size">
          <input
            name={`${p}width`}
            type="number"
            min={1}
            defaultValue={creative?.width ?? 300}
            aria-label={t('ads_admin.size_width')}
          />
          ×
          <input
            name={`${p}height`}
            type="number"
            min={1}
            defaultValue={creative?.height ?? 250}
            aria-label={t('ads_admin.size_height')}
          />
        </span>
      </Field>
    </fieldset>
  );
}

function KindSelect({ name, value, house = false }: { name: string; value: string; house?: boolean }) {
  const { t } = useTranslation();
  return (
    <Field label={t('ads_admin.kind')}>
      <select name={name} defaultValue={value}>
        <option value="">{t('ads_admin.kind_none')}</option>
        <option value="image">{t('ads_admin.kind_image')}</option>
        <option value="iframe">{t('ads_admin.kind_iframe')}</option>
        {/* The site's own ad in the page's language (a page shows one at most). */}
        {house ? <option value="house">{t('ads_admin.kind_house')}</option> : null}
      </select>
    </Field>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as children, inside the label.
    <label className="ads-zone__field">
      <span className="ads-zone__label">{label}</span>
      {children}
      {hint ? <span className="ads-zone__hint">{hint}</span> : null}
    </label>
  );
}

/** The zone's config from its form, in the shapes of contract/ads.ts; the server validates it. */
function configFrom(zone: AdZone, form: FormData): unknown {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const orNull = (name: string) => text(name) || null;
  switch (zone.key) {
    case 'preroll':
      return {
        tags: text('tags')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        fallback: text('fallbackMedia')
          ? { mediaUrl: text('fallbackMedia'), clickUrl: orNull('fallbackClick') }
          : null,
        trackerUrl: orNull('tracker'),
      };
    case 'promo': {
      const kind = text('promo.kind');
      if (!kind) return { banner: null };
      return {
        banner: {
          kind,
          src: text('promo.src'),
          mobileSrc: orNull('promo.mobileSrc'),
          href: orNull('promo.href'),
          height: Number(text('promo.height')),
          goal: orNull('promo.goal'),
        },
      };
    }
    case 'partner':
      return {
        src: orNull('partner.src'),
        height: Number(text('partner.height')),
        clipId: form.get('partner.clipId') === 'on',
      };
    case 'live':
      return {
        feedUrl: orNull('live.feedUrl'),
        countries: text('live.countries')
          .split(/[\s,]+/)
          .map((code) => code.trim())
          .filter(Boolean),
        probability: Number(text('live.probability')),
      };
    default: {
      const creatives: unknown[] = [];
      for (let i = 0; i < BANNER_ZONES[zone.key as BannerZoneKey].slots; i++) {
        const p = `slot${i}.`;
        const kind = text(`${p}kind`);
        if (!kind) continue;
        const size = { width: Number(text(`${p}width`)), height: Number(text(`${p}height`)) };
        creatives.push(
          kind === 'image'
            ? { kind, src: text(`${p}src`), href: text(`${p}href`), alt: text(`${p}alt`), ...size }
            : kind === 'house'
              ? { kind, ...size }
              : { kind, src: text(`${p}src`), ...size },
        );
      }
      return { creatives };
    }
  }
}
