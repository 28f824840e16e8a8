// /admin/comments/ (issue 17): every comment, newest first, for moderators and administrators: search
// and filters (status, video, author), each row's hide/unhide/delete, and the same acts or a ban of
// the authors on the checked rows (at most 100). A moderator's ban ends within 30 days. Everyone else
// gets 'You do not have permission to view.' with HTTP 403.
import admin_users from 'virtual:en/admin_users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
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
import {
  ConsolePagination,
  ConsoleTable,
  consoleMeta,
  consolePageUrl,
  FilterForm,
  FilterInput,
  FilterSelect,
  OutcomeNotice,
  pageCount,
  useConsoleAct,
  useErrorText,
} from '../components/admin/console-kit.tsx';
import { consoleList } from '../components/admin/console-loader.ts';
import { Notice } from '../components/status-page.tsx';
import { actOnComments } from '../lib/admin-users-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
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
  const services = servicesOf(context);
  return consoleList({
    url,
    keys: FILTERS,
    max: SEARCH_MAX,
    schema: commentsQuerySchema,
    base: { forbidden: false as const, role: user.role },
    empty: { comments: [], total_count: 0, page: 1, per_page: COMMENTS_PAGE_SIZE },
    read: (query) => services.commentsAdmin.list(user, query),
  });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_users.comments.title');

const pageUrl = (filter: Filter, page = 1) => consolePageUrl('/admin/comments/', filter, page);

/** The ban lengths offered, in days; 0 is permanent (administrators only). */
const BAN_DAYS = [1, 7, MODERATOR_BAN_MAX_DAYS, 0] as const;

export default function AdminCommentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText('admin_users');
  const { outcome, busy, run } = useConsoleAct<{ act: CommentAction; count: number }>();
  const [selected, setSelected] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number>(7);
  if (loaderData.forbidden) return <Notice title={t('admin_users.forbidden')} />;
  const { list, filter, invalid, role } = loaderData;
  const onPage = list.comments.map((c) => c.comment_id);
  const checked = selected.filter((id) => onPage.includes(id));
  const lengths = BAN_DAYS.filter((d) => role === 'administrator' || d !== 0);

  async function act(kind: CommentAction, ids: number[]) {
    if (ids.length === 0) return;
    const ok = await run(async () => {
      const extra =
        kind === 'ban_author'
          ? {
              reason,
              until: days === 0 ? '' : new Date(Date.now() + days * 86_400_000).toISOString(),
            }
          : {};
      const result = await actOnComments(kind, ids.slice(0, BULK_MAX), extra);
      return { act: kind, count: kind === 'ban_author' ? result.banned.length : result.changed.length };
    });
    if (!ok) return;
    setSelected([]);
    if (kind === 'ban_author') setReason('');
  }

  const toggle = (id: number) =>
    setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const allChecked = onPage.length > 0 && checked.length === onPage.length;

  return (
    <AdminFrame section="comments" role={role}>
      <h1 className="console__title">{t('admin_users.comments.title')}</h1>
      <FilterForm action="/admin/comments/" ns="admin_users" invalid={invalid}>
        <FilterInput
          label={t('admin_users.comments.q')}
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={SEARCH_MAX}
        />
        <FilterSelect
          label={t('admin_users.filter.status')}
          name="status"
          value={filter.status}
          any={t('admin_users.filter.any')}
          options={COMMENT_STATUSES.map((s) => [s, t(`admin_users.comments.statuses.${s}`)])}
        />
        {(['video_id', 'user_id'] as const).map((name) => (
          <FilterInput
            key={name}
            label={t(`admin_users.comments.${name}`)}
            type="text"
            inputMode="numeric"
            name={name}
            defaultValue={filter[name]}
            size={8}
          />
        ))}
      </FilterForm>
      <OutcomeNotice
        outcome={outcome}
        ok={(o) => t(`admin_users.comments.notice.${o.act}`, { count: o.count })}
        error={(field, code) => errorText(code, field)}
      />
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

      <ConsoleTable
        className="users-admin__table"
        columns={[
          {
            key: 'select',
            label: (
              <input
                type="checkbox"
                aria-label={t('admin_users.comments.select_all')}
                checked={allChecked}
                onChange={() => setSelected(allChecked ? [] : onPage)}
              />
            ),
          },
          t('admin_users.comments.col.comment'),
          t('admin_users.comments.col.video'),
          t('admin_users.comments.col.author'),
          t('admin_users.col.status'),
          t('admin_users.comments.col.date'),
          t('admin_users.col.actions'),
        ]}
        rows={list.comments.length}
        empty={<p>{t('admin_users.comments.empty')}</p>}
      >
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
      </ConsoleTable>
      <ConsolePagination
        page={list.page}
        pages={pageCount(list.total_count, list.per_page)}
        href={(page) => pageUrl(filter, page)}
      />
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
