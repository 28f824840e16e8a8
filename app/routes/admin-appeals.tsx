// /admin/appeals/ (issue 31): uploaders' appeals of a rejection, a DMCA takedown or a performer's
// removal, for moderators and administrators (everyone else: 'You do not have permission to view.' with
// HTTP 403). Open appeals come oldest first with their complaint clock; each is answered with a message,
// upholding the decision or overturning it (the video gets back its earlier status), through POST
// /api/admin/appeals.php; the loader then runs again and the appeal moves to the answered list.
import moderation from 'virtual:en/moderation';
import reports_admin from 'virtual:en/reports_admin';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import {
  type AdminAppeal,
  type AdminAppealList,
  APPEAL_TEXT_MAX,
  APPEALS_ADMIN_PATH,
  type AppealListStatus,
  type AppealState,
  parseAppealListQuery,
} from '../../contract/appeals.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import {
  ConsoleNotice,
  ConsolePagination,
  consoleMeta,
  DecisionFacts,
  firstText,
  pageCount,
  shortWhen,
  useDecision,
} from '../components/admin/console-kit.tsx';
import { ClockBadge } from '../components/admin/reports/complaint-clock.tsx';
import { Notice } from '../components/status-page.tsx';
import { send } from '../lib/api-client.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, useRootData } from '../lib/route-data.ts';
import { refusalOf, submittedFields } from '../lib/staff-api.ts';
import type { Route } from './+types/admin-appeals.ts';

addEnglish({ moderation, reports_admin });

export const links = adminLinks;

type LoaderData = { forbidden: true; list: null } | { forbidden: false; list: AdminAppealList };

type Outcome =
  | { ok: true; state: Exclude<AppealState, 'open'>; appealId: number }
  | { ok: false; code: string };

const TABS: AppealListStatus[] = ['open', 'answered'];
const listUrl = (status: AppealListStatus, page = 1) =>
  `/admin/appeals/${status === 'open' && page === 1 ? '' : `?status=${status}${page > 1 ? `&page=${page}` : ''}`}`;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!isModerator(user)) return data<LoaderData>({ forbidden: true, list: null }, { status: 403 });
  const parsed = parseAppealListQuery(Object.fromEntries(url.searchParams));
  if (!parsed.ok) notFound();
  const list = await servicesOf(context).appeals.list(user, parsed.query);
  return data<LoaderData>({ forbidden: false, list });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'reports_admin.appeals.title');

function AppealCard({
  appeal,
  busy,
  onSubmit,
}: {
  appeal: AdminAppeal;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const facts: [string, React.ReactNode][] = [
    [
      t('reports_admin.appeals.uploader'),
      <Link key="uploader" to={`/members/${appeal.uploader.user_id}/`}>
        {appeal.uploader.username}
      </Link>,
    ],
    [t('reports_admin.appeals.kind_label'), t(`reports_admin.appeals.kind.${appeal.kind}`)],
    [
      t('reports_admin.sent'),
      <time key="sent" dateTime={appeal.created_at}>
        {shortWhen(appeal.created_at)}
      </time>,
    ],
  ];
  if (appeal.video) {
    facts.push([
      t('reports_admin.video'),
      <Link key="video" to={`/admin/videos/${appeal.video.video_id}/`}>
        {appeal.video.title}
      </Link>,
    ]);
  }
  if (appeal.decision.report_id !== null) {
    facts.push([
      t('reports_admin.appeals.decision'),
      t('reports_admin.appeals.report', { id: appeal.decision.report_id }),
    ]);
  }
  if (appeal.decision.case_id !== null) {
    facts.push([
      t('reports_admin.appeals.decision'),
      t('reports_admin.appeals.case', { id: appeal.decision.case_id }),
    ]);
  }
  if (appeal.decision.reason) facts.push([t('reports_admin.appeals.reason'), appeal.decision.reason]);
  if (appeal.clock) {
    facts.push([t('reports_admin.clock.label'), <ClockBadge key="clock" clock={appeal.clock} />]);
  }
  return (
    <article className="moderation-item" data-appeal-id={appeal.appeal_id} data-state={appeal.state}>
      <div className="moderation-item__media">
        <h2 className="moderation-item__title">
          {t('reports_admin.appeals.item_title', { id: appeal.appeal_id })}
        </h2>
        <p className="watch__description">{appeal.message}</p>
      </div>
      <div className="moderation-item__body">
        <DecisionFacts facts={facts} />
        {appeal.state === 'open' ? (
          <form method="post" className="moderation-item__form" onSubmit={onSubmit}>
            <input type="hidden" name="appeal_id" value={appeal.appeal_id} />
            <label className="form-field">
              <span>{t('reports_admin.appeals.answer_label')}</span>
              <textarea name="answer" rows={3} maxLength={APPEAL_TEXT_MAX} className="input" required />
            </label>
            <div className="moderation-item__actions">
              <button
                type="submit"
                name="act"
                value="overturn"
                className="button button--primary"
                disabled={busy}
              >
                {t('reports_admin.appeals.overturn')}
              </button>
              <button
                type="submit"
                name="act"
                value="uphold"
                className="button moderation-item__reject-button"
                disabled={busy}
              >
                {t('reports_admin.appeals.uphold')}
              </button>
            </div>
          </form>
        ) : (
          <div className="appeal-answer">
            <p className="moderation-item__desc">
              <strong>{t(`reports_admin.appeals.state.${appeal.state}`)}</strong>
              {appeal.answered_at
                ? ` · ${
                    appeal.answered_by
                      ? t('reports_admin.handled_by', {
                          name: appeal.answered_by.username,
                          date: shortWhen(appeal.answered_at),
                        })
                      : shortWhen(appeal.answered_at)
                  }`
                : null}
            </p>
            {appeal.answer ? <p className="watch__description">{appeal.answer}</p> : null}
          </div>
        )}
      </div>
    </article>
  );
}

export default function AppealsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const { result, busy, decide } = useDecision<Outcome>();

  const answer = (event: FormEvent<HTMLFormElement>) => {
    const fields = submittedFields(event);
    void decide(
      async () => {
        const done = (await send(APPEALS_ADMIN_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: fields,
        })) as unknown as { appeal: AdminAppeal };
        return {
          ok: true,
          state: done.appeal.state === 'overturned' ? 'overturned' : 'upheld',
          appealId: done.appeal.appeal_id,
        };
      },
      (error) => {
        const { codes } = refusalOf(error);
        const first = codes[0];
        return {
          ok: false,
          code: first?.field === 'answer' ? `answer_${first.code}` : (first?.code ?? 'failed'),
        };
      },
    );
  };

  if (loaderData.forbidden) return <Notice title={t('moderation.forbidden')} />;
  const { list } = loaderData;
  return (
    <AdminFrame section="appeals" role={role}>
      <section className="page moderation">
        <h1 className="page__title">{t('reports_admin.appeals.title')}</h1>
        <nav className="tabs" aria-label={t('reports_admin.appeals.tabs')}>
          {TABS.map((tab) => (
            <Link
              key={tab}
              to={listUrl(tab)}
              className={tab === list.status ? 'tab is-active' : 'tab'}
              aria-current={tab === list.status ? 'page' : undefined}
            >
              {t(`reports_admin.appeals.tab.${tab}`)}
            </Link>
          ))}
        </nav>
        <p className="moderation__count">
          {t(`reports_admin.appeals.count.${list.status}`, { count: list.total_count })}
        </p>
        {result?.ok ? (
          <ConsoleNotice kind="moderation">
            {t(`reports_admin.appeals.notice.${result.state}`, { id: result.appealId })}
          </ConsoleNotice>
        ) : null}
        {result && !result.ok ? (
          <ConsoleNotice kind="moderation" error>
            {firstText(t, [
              `reports_admin.appeals.error.${result.code}`,
              `dmca.error.${result.code}`,
              'reports_admin.error.failed',
            ])}
          </ConsoleNotice>
        ) : null}
        {list.appeals.length === 0 ? (
          <p className="moderation__empty">{t(`reports_admin.appeals.empty.${list.status}`)}</p>
        ) : (
          <div className="moderation__list">
            {list.appeals.map((appeal) => (
              <AppealCard key={appeal.appeal_id} appeal={appeal} busy={busy} onSubmit={answer} />
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
