// /admin/dmca/ (issue 31): the newest DMCA cases, each linking to /admin/dmca/?case_id=N, one case for the staff, where the console's video page links a
// rejected re-upload ("matches removed content") and the removed original's block: the case's state and
// dates, the video and its uploader, the complaint and the counter-notice. The steps themselves (take
// down, counter-notice, restore, close) are on the reports page, linked here.
import dmca from 'virtual:en/dmca';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import type { DmcaCase } from '../../contract/dmca.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { consoleMeta } from '../components/admin/console-kit.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf } from '../lib/route-data.ts';
import { isDomainError } from '../lib/staff-actions.ts';
import type { Route } from './+types/admin-dmca.ts';

addEnglish({ dmca });

export const links = adminLinks;

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; kase: DmcaCase }
  | { forbidden: false; role: string; kase: null; cases: DmcaCase[] };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  const raw = url.searchParams.get('case_id');
  // No case named: the newest cases, each a link to its page.
  if (raw === null) {
    const list = await servicesOf(context).dmca.list(user, { page: 1 });
    return data<LoaderData>({ forbidden: false, role: user.role, kase: null, cases: list.cases });
  }
  if (!/^[1-9]\d{0,14}$/.test(raw)) notFound();
  try {
    const list = await servicesOf(context).dmca.list(user, { page: 1, case_id: Number(raw) });
    const kase = list.cases[0];
    if (!kase) notFound();
    return data<LoaderData>({ forbidden: false, role: user.role, kase });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) notFound();
    throw error;
  }
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'dmca.page.title');

export default function DmcaCasePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('admin_videos.forbidden')} />;
  const { kase, role } = loaderData;
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  if (kase === null) return <DmcaCases cases={'cases' in loaderData ? loaderData.cases : []} role={role} />;
  const rows: [string, string | null][] = [
    [t('dmca.opened'), day(kase.opened_at)],
    [t('dmca.taken_down'), day(kase.taken_down_at)],
    [t('dmca.counter_notice_on'), kase.counter_notice_at],
    [t('dmca.restored'), day(kase.restored_at)],
    [t('dmca.closed'), day(kase.closed_at)],
  ];
  return (
    <AdminFrame section="reports" role={role}>
      <p className="console__row">
        <Link to="/admin/reports/?status=handled">{t('dmca.page.to_reports')}</Link>
      </p>
      <h1 className="console__title">{t('dmca.case_title', { id: kase.case_id })}</h1>
      <p className="console__row" data-state={kase.state}>
        <strong>{t('dmca.state_label')}:</strong> {t(`dmca.state.${kase.state}`)}
      </p>
      <dl className="console__panel">
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <div key={label} className="console__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {kase.video ? (
          <div className="console__row">
            <dt>{t('dmca.page.video')}</dt>
            <dd>
              <Link to={`/admin/videos/${kase.video.video_id}/`}>
                #{kase.video.video_id} {kase.video.title}
              </Link>
            </dd>
          </div>
        ) : null}
        {kase.uploader ? (
          <div className="console__row">
            <dt>{t('dmca.uploader')}</dt>
            <dd>
              {kase.uploader.username} · {t('dmca.takedowns', { count: kase.uploader.takedowns })}
            </dd>
          </div>
        ) : null}
      </dl>
      <section className="console__panel" aria-labelledby="complaint-title">
        <h2 id="complaint-title" className="console__subtitle">
          {t('dmca.page.complaint')}
        </h2>
        <p className="console__muted">
          {kase.report.email} · {day(kase.report.created_at)}
        </p>
        <p className="console__pre">{kase.report.message}</p>
        {kase.counter_notice ? (
          <>
            <h2 className="console__subtitle">{t('dmca.counter_notice')}</h2>
            <p className="console__pre">{kase.counter_notice}</p>
          </>
        ) : null}
      </section>
    </AdminFrame>
  );
}

/** The newest cases (the service's first page), newest first: state, video, opening date. */
function DmcaCases({ cases, role }: { cases: DmcaCase[]; role: string }) {
  const { t } = useTranslation();
  return (
    <AdminFrame section="reports" role={role}>
      <p className="console__row">
        <Link to="/admin/reports/?status=handled">{t('dmca.page.to_reports')}</Link>
      </p>
      <h1 className="console__title">{t('dmca.page.list_title')}</h1>
      {cases.length === 0 ? (
        <p className="console__muted">{t('dmca.page.none')}</p>
      ) : (
        <ul className="console__panel">
          {cases.map((c) => (
            <li key={c.case_id} className="console__row" data-state={c.state}>
              <Link to={`/admin/dmca/?case_id=${c.case_id}`}>{t('dmca.case_title', { id: c.case_id })}</Link>
              {` · ${t(`dmca.state.${c.state}`)} · ${c.opened_at.slice(0, 10)}`}
              {c.video ? ` · #${c.video.video_id} ${c.video.title}` : null}
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
