// /admin/reports/: what visitors sent with the contact/report form (shell.md §5), for moderators and
// administrators; everyone else gets the spec's 'You do not have permission to view.' with HTTP 403.
// Two lists, open and handled, newest first. "Mark handled" and "Reopen" go to POST
// /api/admin/reports.php (lib/staff-api.ts, as every console write); the loader then runs again, so the
// report moves to the other list. A DMCA report naming a video carries its case (issue 15): open it,
// take the video down, record a counter-notice, restore, close (POST /api/admin/dmca.php, contract/dmca.ts).

import dmca from 'virtual:en/dmca';
import moderation from 'virtual:en/moderation';
import reports_admin from 'virtual:en/reports_admin';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { DMCA_ACTIONS, type DmcaAction, type DmcaCase } from '../../contract/dmca.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import {
  type AdminReportList,
  parseReportListQuery,
  type RemovalState,
  type ReportListStatus,
} from '../../contract/report-admin.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import {
  ConsoleNotice,
  ConsolePagination,
  consoleMeta,
  firstText,
  pageCount,
  useDecision,
} from '../components/admin/console-kit.tsx';
import { DMCA_SUBJECT, type Submitters } from '../components/admin/reports/dmca-panel.tsx';
import { ReportCard } from '../components/admin/reports/report-card.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, useRootData } from '../lib/route-data.ts';
import { actOnDmcaCase, refusalOf, setReportState, submittedFields } from '../lib/staff-api.ts';
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
  | { ok: true; state: ReportListStatus; reportId: number; removal?: Exclude<RemovalState, 'down'> }
  | { ok: true; dmca: DmcaAction; caseId: number }
  | { ok: false; reportId: number | null; code: string };

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

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'reports_admin.title');

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const { result, busy, decide } = useDecision<Outcome>();
  const run = (reportId: number, call: () => Promise<Outcome>, codeOf: (error: unknown) => string) =>
    decide(call, (error) => ({ ok: false, reportId, code: codeOf(error) }));

  const submit: Submitters = {
    report(event, reportId) {
      const fields = submittedFields(event);
      void run(
        reportId,
        async () => {
          const done = await setReportState(fields);
          return {
            ok: true,
            state: done.state,
            reportId: done.report_id,
            ...(done.removal_state && done.removal_state !== 'down' ? { removal: done.removal_state } : {}),
          };
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
          <ConsoleNotice kind="moderation">
            {'dmca' in result
              ? t(`dmca.notice.${result.dmca}`, { id: result.caseId })
              : result.removal
                ? t(`reports_admin.removal.notice.${result.removal}`, { id: result.reportId })
                : t(`reports_admin.notice.${result.state}`, { id: result.reportId })}
          </ConsoleNotice>
        ) : null}
        {result && !result.ok ? (
          <ConsoleNotice kind="moderation" error>
            {firstText(t, [
              `reports_admin.error.${result.code}`,
              `dmca.error.${result.code}`,
              `reports_admin.removal.error.${result.code}`,
              'reports_admin.error.failed',
            ])}
          </ConsoleNotice>
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
        <ConsolePagination
          page={list.page}
          pages={pageCount(list.total_count, list.per_page)}
          href={(page) => listUrl(list.status, page)}
        />
      </section>
    </AdminFrame>
  );
}
