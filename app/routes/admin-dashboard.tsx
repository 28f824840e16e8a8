// /admin/ (issue 17): the console's dashboard, for moderators and administrators. Everyone else gets
// the spec's 'You do not have permission to view.' with HTTP 403. Tiles of the work waiting (each
// linking to its queue), charts of the last 7/30/90 days (a plain link per range: works without
// JavaScript), the job queue with each failed job's error and a Retry, the videos stuck at processing
// with a Reprocess, and the storage used. The buttons post to /api/admin/jobs.php, then the loader
// runs again to show the new state.

import admin_dashboard from 'virtual:en/admin_dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useRevalidator } from 'react-router';
import {
  DASHBOARD_DAYS,
  type Dashboard,
  type JobItem,
  parseDays,
  type StuckVideo,
} from '../../contract/admin-dashboard.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { ConsoleNotice, consoleMeta, firstText } from '../components/admin/console-kit.tsx';
import { Charts, RangePicker, Tile } from '../components/admin/dashboard/dashboard-charts.tsx';
import {
  FailedJobs,
  QueueTable,
  RecentJobs,
  StuckVideos,
} from '../components/admin/dashboard/dashboard-jobs.tsx';
import { StoragePanel } from '../components/admin/dashboard/dashboard-storage.tsx';
import { OperatorSetupNotice } from '../components/admin/operator-setup.tsx';
import { Notice } from '../components/status-page.tsx';
import { errorCodeOf, humanBytes, postJobAct, shortTime } from '../lib/admin-dashboard-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
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

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_dashboard.title');

type NoticeState = { ok: boolean; text: string } | null;

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
        text: firstText(t, [`admin_dashboard.error.${code}`, 'admin_dashboard.error.failed']),
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
      {notice ? <ConsoleNotice error={!notice.ok}>{notice.text}</ConsoleNotice> : null}

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
          value={number(counts.appeals_open)}
          label={t('admin_dashboard.tiles.appeals_open')}
          href="/admin/appeals/"
          alert={counts.appeals_open > 0}
        />
        <Tile
          value={number(counts.complaints_due_soon)}
          label={t('admin_dashboard.tiles.complaints_due_soon')}
          href="/admin/reports/"
          alert={counts.complaints_due_soon > 0}
        />
        <Tile
          value={number(counts.complaints_overdue)}
          label={t('admin_dashboard.tiles.complaints_overdue')}
          href="/admin/reports/"
          alert={counts.complaints_overdue > 0}
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
