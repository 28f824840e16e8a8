// /admin/reports/: what visitors sent with the contact/report form (shell.md §5), for moderators and
// administrators; everyone else gets the spec's 'You do not have permission to view.' with HTTP 403.
// Two lists, open and handled, newest first. "Mark handled" and "Reopen" go to POST
// /api/admin/reports.php (lib/staff-api.ts, as every console write); the loader then runs again, so the
// report moves to the other list. A DMCA report naming a video carries its case (issue 15): open it,
// take the video down, record a counter-notice, restore, close (POST /api/admin/dmca.php, contract/dmca.ts).

import dmca from 'virtual:en/dmca';
import moderation from 'virtual:en/moderation';
import reports_admin from 'virtual:en/reports_admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useRevalidator } from 'react-router';
import { DMCA_ACTIONS, type DmcaAction, type DmcaCase } from '../../contract/dmca.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import {
  type AdminReport,
  type AdminReportList,
  parseReportListQuery,
  type ReportListStatus,
} from '../../contract/report-admin.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { actOnDmcaCase, refusalOf, setReportState, submittedFields } from '../lib/staff-api.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import type { Route } from './+types/admin-reports.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ dmca, moderation, reports_admin });

// The console's frame and stylesheet (issue 17).
export const links = adminLinks;

type LoaderData =
  | { forbidden: true; list: null; cases: null }
  | { forbidden: false; list: AdminReportList; cases: Record<number, DmcaCase> };

/** What the last change came to: the notice, or the code of its error. */
type Outcome =
  | { ok: true; state: ReportListStatus; reportId: number }
  | { ok: true; dmca: DmcaAction; caseId: number }
  | { ok: false; reportId: number | null; code: string };

/** The forms' submit handlers: a report's state, or a step of its DMCA case. */
interface Submitters {
  report: (event: FormEvent<HTMLFormElement>, reportId: number) => void;
  dmca: (event: FormEvent<HTMLFormElement>, reportId: number) => void;
}

const DMCA_SUBJECT = 'DMCA / Copyright Infringement';

const TABS: ReportListStatus[] = ['open', 'handled'];

const listUrl = (status: ReportListStatus, page = 1) =>
  `/admin/reports/${status === 'open' && page === 1 ? '' : `?status=${status}${page > 1 ? `&page=${page}` : ''}`}`;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!isModerator(user))
    return data<LoaderData>({ forbidden: true, list: null, cases: null }, { status: 403 });
  const parsed = parseReportListQuery(Object.fromEntries(url.searchParams));
  if (!parsed.ok) notFound();
  const services = servicesOf(context);
  const list = await services.reports.list(user, parsed.query);
  const dmcaIds = list.reports.filter((r) => r.subject === DMCA_SUBJECT).map((r) => r.report_id);
  const cases = Object.fromEntries(await services.dmca.casesOfReports(user, dmcaIds));
  return data<LoaderData>({ forbidden: false, list, cases });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('reports_admin.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The DMCA part of a report's card: open a case, then work it (contract/dmca.ts). */
function DmcaPanel({
  report,
  kase,
  busy,
  submit,
}: {
  report: AdminReport;
  kase: DmcaCase | undefined;
  busy: boolean;
  submit: Submitters;
}) {
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
    [t('dmca.opened'), when(kase.opened_at)],
  ];
  if (kase.video) {
    facts.splice(1, 0, [
      t('reports_admin.video'),
      <Link key="video" to={`/video/${kase.video.video_id}/${kase.video.dir}/`}>
        {kase.video.title}
      </Link>,
    ]);
  }
  if (kase.taken_down_at) facts.push([t('dmca.taken_down'), when(kase.taken_down_at)]);
  if (kase.counter_notice_at) facts.push([t('dmca.counter_notice_on'), kase.counter_notice_at]);
  if (kase.restored_at) facts.push([t('dmca.restored'), when(kase.restored_at)]);
  if (kase.closed_at) facts.push([t('dmca.closed'), when(kase.closed_at)]);
  const closed = kase.state === 'closed';
  return (
    <section
      className="dmca-case"
      aria-label={t('dmca.case_title', { id: kase.case_id })}
      data-case-id={kase.case_id}
    >
      <h3 className="dmca-case__title">{t('dmca.case_title', { id: kase.case_id })}</h3>
      <dl className="moderation-item__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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

function ReportCard({
  report,
  kase,
  busy,
  submit,
}: {
  report: AdminReport;
  kase: DmcaCase | undefined;
  busy: boolean;
  submit: Submitters;
}) {
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
        {when(report.created_at)}
      </time>,
    ],
  ];
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
    <article className="moderation-item" data-report-id={report.report_id}>
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
        <dl className="moderation-item__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {report.handled_at ? (
          <p className="moderation-item__desc">
            {report.handled_by
              ? t('reports_admin.handled_by', {
                  name: report.handled_by.username,
                  date: when(report.handled_at),
                })
              : t('reports_admin.handled_on', { date: when(report.handled_at) })}
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
        {report.subject === DMCA_SUBJECT ? (
          <DmcaPanel report={report} kase={kase} busy={busy} submit={submit} />
        ) : null}
      </div>
    </article>
  );
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [result, setResult] = useState<Outcome | undefined>();
  const [sending, setSending] = useState(false);
  const busy = !hydrated || sending || revalidator.state !== 'idle';

  async function run(reportId: number, call: () => Promise<Outcome>, codeOf: (error: unknown) => string) {
    setSending(true);
    try {
      setResult(await call());
      revalidator.revalidate();
    } catch (error) {
      setResult({ ok: false, reportId, code: codeOf(error) });
    } finally {
      setSending(false);
    }
  }

  const submit: Submitters = {
    report(event, reportId) {
      const fields = submittedFields(event);
      void run(
        reportId,
        async () => {
          const done = await setReportState(fields);
          return { ok: true, state: done.state, reportId: done.report_id };
        },
        (error) => {
          const { status, codes } = refusalOf(error);
          // A form the call refused as such (not a report's state) is the generic failure.
          return status === 400 && codes[0]?.field !== 'general' ? 'failed' : (codes[0]?.code ?? 'failed');
        },
      );
    },
    dmca(event, reportId) {
      const fields = submittedFields(event);
      const act = DMCA_ACTIONS.find((a) => a === fields.get('act')) ?? 'open';
      void run(
        reportId,
        async () => {
          const done = await actOnDmcaCase(fields);
          return { ok: true, dmca: act, caseId: done.case.case_id };
        },
        (error) => {
          const { status, codes } = refusalOf(error);
          const field = codes[0]?.field;
          // The counter-notice's own fields have messages of their own; another field is a failed form.
          if (field === 'message' || field === 'received') return `${field}_invalid`;
          return status === 400 && field !== 'general' ? 'failed' : (codes[0]?.code ?? 'failed');
        },
      );
    },
  };

  if (loaderData.forbidden) return <Notice title={t('moderation.forbidden')} />;
  const { list, cases } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total_count / list.per_page));

  return (
    <AdminFrame section="reports" role={role}>
      <section className="page moderation">
        <h1 className="page__title">{t('reports_admin.title')}</h1>
        <nav className="tabs" aria-label={t('reports_admin.tabs')}>
          {TABS.map((tab) => (
            <Link
              key={tab}
              to={listUrl(tab)}
              className={tab === list.status ? 'tab is-active' : 'tab'}
              aria-current={tab === list.status ? 'page' : undefined}
            >
              {t(`reports_admin.tab.${tab}`)}
            </Link>
          ))}
        </nav>
        <p className="moderation__count">
          {t(`reports_admin.count.${list.status}`, { count: list.total_count })}
        </p>
        {result?.ok ? (
          <p className="moderation__notice" role="status">
            {'dmca' in result
              ? t(`dmca.notice.${result.dmca}`, { id: result.caseId })
              : t(`reports_admin.notice.${result.state}`, { id: result.reportId })}
          </p>
        ) : null}
        {result && !result.ok ? (
          <p className="moderation__notice moderation__notice--error" role="alert">
            {t(`reports_admin.error.${result.code}` as 'reports_admin.error.failed', {
              defaultValue: t(`dmca.error.${result.code}` as 'dmca.error.failed', {
                defaultValue: t('reports_admin.error.failed'),
              }),
            })}
          </p>
        ) : null}
        {list.reports.length === 0 ? (
          <p className="moderation__empty">{t(`reports_admin.empty.${list.status}`)}</p>
        ) : (
          <div className="moderation__list">
            {list.reports.map((report) => (
              <ReportCard
                key={report.report_id}
                report={report}
                kase={cases[report.report_id]}
                busy={busy}
                submit={submit}
              />
            ))}
          </div>
        )}
        <Pagination current={list.page} count={pages} href={(page) => listUrl(list.status, page)} />
      </section>
    </AdminFrame>
  );
}
