// A performer's removal request on its report card (issue 31; routes/admin-reports.tsx): the video was
// taken down when the request came; the staff confirm the removal (it stays down) or reinstate the
// video (its earlier status back). The forms post act=confirm_removal|reinstate with the report's id
// through the page's `submit.report`, as "Mark handled" does.
import { useTranslation } from 'react-i18next';
import type { AdminReport } from '../../../../contract/report-admin.ts';
import { DecisionFacts, shortWhen } from '../console-kit.tsx';
import type { Submitters } from './dmca-panel.tsx';

export function RemovalPanel({
  report,
  busy,
  submit,
}: {
  report: AdminReport;
  busy: boolean;
  submit: Submitters;
}) {
  const { t } = useTranslation();
  const removal = report.removal;
  if (!removal) return null;
  const facts: [string, React.ReactNode][] = [
    [t('reports_admin.removal.name'), report.reporter_name ?? '—'],
    [
      t('reports_admin.removal.state_label'),
      <strong key="state">{t(`reports_admin.removal.state.${removal.state}`)}</strong>,
    ],
  ];
  if (removal.decided_at) {
    facts.push([
      t('reports_admin.removal.decided'),
      removal.decided_by
        ? t('reports_admin.handled_by', {
            name: removal.decided_by.username,
            date: shortWhen(removal.decided_at),
          })
        : shortWhen(removal.decided_at),
    ]);
  }
  return (
    <section className="dmca-case removal-request" aria-label={t('reports_admin.removal.title')}>
      <h3 className="dmca-case__title">{t('reports_admin.removal.title')}</h3>
      {removal.state === 'down' ? (
        <p className="moderation-item__desc">
          {t(removal.taken_down ? 'reports_admin.removal.taken_down' : 'reports_admin.removal.already_down')}
        </p>
      ) : null}
      <DecisionFacts facts={facts} />
      {removal.state !== 'reinstated' ? (
        <form
          method="post"
          className="moderation-item__form"
          onSubmit={(event) => submit.report(event, report.report_id)}
        >
          <input type="hidden" name="report_id" value={report.report_id} />
          <div className="moderation-item__actions">
            {removal.state === 'down' ? (
              <button
                type="submit"
                name="act"
                value="confirm_removal"
                className="button button--primary"
                disabled={busy}
              >
                {t('reports_admin.removal.confirm')}
              </button>
            ) : null}
            <button type="submit" name="act" value="reinstate" className="button" disabled={busy}>
              {t('reports_admin.removal.reinstate')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
