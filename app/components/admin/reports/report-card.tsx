// One report's card on /admin/reports/ (routes/admin-reports.tsx): the message and its attachment, the
// sender, member, date, video and referrer, who handled it, "Mark handled" or "Reopen", and a DMCA
// report's case (dmca-panel.tsx).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionFacts, shortWhen } from '../console-kit.tsx';
import { ClockBadge } from './complaint-clock.tsx';
import { DMCA_SUBJECT, DmcaPanel, type ReportProps } from './dmca-panel.tsx';
import { RemovalPanel } from './removal-panel.tsx';

export function ReportCard({ report, kase, busy, submit }: ReportProps) {
  const { t } = useTranslation();
  const facts: [string, React.ReactNode][] = [
    [
      t('reports_admin.sender'),
      <a key="email" href={`mailto:${report.email}`}>
        {report.email}
      </a>,
    ],
    [
      t('reports_admin.member'),
      report.user ? (
        <Link key="member" to={`/members/${report.user.user_id}/`}>
          {report.user.username}
        </Link>
      ) : (
        '—'
      ),
    ],
    [
      t('reports_admin.sent'),
      <time key="sent" dateTime={report.created_at}>
        {shortWhen(report.created_at)}
      </time>,
    ],
  ];
  // Issue 31: an open report's age against the 7-business-day limit.
  if (report.clock) {
    facts.push([t('reports_admin.clock.label'), <ClockBadge key="clock" clock={report.clock} />]);
  }
  if (report.video) {
    facts.push([
      t('reports_admin.video'),
      <Link key="video" to={`/video/${report.video.video_id}/${report.video.dir}/`}>
        {report.video.title}
      </Link>,
    ]);
  }
  if (report.referrer) {
    facts.push([
      t('reports_admin.referrer'),
      /^https?:\/\//i.test(report.referrer) ? (
        <a key="referrer" href={report.referrer} rel="noreferrer nofollow">
          {report.referrer}
        </a>
      ) : (
        report.referrer
      ),
    ]);
  }

  return (
    <article
      className="moderation-item"
      data-report-id={report.report_id}
      data-clock={report.clock?.state}
      data-removal={report.removal?.state}
    >
      <div className="moderation-item__media">
        <h2 className="moderation-item__title">{report.subject}</h2>
        <p className="watch__description">{report.message}</p>
        {report.attachment ? (
          <ul className="moderation-item__thumbs" aria-label={t('reports_admin.attachment')}>
            <li>
              <a href={report.attachment} target="_blank" rel="noreferrer">
                <img
                  src={report.attachment}
                  alt={t('reports_admin.attachment')}
                  loading="lazy"
                  width={160}
                  height={90}
                />
              </a>
            </li>
          </ul>
        ) : null}
      </div>
      <div className="moderation-item__body">
        <DecisionFacts facts={facts} />
        {report.handled_at ? (
          <p className="moderation-item__desc">
            {report.handled_by
              ? t('reports_admin.handled_by', {
                  name: report.handled_by.username,
                  date: shortWhen(report.handled_at),
                })
              : t('reports_admin.handled_on', { date: shortWhen(report.handled_at) })}
          </p>
        ) : null}
        <form
          method="post"
          className="moderation-item__form"
          onSubmit={(event) => submit.report(event, report.report_id)}
        >
          <input type="hidden" name="report_id" value={report.report_id} />
          <div className="moderation-item__actions">
            {report.status === 'open' ? (
              <button
                type="submit"
                name="act"
                value="handle"
                className="button button--primary"
                disabled={busy}
              >
                {t('reports_admin.handle')}
              </button>
            ) : (
              <button
                type="submit"
                name="act"
                value="reopen"
                className="button moderation-item__reject-button"
                disabled={busy}
              >
                {t('reports_admin.reopen')}
              </button>
            )}
          </div>
        </form>
        {report.removal ? <RemovalPanel report={report} busy={busy} submit={submit} /> : null}
        {report.subject === DMCA_SUBJECT ? (
          <DmcaPanel report={report} kase={kase} busy={busy} submit={submit} />
        ) : null}
      </div>
    </article>
  );
}
