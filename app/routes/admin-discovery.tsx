// /admin/discovery/ (issue 32): does "members who watched this also watched" beat the category/tag
// relation? The related list's click-through by source, side by side over 7 and 30 days (cards shown and
// clicked, counted by the video page as analytics goals), with the two-proportion z test; the
// co-viewing job's last days (visits folded in, pairs, videos whose lists changed, time taken); the
// trending order's size per orientation. Moderators and administrators; everyone else gets
// 'You do not have permission to view.' with HTTP 403.
import admin_discovery from 'virtual:en/admin_discovery';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { DiscoveryOverview, RelatedComparison } from '../../contract/discovery.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { ConsoleTable, consoleMeta } from '../components/admin/console-kit.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
import type { Route } from './+types/admin-discovery.ts';

addEnglish({ admin_discovery });

export const links = adminLinks;

type LoaderData = { forbidden: true } | { forbidden: false; role: string; overview: DiscoveryOverview };

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  const overview = await servicesOf(context).discovery.overview();
  return data<LoaderData>({ forbidden: false, role: user.role, overview });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_discovery.title');

/** A rate as a percentage with two decimals, or a dash without impressions. */
const percent = (rate: number | null, lang: string) =>
  rate === null
    ? '–'
    : new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 2 }).format(rate);

function Comparison({ comparison }: { comparison: RelatedComparison }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { z } = comparison;
  const verdict =
    z === null
      ? 'no_data'
      : Math.abs(z) < 1.96
        ? 'not_significant'
        : z > 0
          ? 'coview_better'
          : 'taxonomy_better';
  return (
    <section className="console__panel console__panel--stacked" data-days={comparison.days}>
      <h2 className="console__subtitle">{t('admin_discovery.days', { days: comparison.days })}</h2>
      <div className="console__tiles">
        {comparison.sources.map((s) => (
          <div key={s.source} className="console__tile" data-source={s.source}>
            <div className="console__tile-label">{t(`admin_discovery.source.${s.source}`)}</div>
            <div className="console__tile-value">{percent(s.rate, i18n.language)}</div>
            <div className="console__tile-label">
              {t('admin_discovery.clicks_of', {
                clicks: number(s.clicks),
                impressions: number(s.impressions),
              })}
            </div>
          </div>
        ))}
      </div>
      <p className="console__muted" data-verdict={verdict}>
        {t(`admin_discovery.verdict.${verdict}`, { z: z === null ? '' : z.toFixed(2) })}
      </p>
    </section>
  );
}

export default function AdminDiscoveryPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('admin_discovery.forbidden')} />;
  const { overview, role } = loaderData;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <AdminFrame section="discovery" role={role}>
      <h1 className="console__title">{t('admin_discovery.title')}</h1>
      <p className="console__muted">{t('admin_discovery.intro')}</p>
      {overview.comparisons.map((c) => (
        <Comparison key={c.days} comparison={c} />
      ))}

      <h2 className="console__subtitle">{t('admin_discovery.job_title')}</h2>
      <p className="console__muted">{t('admin_discovery.job_intro')}</p>
      <ConsoleTable
        columns={(['day', 'visits', 'pairs', 'videos', 'ms'] as const).map((c) =>
          t(`admin_discovery.col.${c}`),
        )}
        rows={overview.coviewDays.length}
        empty={<p>{t('admin_discovery.job_empty')}</p>}
      >
        {overview.coviewDays.map((d) => (
          <tr key={d.day}>
            <td>{d.day}</td>
            <td>{number(d.visits)}</td>
            <td>{number(d.pairs)}</td>
            <td>{number(d.videos)}</td>
            <td>{number(d.ms)}</td>
          </tr>
        ))}
      </ConsoleTable>

      <h2 className="console__subtitle">{t('admin_discovery.trending_title')}</h2>
      <p className="console__muted">
        {overview.trending.length === 0
          ? t('admin_discovery.trending_empty')
          : overview.trending
              .map((g) =>
                t('admin_discovery.trending_size', {
                  orientation: t(`orientation.${g.gender}`, { defaultValue: g.gender }),
                  videos: number(g.videos),
                }),
              )
              .join(' · ')}
      </p>
    </AdminFrame>
  );
}
