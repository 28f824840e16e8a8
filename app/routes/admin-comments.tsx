// /admin/comments/ (issue 17): every comment, newest first, for moderators and administrators: search
// and filters (status, video, author), each row's hide/unhide/delete, and the same acts or a ban of
// the authors on the checked rows (at most 100). A moderator's ban ends within 30 days. Everyone else
// gets 'You do not have permission to view.' with HTTP 403.
import admin_users from 'virtual:en/admin_users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, useRevalidator } from 'react-router';
import {
  type AdminComment,
  type AdminCommentList,
  BAN_REASON_MAX,
  BULK_MAX,
  COMMENT_STATUSES,
  COMMENTS_PAGE_SIZE,
  type CommentAction,
  commentsQuerySchema,
  MODERATOR_BAN_MAX_DAYS,
  SEARCH_MAX,
} from '../../contract/admin-users.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Notice } from '../components/status-page.tsx';
import { actOnComments, errorCodeOf } from '../lib/admin-users-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import css from '../styles/admin-users.css?url';
import type { Route } from './+types/admin-comments.ts';

addEnglish({ admin_users });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

const FILTERS = ['q', 'status', 'video_id', 'user_id'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; filter: Filter; invalid: boolean; list: AdminCommentList };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  const raw = Object.fromEntries(url.searchParams);
  const filter = Object.fromEntries(
    FILTERS.map((f) => [f, typeof raw[f] === 'string' ? raw[f].slice(0, SEARCH_MAX) : '']),
  ) as Filter;
  const parsed = commentsQuerySchema.safeParse(raw);
  const base = { forbidden: false as const, role: user.role, filter };
  if (!parsed.success) {
    const list = { comments: [], total_count: 0, page: 1, per_page: COMMENTS_PAGE_SIZE };
    return data<LoaderData>({ ...base, invalid: true, list }, { status: 400 });
  }
  const list = await servicesOf(context).commentsAdmin.list(user, parsed.data);
  return data<LoaderData>({ ...base, invalid: false, list });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('admin_users.comments.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

function pageUrl(filter: Partial<Filter>, page = 1): string {
  const query = new URLSearchParams();
  for (const f of FILTERS) if (filter[f]) query.set(f, filter[f] as string);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/admin/comments/${text ? `?${text}` : ''}`;
}

type Outcome = { ok: true; act: CommentAction; count: number } | { ok: false; field: string; code: string };

/** The ban lengths offered, in days; 0 is permanent (administrators only). */
const BAN_DAYS = [1, 7, MODERATOR_BAN_MAX_DAYS, 0] as const;

export default function AdminCommentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<number[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number>(7);
  const [busy, setBusy] = useState(false);
  if (loaderData.forbidden) return <Notice title={t('admin_users.forbidden')} />;
  const { list, filter, invalid, role } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total_count / list.per_page));
  const onPage = list.comments.map((c) => c.comment_id);
  const checked = selected.filter((id) => onPage.includes(id));
  const lengths = BAN_DAYS.filter((d) => role === 'administrator' || d !== 0);

  const errorText = (field: string, code: string) =>
    tx(`admin_users.error.${field}_${code}`, { defaultValue: '' }) ||
    tx(`admin_users.error.${code}`, { defaultValue: '' }) ||
    tx('admin_users.error.other', { code });

  async function act(kind: CommentAction, ids: number[]) {
    if (ids.length === 0) return;
    setBusy(true);
    try {
      const extra =
        kind === 'ban_author'
          ? {
              reason,
              until: days === 0 ? '' : new Date(Date.now() + days * 86_400_000).toISOString(),
            }
          : {};
      const result = await actOnComments(kind, ids.slice(0, BULK_MAX), extra);
      setOutcome({
        ok: true,
        act: kind,
        count: kind === 'ban_author' ? result.banned.length : result.changed.length,
      });
      setSelected([]);
      if (kind === 'ban_author') setReason('');
    } catch (failure) {
      setOutcome({ ok: false, ...errorCodeOf(failure) });
    } finally {
      setBusy(false);
      revalidator.revalidate();
    }
  }

  const toggle = (id: number) =>
    setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const allChecked = onPage.length > 0 && checked.length === onPage.length;

  return (
    <AdminFrame section="comments" role={role}>
      <h1 className="console__title">{t('admin_users.comments.title')}</h1>
      <Form
        method="get"
        action="/admin/comments/"
        className="console__toolbar"
        aria-label={t('admin_users.filter.label')}
      >
        <label>
          {t('admin_users.comments.q')}
          <input type="search" name="q" defaultValue={filter.q} maxLength={SEARCH_MAX} />
        </label>
        <label>
          {t('admin_users.filter.status')}
          <select name="status" defaultValue={filter.status}>
            <option value="">{t('admin_users.filter.any')}</option>
            {COMMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin_users.comments.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_users.comments.video_id')}
          <input type="text" inputMode="numeric" name="video_id" defaultValue={filter.video_id} size={8} />
        </label>
        <label>
          {t('admin_users.comments.user_id')}
          <input type="text" inputMode="numeric" name="user_id" defaultValue={filter.user_id} size={8} />
        </label>
        <button type="submit" className="button button--primary">
          {t('admin_users.filter.submit')}
        </button>
        <Link to="/admin/comments/" className="button">
          {t('admin_users.filter.clear')}
        </Link>
      </Form>
      {invalid ? (
        <p className="console__notice console__notice--error" role="alert">
          {t('admin_users.filter.invalid')}
        </p>
      ) : null}
      {outcome ? (
        outcome.ok ? (
          <p className="console__notice" role="status">
            {t(`admin_users.comments.notice.${outcome.act}`, { count: outcome.count })}
          </p>
        ) : (
          <p className="console__notice console__notice--error" role="alert">
            {errorText(outcome.field, outcome.code)}
          </p>
        )
      ) : null}
      <p className="console__muted">{t('admin_users.comments.count', { count: list.total_count })}</p>

      <fieldset className="comments-admin__bulk console__panel" disabled={busy}>
        <legend>{t('admin_users.comments.selected', { count: checked.length })}</legend>
        <button
          type="button"
          className="button"
          disabled={checked.length === 0}
          onClick={() => act('hide', checked)}
        >
          {t('admin_users.comments.act.hide')}
        </button>
        <button
          type="button"
          className="button"
          disabled={checked.length === 0}
          onClick={() => act('unhide', checked)}
        >
          {t('admin_users.comments.act.unhide')}
        </button>
        <button
          type="button"
          className="button users-admin__danger"
          disabled={checked.length === 0}
          onClick={() => act('delete', checked)}
        >
          {t('admin_users.comments.act.delete')}
        </button>
        <input
          type="text"
          aria-label={t('admin_users.ban.reason')}
          placeholder={t('admin_users.ban.reason')}
          maxLength={BAN_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <select
          aria-label={t('admin_users.ban.until')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {lengths.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? t('admin_users.ban.permanent') : t('admin_users.comments.days', { count: d })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button users-admin__danger"
          disabled={checked.length === 0 || reason.trim() === ''}
          onClick={() => act('ban_author', checked)}
        >
          {t('admin_users.comments.act.ban_author')}
        </button>
      </fieldset>

      {list.comments.length === 0 ? (
        <p>{t('admin_users.comments.empty')}</p>
      ) : (
        <div className="console__table-wrap">
          <table className="console__table users-admin__table">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('admin_users.comments.select_all')}
                    checked={allChecked}
                    onChange={() => setSelected(allChecked ? [] : onPage)}
                  />
                </th>
                <th scope="col">{t('admin_users.comments.col.comment')}</th>
                <th scope="col">{t('admin_users.comments.col.video')}</th>
                <th scope="col">{t('admin_users.comments.col.author')}</th>
                <th scope="col">{t('admin_users.col.status')}</th>
                <th scope="col">{t('admin_users.comments.col.date')}</th>
                <th scope="col">{t('admin_users.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.comments.map((c) => (
                <CommentRow
                  key={c.comment_id}
                  comment={c}
                  checked={checked.includes(c.comment_id)}
                  busy={busy}
                  onToggle={() => toggle(c.comment_id)}
                  onAct={(kind) => act(kind, [c.comment_id])}
                  filter={filter}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <Pagination current={list.page} count={pages} href={(page) => pageUrl(filter, page)} />
      ) : null}
    </AdminFrame>
  );
}

function CommentRow({
  comment,
  checked,
  busy,
  onToggle,
  onAct,
  filter,
}: {
  comment: AdminComment;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
  onAct: (kind: CommentAction) => void;
  filter: Filter;
}) {
  const { t } = useTranslation();
  const hidden = comment.status === 'hidden';
  return (
    <tr data-comment-id={comment.comment_id}>
      <td>
        <input
          type="checkbox"
          aria-label={t('admin_users.comments.select', { id: comment.comment_id })}
          checked={checked}
          onChange={onToggle}
        />
      </td>
      <td className="comments-admin__text">{comment.comment}</td>
      <td>
        {comment.video ? (
          <>
            <Link to={`/video/${comment.video.video_id}/${comment.video.dir}/`}>{comment.video.title}</Link>
            <div>
              <Link
                className="console__muted"
                to={pageUrl({ ...filter, video_id: String(comment.video.video_id) })}
              >
                {t('admin_users.comments.filter_video')}
              </Link>
            </div>
          </>
        ) : (
          <span className="console__muted">{`${comment.section} #${comment.object_id}`}</span>
        )}
      </td>
      <td>
        <Link to={`/members/${comment.author.user_id}/`}>{comment.author.username}</Link>
        {comment.author.status === 'banned' ? (
          <span className="console__badge console__badge--bad">{t('admin_users.statuses.banned')}</span>
        ) : null}
        <div>
          <Link
            className="console__muted"
            to={pageUrl({ ...filter, user_id: String(comment.author.user_id) })}
          >
            {t('admin_users.comments.filter_author')}
          </Link>
        </div>
      </td>
      <td>
        <span className={`console__badge ${hidden ? 'console__badge--warn' : 'console__badge--ok'}`}>
          {t(`admin_users.comments.statuses.${comment.status}`)}
        </span>
      </td>
      <td>{comment.added_date.slice(0, 16).replace('T', ' ')}</td>
      <td>
        <div className="users-admin__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => onAct(hidden ? 'unhide' : 'hide')}
          >
            {t(hidden ? 'admin_users.comments.act.unhide' : 'admin_users.comments.act.hide')}
          </button>
          <button
            type="button"
            className="button users-admin__danger"
            disabled={busy}
            onClick={() => onAct('delete')}
          >
            {t('admin_users.comments.act.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}
