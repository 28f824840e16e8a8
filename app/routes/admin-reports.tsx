// /admin/reports/: what visitors sent with the contact/report form (shell.md §5), for moderators and
// administrators; everyone else gets the spec's 'You do not have permission to view.' with HTTP 403.
// Two lists, open and handled, newest first. "Mark handled" and "Reopen" post to this route's action
// (works without JavaScript); the loader then runs again, so the report moves to the other list.
// A DMCA report naming a video carries its case (issue 15): open it, take the video down, record a
// counter-notice, restore, close (contract/dmca.ts; the same service as /api/admin/dmca.php).

import dmca from 'virtual:en/dmca';
import moderation from 'virtual:en/moderation';
import reports_admin from 'virtual:en/reports_admin';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { type DmcaAction, type DmcaCase, dmcaInputSchema } from '../../contract/dmca.ts';
import { FORBIDDEN_MESSAGE, isModerator } from '../../contract/moderation.ts';
import {
  type AdminReport,
  type AdminReportList,
  parseReportAdminInput,
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
import { isDomainError, readStaffForm, sameOrigin } from '../lib/staff-actions.ts';
import type { Route } from './+types/admin-reports.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ dmca, moderation, reports_admin });

// The console's frame and stylesheet (issue 17).
export const links = adminLinks;

type LoaderData =
  | { forbidden: true; list: null; cases: null }
  | { forbidden: false; list: AdminReportList; cases: Record<number, DmcaCase> };

export type ActionResult =
  | { ok: true; state: ReportListStatus; reportId: number }
  | { ok: true; dmca: DmcaAction; caseId: number }
  | { ok: false; reportId: number | null; code: string };

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

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const services = servicesOf(context);
  const fail = (status: number, reportId: number | null, code: string) =>
    data<ActionResult>({ ok: false, reportId, code }, { status });
  if (!isModerator(user)) return fail(403, null, 'forbidden');
  if (!sameOrigin(request, services.site.publicUrl)) return fail(403, null, 'bad_origin');
  const read = await readStaffForm(request);
  if (!read.ok) return fail(read.status, null, read.errors[0]?.code ?? 'failed');
  if (read.fields.kind === 'dmca') {
    const reportId = Number(read.fields.report_id) || null;
    const input = dmcaInputSchema.safeParse(read.fields);
    if (!input.success) {
      const field = String(input.error.issues[0]?.path[0] ?? '');
      return fail(400, reportId, field === 'message' || field === 'received' ? `${field}_invalid` : 'failed');
    }
    try {
      const result = await services.dmca.act(user, input.data);
      return data<ActionResult>({ ok: true, dmca: input.data.act, caseId: result.case.case_id });
    } catch (error) {
      if (isDomainError(error) && error.status < 500) {
        const field = (error as { codes?: { field: string }[] }).codes?.[0]?.field;
        return fail(error.status, reportId, field === 'message' ? 'message_invalid' : error.code);
      }
      throw error;
    }
  }
  const parsed = parseReportAdminInput(read.fields);
  if (!parsed.ok) return fail(400, null, 'failed');
  try {
    const result = await services.reports.setHandled(user, parsed.command);
    return data<ActionResult>({ ok: true, state: result.state, reportId: result.report_id });
  } catch (error) {
    if (isDomainError(error) && error.status < 500)
      return fail(error.status, parsed.command.reportId, error.code);
    throw error;
  }
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
}: {
  report: AdminReport;
  kase: DmcaCase | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const hidden = (
    <>
      <input type="hidden" name="kind" value="dmca" />
      <input type="hidden" name="report_id" value={report.report_id} />
      {kase ? <input type="hidden" name="case_id" value={kase.case_id} /> : null}
    </>
  );
  if (!kase) {
    return (
      <Form method="post" className="dmca-case">
        {hidden}
        <button type="submit" name="act" value="open" className="button" disabled={busy}>
          {t('dmca.open_case')}
        </button>
      </Form>
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
          <Form method="post" className="moderation-item__actions">
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
          </Form>
          <Form method="post" className="moderation-item__reject">
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
          </Form>
        </>
      )}
    </section>
  );
}

function ReportCard({
  report,
  kase,
  busy,
}: {
  report: AdminReport;
  kase: DmcaCase | undefined;
  busy: boolean;
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
        <Form method="post" className="moderation-item__form">
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
        </Form>
        {report.subject === DMCA_SUBJECT ? <DmcaPanel report={report} kase={kase} busy={busy} /> : null}
      </div>
    </article>
  );
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  if (loaderData.forbidden)
    return <Notice title={t('moderation.forbidden', { defaultValue: FORBIDDEN_MESSAGE })} />;
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
                busy={navigation.state === 'submitting'}
              />
            ))}
          </div>
        )}
        <Pagination current={list.page} count={pages} href={(page) => listUrl(list.status, page)} />
      </section>
    </AdminFrame>
  );
}
