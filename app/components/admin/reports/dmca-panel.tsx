// A DMCA report's case on /admin/reports/ (issue 15; routes/admin-reports.tsx): open a case, then take
// the video down, record a counter-notice, restore it and close the case (contract/dmca.ts). The forms
// hand their fields to the page's `submit.dmca`.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { complaintClock } from '../../../../contract/complaint-clock.ts';
import type { DmcaCase } from '../../../../contract/dmca.ts';
import type { AdminReport } from '../../../../contract/report-admin.ts';
import { DecisionFacts, shortWhen } from '../console-kit.tsx';
import { ClockBadge } from './complaint-clock.tsx';

/** The forms' submit handlers: a report's state, or a step of its DMCA case. */
export interface Submitters {
  report: (event: FormEvent<HTMLFormElement>, reportId: number) => void;
  dmca: (event: FormEvent<HTMLFormElement>, reportId: number) => void;
}

/** The subject of the contact form's DMCA reports: those carry a case. */
export const DMCA_SUBJECT = 'DMCA / Copyright Infringement';

/** A report's card and its DMCA part: the report, its case (if one is open), busy, the handlers. */
export interface ReportProps {
  report: AdminReport;
  kase: DmcaCase | undefined;
  busy: boolean;
  submit: Submitters;
}

/** The DMCA part of a report's card: open a case, then work it (contract/dmca.ts). */
export function DmcaPanel({ report, kase, busy, submit }: ReportProps) {
  const { t } = useTranslation();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => submit.dmca(event, report.report_id);
  const hidden = (
    <>
      <input type="hidden" name="report_id" value={report.report_id} />
      {kase ? <input type="hidden" name="case_id" value={kase.case_id} /> : null}
    </>
  );
  if (!kase) {
    return (
      <form method="post" className="dmca-case" onSubmit={onSubmit}>
        {hidden}
        <button type="submit" name="act" value="open" className="button" disabled={busy}>
          {t('dmca.open_case')}
        </button>
      </form>
    );
  }
  const facts: [string, React.ReactNode][] = [
    [t('dmca.state_label'), <strong key="state">{t(`dmca.state.${kase.state}`)}</strong>],
    [
      t('dmca.uploader'),
      kase.uploader ? (
        <span key="uploader">
          <Link to={`/members/${kase.uploader.user_id}/`}>{kase.uploader.username}</Link>{' '}
          <span className="dmca-case__strikes">
            {t('dmca.takedowns', { count: kase.uploader.takedowns })}
          </span>
        </span>
      ) : (
        '—'
      ),
    ],
    [t('dmca.opened'), shortWhen(kase.opened_at)],
  ];
  // Issue 31: a case not yet acted on runs on the clock of the notice it came from.
  if (kase.state === 'open') {
    facts.push([
      t('reports_admin.clock.label'),
      <ClockBadge key="clock" clock={complaintClock(kase.report.created_at)} />,
    ]);
  }
  if (kase.video) {
    facts.splice(1, 0, [
      t('reports_admin.video'),
      <Link key="video" to={`/video/${kase.video.video_id}/${kase.video.dir}/`}>
        {kase.video.title}
      </Link>,
    ]);
  }
  if (kase.taken_down_at) facts.push([t('dmca.taken_down'), shortWhen(kase.taken_down_at)]);
  if (kase.counter_notice_at) facts.push([t('dmca.counter_notice_on'), kase.counter_notice_at]);
  if (kase.restored_at) facts.push([t('dmca.restored'), shortWhen(kase.restored_at)]);
  if (kase.closed_at) facts.push([t('dmca.closed'), shortWhen(kase.closed_at)]);
  const closed = kase.state === 'closed';
  return (
    <section
      className="dmca-case"
      aria-label={t('dmca.case_title', { id: kase.case_id })}
      data-case-id={kase.case_id}
    >
      <h3 className="dmca-case__title">{t('dmca.case_title', { id: kase.case_id })}</h3>
      <DecisionFacts facts={facts} />
      {kase.counter_notice ? <p className="watch__description">{kase.counter_notice}</p> : null}
      {closed ? null : (
        <>
          <form method="post" className="moderation-item__actions" onSubmit={onSubmit}>
            {hidden}
            {kase.state === 'open' || kase.state === 'restored' ? (
              <button
                type="submit"
                name="act"
                value="take_down"
                className="button button--primary"
                disabled={busy}
              >
                {t('dmca.take_down')}
              </button>
            ) : null}
            {kase.state === 'taken_down' ? (
              <button type="submit" name="act" value="restore" className="button" disabled={busy}>
                {t('dmca.restore')}
              </button>
            ) : null}
            <button
              type="submit"
              name="act"
              value="close"
              className="button moderation-item__reject-button"
              disabled={busy}
            >
              {t('dmca.close')}
            </button>
          </form>
          <form method="post" className="moderation-item__reject" onSubmit={onSubmit}>
            {hidden}
            <label>
              <span>{t('dmca.counter_notice')}</span>
              <textarea
                name="message"
                rows={3}
                maxLength={5000}
                defaultValue={kase.counter_notice ?? ''}
                required
              />
            </label>
            <label>
              <span>{t('dmca.received')}</span>
              <input
                type="date"
                name="received"
                className="input"
                defaultValue={kase.counter_notice_at ?? ''}
              />
            </label>
            <div className="moderation-item__actions">
              <button type="submit" name="act" value="counter_notice" className="button" disabled={busy}>
                {t('dmca.record_counter_notice')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
