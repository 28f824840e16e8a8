// The ad zones' counts on /admin/ads/ (issue 32): over the chosen range (a plain link per range: works
// without JavaScript), a table of every zone (impressions, clicks, CTR, pre-roll completion), a chart of
// impressions per day for each zone that has any, the pre-roll's quartiles and each zone's creatives
// (named by the zone's current settings where it still shows them), and the CSV download.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdZone, adCreativeId } from '../../../contract/ads.ts';
import {
  AD_STATS_DAYS,
  AD_STATS_RANGES,
  ADMIN_AD_STATS_CSV_PATH,
  type AdStatsReport,
  type AdZoneStats,
} from '../../../contract/ads-stats.ts';
import { shortDay } from '../../lib/admin-dashboard-api.ts';
import { ConsoleTable } from '../admin/console-kit.tsx';
import { LineChart } from '../admin/line-chart.tsx';

const ADMIN_ADS_PAGE = '/admin/ads/';

/** What each creative id stands for in the zones' current settings: an address, or the house ad's size. */
function creativeLabels(zones: AdZone[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const zone of zones) {
    if ('creatives' in zone.config) {
      for (const c of zone.config.creatives)
        labels.set(adCreativeId(c), c.kind === 'house' ? `${c.width}×${c.height}` : c.src);
    }
    if (zone.key === 'promo' && zone.config.banner) {
      const { src } = zone.config.banner;
      labels.set(adCreativeId({ kind: 'promo', src }), src);
    }
  }
  return labels;
}

export function AdStatsPanel({ report, zones }: { report: AdStatsReport; zones: AdZone[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const number = (n: number) => n.toLocaleString(lang);
  const percent = (rate: number | null) =>
    rate === null ? '—' : rate.toLocaleString(lang, { style: 'percent', maximumFractionDigits: 1 });
  const labels = creativeLabels(zones);
  const active = report.zones.filter((z) => Object.values(z.totals).some((n) => n > 0));
  const csv = `${ADMIN_AD_STATS_CSV_PATH}?days=${report.days}`;

  return (
    <section className="ad-stats" aria-labelledby="ad-stats-title" data-testid="ad-stats">
      <div className="dash__section-head">
        <h2 className="console__subtitle" id="ad-stats-title">
          {t('ads_admin.stats.heading')}
        </h2>
        <div className="ad-stats__tools">
          <nav className="dash__range" aria-label={t('ads_admin.stats.range_label')}>
            {AD_STATS_RANGES.map((range) => (
              <Link
                key={range}
                to={range === AD_STATS_DAYS.default ? ADMIN_ADS_PAGE : `${ADMIN_ADS_PAGE}?days=${range}`}
                className={`dash__range-link${range === report.days ? ' dash__range-link--current' : ''}`}
                aria-current={range === report.days ? 'page' : undefined}
                preventScrollReset
              >
                {t('ads_admin.stats.range', { count: range })}
              </Link>
            ))}
          </nav>
          {/* A file from the API: a plain link, the browser downloads it (Content-Disposition). */}
          <a className="button ad-stats__csv" href={csv} download>
            {t('ads_admin.stats.csv')}
          </a>
        </div>
      </div>
      <p className="console__muted ad-stats__intro">
        {t('ads_admin.stats.intro', { from: shortDay(report.from, lang), to: shortDay(report.to, lang) })}
      </p>
      <ConsoleTable
        className="ad-stats__table"
        columns={[
          t('ads_admin.stats.zone'),
          { label: t('ads_admin.stats.impressions'), className: 'ad-stats__num' },
          { label: t('ads_admin.stats.clicks'), className: 'ad-stats__num' },
          { label: t('ads_admin.stats.ctr'), className: 'ad-stats__num' },
          { label: t('ads_admin.stats.completion'), className: 'ad-stats__num' },
        ]}
        rows={report.zones.length}
        empty={null}
      >
        {report.zones.map((z) => (
          <tr key={z.zone} data-zone={z.zone}>
            <th scope="row">{t(`ads_admin.zone.${z.zone}`)}</th>
            <td className="ad-stats__num" data-count="impression">
              {number(z.totals.impression)}
            </td>
            <td className="ad-stats__num" data-count="click">
              {number(z.totals.click)}
            </td>
            <td className="ad-stats__num">{percent(z.ctr)}</td>
            <td className="ad-stats__num">{z.zone === 'preroll' ? percent(z.completion) : '—'}</td>
          </tr>
        ))}
      </ConsoleTable>
      {active.length === 0 ? (
        <p className="console__muted">{t('ads_admin.stats.none')}</p>
      ) : (
        <div className="dash__charts ad-stats__charts">
          {active.map((z) => (
            <ZoneChart key={z.zone} stats={z} labels={labels} number={number} percent={percent} />
          ))}
        </div>
      )}
    </section>
  );
}

function ZoneChart({
  stats,
  labels,
  number,
  percent,
}: {
  stats: AdZoneStats;
  labels: Map<string, string>;
  number: (n: number) => string;
  percent: (rate: number | null) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = t(`ads_admin.zone.${stats.zone}`);
  const points = stats.series.map((p) => ({ label: p.day, value: p.impression }));
  const peak = points.reduce(
    (best, p) => (p.value > best.value ? p : best),
    points[0] ?? { label: '', value: 0 },
  );
  const { totals } = stats;
  const funnel = [
    ['start', totals.start],
    ['firstQuartile', totals.firstQuartile],
    ['midpoint', totals.midpoint],
    ['thirdQuartile', totals.thirdQuartile],
    ['complete', totals.complete],
    ['skip', totals.skip],
  ] as const;
  return (
    <section className="console__panel dash__chart ad-stats__zone" data-zone={stats.zone}>
      <header className="dash__chart-head">
        <h3>{title}</h3>
        <span className="console__muted">
          {t('ads_admin.stats.zone_total', {
            impressions: t('ads_admin.stats.zone_impressions', {
              count: totals.impression,
              impressions: number(totals.impression),
            }),
            clicks: t('ads_admin.stats.zone_clicks', { count: totals.click, clicks: number(totals.click) }),
          })}
        </span>
      </header>
      <LineChart
        title={t('ads_admin.stats.chart_title', { zone: title })}
        summary={t('ads_admin.stats.chart_summary', {
          total: number(totals.impression),
          max: number(peak.value),
          day: peak.label,
        })}
        points={points}
        labelHeader={t('ads_admin.stats.day')}
        valueHeader={t('ads_admin.stats.impressions')}
        formatValue={number}
        formatLabel={(day) => shortDay(day, lang)}
      />
      {stats.zone === 'preroll' ? (
        <dl className="ad-stats__funnel">
          {funnel.map(([event, n]) => (
            <div key={event}>
              <dt>{t(`ads_admin.stats.event.${event}`)}</dt>
              <dd>{number(n)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <table className="ad-stats__creatives">
        <caption>{t('ads_admin.stats.creatives')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ads_admin.stats.creative')}</th>
            <th scope="col" className="ad-stats__num">
              {t('ads_admin.stats.impressions')}
            </th>
            <th scope="col" className="ad-stats__num">
              {t('ads_admin.stats.clicks')}
            </th>
            <th scope="col" className="ad-stats__num">
              {t('ads_admin.stats.ctr')}
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.creatives.slice(0, 10).map((c) => (
            <tr key={c.creative}>
              <th scope="row" className="ad-stats__creative" title={labels.get(c.creative) ?? c.creative}>
                <code>{c.creative}</code>
                {labels.has(c.creative) ? (
                  <span className="console__muted"> {labels.get(c.creative)}</span>
                ) : null}
              </th>
              <td className="ad-stats__num">{number(c.totals.impression)}</td>
              <td className="ad-stats__num">{number(c.totals.click)}</td>
              <td className="ad-stats__num">{percent(c.ctr)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
