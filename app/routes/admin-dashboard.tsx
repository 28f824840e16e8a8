// /admin/ (issue 17): the console's dashboard, for moderators and administrators. Everyone else gets
// the spec's 'You do not have permission to view.' with HTTP 403. Tiles of the work waiting (each
// linking to its queue), charts of the last 7/30/90 days (a plain link per range: works without
// JavaScript), the job queue with each failed job's error and a Retry, the videos stuck at processing
// with a Reprocess, and the storage used. The buttons post to /api/admin/jobs.php, then the loader
// runs again to show the new state.

import admin_dashboard from 'virtual:en/admin_dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useRevalidator } from 'react-router';
import {
  DASHBOARD_DAYS,
  DASHBOARD_RANGES,
  type Dashboard,
  type JobItem,
  parseDays,
  SERIES_METRICS,
  type SeriesMetric,
  type StuckVideo,
} from '../../contract/admin-dashboard.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { LineChart } from '../components/admin/line-chart.tsx';
import { OperatorSetupNotice } from '../components/admin/operator-setup.tsx';
import { Notice } from '../components/status-page.tsx';
import { errorCodeOf, humanBytes, postJobAct, shortDay, shortTime } from '../lib/admin-dashboard-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import css from '../styles/admin-dashboard.css?url';
import type { Route } from './+types/admin-dashboard.ts';

addEnglish({ admin_dashboard });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

type LoaderData = { forbidden: true } | { forbidden: false; role: string; dashboard: Dashboard };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  // A range the page does not offer still works (the API takes 1–365); nonsense falls back to 30.
  const days = parseDays(url.searchParams.get('days') ?? undefined) ?? DASHBOARD_DAYS.default;
  const dashboard = await servicesOf(context).dashboard.overview(user, days);
  return data<LoaderData>({ forbidden: false, role: user.role, dashboard });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('admin_dashboard.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

const CHART_COLORS: Record<SeriesMetric, string> = {
  page_views: '#ff7a50',
  video_views: '#7cb8ff',
  signups: '#6fd39a',
  uploads: '#e7c35a',
  goals: '#c79bff',
};

type NoticeState = { ok: boolean; text: string } | null;

function Tile({
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

function RangePicker({ days }: { days: number }) {
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

function Charts({ dashboard }: { dashboard: Dashboard }) {
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

function StateBadge({ state }: { state: JobItem['state'] }) {
  const { t } = useTranslation();
  const tone =
    state === 'failed'
      ? ' console__badge--bad'
      : state === 'completed'
        ? ' console__badge--ok'
        : ' console__badge--warn';
  return (
    <span className={`console__badge${tone}`} data-state={state}>
      {t(`admin_dashboard.jobs.state.${state}`)}
    </span>
  );
}

function FailedJobs({
  jobs,
  busy,
  onRetry,
}: {
  jobs: JobItem[];
  busy: string | null;
  onRetry: (job: JobItem) => void;
}) {
  const { t, i18n } = useTranslation();
  if (jobs.length === 0) return <p className="console__muted">{t('admin_dashboard.jobs.none_failed')}</p>;
  return (
    <div className="console__table-wrap">
      <table className="console__table dash__jobs">
        <thead>
          <tr>
            <th scope="col">{t('admin_dashboard.jobs.job')}</th>
            <th scope="col">{t('admin_dashboard.jobs.video')}</th>
            <th scope="col">{t('admin_dashboard.jobs.error')}</th>
            <th scope="col">{t('admin_dashboard.jobs.when')}</th>
            <th scope="col">{t('admin_dashboard.jobs.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} data-job-id={job.id}>
              <td>
                <code>{job.name}</code>
                <div className="dash__id" title={job.id}>
                  {job.id.slice(0, 8)}
                </div>
              </td>
              <td>{job.video_id ?? '–'}</td>
              <td className="dash__error">
                {job.error ?? <span className="console__muted">{t('admin_dashboard.jobs.no_error')}</span>}
              </td>
              <td className="dash__when">
                <time dateTime={job.completed_at ?? job.created_at}>
                  {shortTime(job.completed_at ?? job.created_at, i18n.language)}
                </time>
              </td>
              <td>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  aria-label={t('admin_dashboard.jobs.retry_label', { id: job.id })}
                  onClick={() => onRetry(job)}
                >
                  {busy === job.id ? t('admin_dashboard.jobs.working') : t('admin_dashboard.jobs.retry')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecentJobs({ jobs }: { jobs: JobItem[] }) {
  const { t, i18n } = useTranslation();
  if (jobs.length === 0) return <p className="console__muted">{t('admin_dashboard.jobs.none')}</p>;
  return (
    <div className="console__table-wrap">
      <table className="console__table dash__recent">
        <thead>
          <tr>
            <th scope="col">{t('admin_dashboard.jobs.job')}</th>
            <th scope="col">{t('admin_dashboard.jobs.status')}</th>
            <th scope="col">{t('admin_dashboard.jobs.video')}</th>
            <th scope="col" className="num">
              {t('admin_dashboard.jobs.attempts')}
            </th>
            <th scope="col">{t('admin_dashboard.jobs.when')}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} data-job-id={job.id}>
              <td>
                <code>{job.name}</code>
                <div className="dash__id" title={job.id}>
                  {job.id.slice(0, 8)}
                </div>
              </td>
              <td>
                <StateBadge state={job.state} />
              </td>
              <td>{job.video_id ?? '–'}</td>
              <td className="num">{job.retry_count}</td>
              <td className="dash__when">
                <time dateTime={job.completed_at ?? job.created_at}>
                  {shortTime(job.completed_at ?? job.created_at, i18n.language)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function QueueTable({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const states = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
  if (dashboard.jobs.queues.length === 0)
    return <p className="console__muted">{t('admin_dashboard.jobs.none')}</p>;
  return (
    <div className="console__table-wrap">
      <table className="console__table dash__queues">
        <thead>
          <tr>
            <th scope="col">{t('admin_dashboard.jobs.queue')}</th>
            {states.map((s) => (
              <th key={s} scope="col" className="num">
                {t(`admin_dashboard.jobs.state.${s}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dashboard.jobs.queues.map((q) => (
            <tr key={q.name} data-queue={q.name}>
              <th scope="row">
                <code>{q.name}</code>
              </th>
              {states.map((s) => (
                <td
                  key={s}
                  className={`num${s === 'failed' && q.failed > 0 ? ' dash__bad' : ''}`}
                  data-state={s}
                >
                  {q[s]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StuckVideos({
  videos,
  busy,
  onReprocess,
}: {
  videos: StuckVideo[];
  busy: string | null;
  onReprocess: (video: StuckVideo) => void;
}) {
  const { t, i18n } = useTranslation();
  if (videos.length === 0) return <p className="console__muted">{t('admin_dashboard.stuck.none')}</p>;
  return (
    <div className="console__table-wrap">
      <table className="console__table dash__stuck">
        <thead>
          <tr>
            <th scope="col">{t('admin_dashboard.stuck.video')}</th>
            <th scope="col">{t('admin_dashboard.stuck.since')}</th>
            <th scope="col">{t('admin_dashboard.stuck.last_job')}</th>
            <th scope="col">{t('admin_dashboard.stuck.error')}</th>
            <th scope="col">{t('admin_dashboard.jobs.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {videos.map((video) => (
            <tr key={video.video_id} data-video-id={video.video_id}>
              <td>
                <span className="dash__id">{video.video_id}</span> {video.title}
              </td>
              <td className="dash__when">
                <time dateTime={video.created_at}>{shortTime(video.created_at, i18n.language)}</time>
              </td>
              <td>
                {video.last_job_state ? (
                  <StateBadge state={video.last_job_state} />
                ) : (
                  <span className="console__muted">{t('admin_dashboard.stuck.no_job')}</span>
                )}
              </td>
              <td className="dash__error">{video.processing_error ?? '–'}</td>
              <td>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  aria-label={t('admin_dashboard.stuck.reprocess_label', { id: video.video_id })}
                  onClick={() => onReprocess(video)}
                >
                  {busy === `video-${video.video_id}`
                    ? t('admin_dashboard.jobs.working')
                    : t('admin_dashboard.stuck.reprocess')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StoragePanel({ storage }: { storage: Dashboard['storage'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const usedShare =
    storage.disk_bytes && storage.free_bytes !== null
      ? Math.min(100, Math.round(((storage.disk_bytes - storage.free_bytes) / storage.disk_bytes) * 100))
      : null;
  return (
    <div className="console__panel dash__storage">
      <p className="dash__storage-where console__muted">
        {t(
          storage.kind === 'local'
            ? 'admin_dashboard.storage.where_local'
            : 'admin_dashboard.storage.where_s3',
        )}
      </p>
      <dl className="dash__storage-facts">
        <div>
          <dt>{t('admin_dashboard.storage.used')}</dt>
          <dd data-bytes={storage.total_bytes}>{humanBytes(storage.total_bytes, lang)}</dd>
        </div>
        {storage.free_bytes !== null && storage.disk_bytes !== null ? (
          <div>
            <dt>{t('admin_dashboard.storage.free')}</dt>
            <dd>
              {t('admin_dashboard.storage.of_disk', {
                free: humanBytes(storage.free_bytes, lang),
                total: humanBytes(storage.disk_bytes, lang),
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      {usedShare !== null ? (
        <div className="dash__meter" aria-hidden="true">
          <div className="dash__meter-fill" style={{ width: `${usedShare}%` }} />
        </div>
      ) : null}
      {storage.by_kind.length > 0 ? (
        <table className="console__table dash__kinds">
          <thead>
            <tr>
              <th scope="col">{t('admin_dashboard.storage.kind')}</th>
              <th scope="col" className="num">
                {t('admin_dashboard.storage.files')}
              </th>
              <th scope="col" className="num">
                {t('admin_dashboard.storage.bytes')}
              </th>
            </tr>
          </thead>
          <tbody>
            {storage.by_kind.map((k) => (
              <tr key={k.kind}>
                <td>
                  {t(`admin_dashboard.storage.kinds.${k.kind}` as 'admin_dashboard.storage.kind', {
                    defaultValue: k.kind,
                  })}
                </td>
                <td className="num">{k.files.toLocaleString(lang)}</td>
                <td className="num">{humanBytes(k.bytes, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  if (loaderData.forbidden) return <Notice title={t('admin_dashboard.forbidden')} />;
  const { dashboard, role } = loaderData;
  const { counts, jobs } = dashboard;
  const lang = i18n.language;
  const number = (n: number) => n.toLocaleString(lang);

  async function run(key: string, call: () => Promise<string>) {
    setBusy(key);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await call() });
    } catch (error) {
      const code = errorCodeOf(error);
      setNotice({
        ok: false,
        text: t(`admin_dashboard.error.${code}` as 'admin_dashboard.error.failed', {
          defaultValue: t('admin_dashboard.error.failed'),
        }),
      });
    } finally {
      setBusy(null);
      await revalidator.revalidate();
    }
  }
  const retry = (job: JobItem) =>
    run(job.id, async () => {
      await postJobAct({ act: 'retry', job_id: job.id });
      return t('admin_dashboard.notice.retried', { id: job.id.slice(0, 8) });
    });
  const reprocess = (video: StuckVideo) =>
    run(`video-${video.video_id}`, async () => {
      await postJobAct({ act: 'reprocess', video_id: String(video.video_id) });
      return t('admin_dashboard.notice.reprocessed', { id: video.video_id });
    });

  return (
    <AdminFrame section="dashboard" role={role}>
      <div className="dash__head">
        <h1 className="console__title">{t('admin_dashboard.title')}</h1>
        <p className="console__muted">
          {t('admin_dashboard.updated', { time: shortTime(dashboard.generated_at, lang) })}
        </p>
      </div>
      {notice ? (
        <p
          className={`console__notice${notice.ok ? '' : ' console__notice--error'}`}
          role={notice.ok ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      ) : null}

      <OperatorSetupNotice
        missing={dashboard.setup.missing_operator_details}
        canEdit={role === 'administrator'}
      />

      <h2 className="console__subtitle">{t('admin_dashboard.attention')}</h2>
      <div className="console__tiles dash__tiles">
        <Tile
          value={number(counts.waiting_moderation)}
          label={t('admin_dashboard.tiles.waiting_moderation')}
          href="/admin/moderation/"
          alert={counts.waiting_moderation > 0}
        />
        <Tile
          value={number(counts.reports_open)}
          label={t('admin_dashboard.tiles.reports_open')}
          href="/admin/reports/"
          alert={counts.reports_open > 0}
        />
        <Tile
          value={number(counts.age_verifications_pending)}
          label={t('admin_dashboard.tiles.age_verifications_pending')}
          href="/admin/age-verification/"
          alert={counts.age_verifications_pending > 0}
        />
        <Tile
          value={number(jobs.failed.length)}
          label={t('admin_dashboard.tiles.failed_jobs')}
          href="#jobs"
          alert={jobs.failed.length > 0}
        />
        <Tile value={number(counts.processing)} label={t('admin_dashboard.tiles.processing')} href="#stuck" />
      </div>

      <h2 className="console__subtitle">{t('admin_dashboard.site')}</h2>
      <div className="console__tiles dash__tiles">
        <Tile value={number(counts.members)} label={t('admin_dashboard.tiles.members')} />
        <Tile value={number(counts.videos)} label={t('admin_dashboard.tiles.videos')} />
        <Tile value={number(counts.videos_listed)} label={t('admin_dashboard.tiles.videos_listed')} />
        <Tile
          value={humanBytes(dashboard.storage.total_bytes, lang)}
          label={t('admin_dashboard.tiles.storage')}
        />
      </div>

      <div className="dash__section-head">
        <h2 className="console__subtitle">{t('admin_dashboard.charts.heading')}</h2>
        <RangePicker days={dashboard.days} />
      </div>
      <Charts dashboard={dashboard} />

      <h2 className="console__subtitle" id="jobs">
        {t('admin_dashboard.jobs.heading')}
      </h2>
      {jobs.available ? (
        <>
          <QueueTable dashboard={dashboard} />
          <h3 className="dash__h3">{t('admin_dashboard.jobs.failed_heading')}</h3>
          <FailedJobs jobs={jobs.failed} busy={busy} onRetry={retry} />
          <h3 className="dash__h3">{t('admin_dashboard.jobs.recent_heading')}</h3>
          <RecentJobs jobs={jobs.recent} />
        </>
      ) : (
        <p className="console__muted">{t('admin_dashboard.jobs.unavailable')}</p>
      )}

      <h2 className="console__subtitle" id="stuck">
        {t('admin_dashboard.stuck.heading')}
      </h2>
      <p className="console__muted dash__intro">{t('admin_dashboard.stuck.intro')}</p>
      <StuckVideos videos={dashboard.stuck} busy={busy} onReprocess={reprocess} />

      <h2 className="console__subtitle">{t('admin_dashboard.storage.heading')}</h2>
      <StoragePanel storage={dashboard.storage} />
    </AdminFrame>
  );
}
