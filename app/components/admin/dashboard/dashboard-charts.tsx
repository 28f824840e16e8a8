// The dashboard's tiles, range picker and charts (routes/admin-dashboard.tsx): the work waiting and the
// site's totals as tiles, and a line chart a metric for the chosen range (a plain link per range: works
// without JavaScript).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DASHBOARD_DAYS,
  DASHBOARD_RANGES,
  type Dashboard,
  SERIES_METRICS,
  type SeriesMetric,
} from '../../../../contract/admin-dashboard.ts';
import { shortDay } from '../../../lib/admin-dashboard-api.ts';
import { LineChart } from '../line-chart.tsx';

const CHART_COLORS: Record<SeriesMetric, string> = {
  page_views: '#ff7a50',
  video_views: '#7cb8ff',
  signups: '#6fd39a',
  uploads: '#e7c35a',
  goals: '#c79bff',
};

export function Tile({
  value,
  label,
  href,
  alert,
}: {
  value: string;
  label: string;
  href?: string;
  alert?: boolean;
}) {
  const body = (
    <>
      <div className="console__tile-value">{value}</div>
      <div className="console__tile-label">{label}</div>
    </>
  );
  const className = `console__tile dash__tile${alert ? ' dash__tile--alert' : ''}`;
  return href ? (
    <Link to={href} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

export function RangePicker({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <nav className="dash__range" aria-label={t('admin_dashboard.charts.range_label')}>
      {DASHBOARD_RANGES.map((range) => (
        <Link
          key={range}
          to={range === DASHBOARD_DAYS.default ? '/admin/' : `/admin/?days=${range}`}
          className={`dash__range-link${range === days ? ' dash__range-link--current' : ''}`}
          aria-current={range === days ? 'page' : undefined}
          preventScrollReset
        >
          {t('admin_dashboard.charts.range', { count: range })}
        </Link>
      ))}
    </nav>
  );
}

export function Charts({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const number = (n: number) => n.toLocaleString(lang);
  return (
    <div className="dash__charts">
      {SERIES_METRICS.map((metric) => {
        const points = dashboard.series.map((p) => ({ label: p.day, value: p[metric] }));
        const total = points.reduce((sum, p) => sum + p.value, 0);
        const peak = points.reduce((best, p) => (p.value > best.value ? p : best), points[0]!);
        const title = t(`admin_dashboard.charts.${metric}`);
        const summary =
          total === 0
            ? t('admin_dashboard.charts.summary_empty', { days: dashboard.days })
            : t('admin_dashboard.charts.summary', {
                total: number(total),
                days: dashboard.days,
                max: number(peak.value),
                day: peak.label,
              });
        return (
          <section key={metric} className="console__panel dash__chart" data-metric={metric}>
            <header className="dash__chart-head">
              <h3>{title}</h3>
              <span className="console__muted">
                {t('admin_dashboard.charts.total', { total: number(total) })}
              </span>
            </header>
            <LineChart
              title={title}
              summary={summary}
              points={points}
              labelHeader={t('admin_dashboard.charts.day')}
              valueHeader={t('admin_dashboard.charts.value')}
              formatValue={number}
              formatLabel={(day) => shortDay(day, lang)}
              color={CHART_COLORS[metric]}
            />
          </section>
        );
      })}
    </div>
  );
}
