// The dashboard's job tables (routes/admin-dashboard.tsx): the queues' counts by state, the failed jobs
// with their error and a Retry, the latest jobs, and the videos stuck at processing with a Reprocess.
// The buttons call the page's handlers; `busy` is the key of the act under way (a job's id, or
// `video-<id>`), and every button waits while one is.
import { useTranslation } from 'react-i18next';
import type { Dashboard, JobItem, StuckVideo } from '../../../../contract/admin-dashboard.ts';
import { shortTime } from '../../../lib/admin-dashboard-api.ts';
import { ConsoleTable } from '../console-kit.tsx';

const QUEUE_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

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

/** A job's name and the start of its id. */
function JobCell({ job }: { job: JobItem }) {
  return (
    <td>
      <code>{job.name}</code>
      <div className="dash__id" title={job.id}>
        {job.id.slice(0, 8)}
      </div>
    </td>
  );
}

/** When a time happened, short, in the page's language. */
function WhenCell({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <td className="dash__when">
      <time dateTime={iso}>{shortTime(iso, i18n.language)}</time>
    </td>
  );
}

/** A row's act: the primary button, "working" while its own act is under way. */
function ActCell({
  label,
  text,
  own,
  busy,
  onClick,
}: {
  label: string;
  text: string;
  own: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <td>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-label={label}
        onClick={onClick}
      >
        {own ? t('admin_dashboard.jobs.working') : text}
      </button>
    </td>
  );
}

export function QueueTable({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  return (
    <ConsoleTable
      className="dash__queues"
      columns={[
        t('admin_dashboard.jobs.queue'),
        ...QUEUE_STATES.map((s) => ({
          key: s,
          label: t(`admin_dashboard.jobs.state.${s}`),
          className: 'num',
        })),
      ]}
      rows={dashboard.jobs.queues.length}
      empty={<p className="console__muted">{t('admin_dashboard.jobs.none')}</p>}
    >
      {dashboard.jobs.queues.map((q) => (
        <tr key={q.name} data-queue={q.name}>
          <th scope="row">
            <code>{q.name}</code>
          </th>
          {QUEUE_STATES.map((s) => (
            <td key={s} className={`num${s === 'failed' && q.failed > 0 ? ' dash__bad' : ''}`} data-state={s}>
              {q[s]}
            </td>
          ))}
        </tr>
      ))}
    </ConsoleTable>
  );
}

export function FailedJobs({
  jobs,
  busy,
  onRetry,
}: {
  jobs: JobItem[];
  busy: string | null;
  onRetry: (job: JobItem) => void;
}) {
  const { t } = useTranslation();
  const columns = ['job', 'video', 'error', 'when', 'actions'] as const;
  return (
    <ConsoleTable
      className="dash__jobs"
      columns={columns.map((c) => t(`admin_dashboard.jobs.${c}`))}
      rows={jobs.length}
      empty={<p className="console__muted">{t('admin_dashboard.jobs.none_failed')}</p>}
    >
      {jobs.map((job) => (
        <tr key={job.id} data-job-id={job.id}>
          <JobCell job={job} />
          <td>{job.video_id ?? '–'}</td>
          <td className="dash__error">
            {job.error ?? <span className="console__muted">{t('admin_dashboard.jobs.no_error')}</span>}
          </td>
          <WhenCell iso={job.completed_at ?? job.created_at} />
          <ActCell
            label={t('admin_dashboard.jobs.retry_label', { id: job.id })}
            text={t('admin_dashboard.jobs.retry')}
            own={busy === job.id}
            busy={busy !== null}
            onClick={() => onRetry(job)}
          />
        </tr>
      ))}
    </ConsoleTable>
  );
}

export function RecentJobs({ jobs }: { jobs: JobItem[] }) {
  const { t } = useTranslation();
  return (
    <ConsoleTable
      className="dash__recent"
      columns={[
        t('admin_dashboard.jobs.job'),
        t('admin_dashboard.jobs.status'),
        t('admin_dashboard.jobs.video'),
        { label: t('admin_dashboard.jobs.attempts'), className: 'num' },
        t('admin_dashboard.jobs.when'),
      ]}
      rows={jobs.length}
      empty={<p className="console__muted">{t('admin_dashboard.jobs.none')}</p>}
    >
      {jobs.map((job) => (
        <tr key={job.id} data-job-id={job.id}>
          <JobCell job={job} />
          <td>
            <StateBadge state={job.state} />
          </td>
          <td>{job.video_id ?? '–'}</td>
          <td className="num">{job.retry_count}</td>
          <WhenCell iso={job.completed_at ?? job.created_at} />
        </tr>
      ))}
    </ConsoleTable>
  );
}

export function StuckVideos({
  videos,
  busy,
  onReprocess,
}: {
  videos: StuckVideo[];
  busy: string | null;
  onReprocess: (video: StuckVideo) => void;
}) {
  const { t } = useTranslation();
  return (
    <ConsoleTable
      className="dash__stuck"
      columns={[
        t('admin_dashboard.stuck.video'),
        t('admin_dashboard.stuck.since'),
        t('admin_dashboard.stuck.last_job'),
        t('admin_dashboard.stuck.error'),
        t('admin_dashboard.jobs.actions'),
      ]}
      rows={videos.length}
      empty={<p className="console__muted">{t('admin_dashboard.stuck.none')}</p>}
    >
      {videos.map((video) => (
        <tr key={video.video_id} data-video-id={video.video_id}>
          <td>
            <span className="dash__id">{video.video_id}</span> {video.title}
          </td>
          <WhenCell iso={video.created_at} />
          <td>
            {video.last_job_state ? (
              <StateBadge state={video.last_job_state} />
            ) : (
              <span className="console__muted">{t('admin_dashboard.stuck.no_job')}</span>
            )}
          </td>
          <td className="dash__error">{video.processing_error ?? '–'}</td>
          <ActCell
            label={t('admin_dashboard.stuck.reprocess_label', { id: video.video_id })}
            text={t('admin_dashboard.stuck.reprocess')}
            own={busy === `video-${video.video_id}`}
            busy={busy !== null}
            onClick={() => onReprocess(video)}
          />
        </tr>
      ))}
    </ConsoleTable>
  );
}
