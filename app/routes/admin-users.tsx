// /admin/users/ (issue 17): members for administrators: search, role and status filters, and each
// row's acts (role, ban with reason and end, unban, password-reset mail, delete with their content).
// Everyone else gets 'You do not have permission to view.' with HTTP 403. The filter is a plain GET
// form; the acts post to /api/admin/users.php and the list is read again.
import admin_users from 'virtual:en/admin_users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, useRevalidator } from 'react-router';
import { ROLES } from '../../contract/accounts.ts';
import {
  type AdminUser,
  type AdminUserList,
  BAN_REASON_MAX,
  SEARCH_MAX,
  USER_STATUSES,
  USERS_PAGE_SIZE,
  type UserAction,
  usersQuerySchema,
} from '../../contract/admin-users.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Notice } from '../components/status-page.tsx';
import { actOnUser, errorCodeOf, isoOfLocal } from '../lib/admin-users-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import css from '../styles/admin-users.css?url';
import type { Route } from './+types/admin-users.ts';

addEnglish({ admin_users });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

interface Filter {
  q: string;
  role: string;
  status: string;
}

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; selfId: number; filter: Filter; invalid: boolean; list: AdminUserList };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user?.role !== 'administrator') return data<LoaderData>({ forbidden: true }, { status: 403 });
  const raw = Object.fromEntries(url.searchParams);
  const text = (key: string) => (typeof raw[key] === 'string' ? raw[key].slice(0, SEARCH_MAX) : '');
  const filter = { q: text('q'), role: text('role'), status: text('status') };
  const parsed = usersQuerySchema.safeParse(raw);
  const base = { forbidden: false as const, role: user.role, selfId: user.user_id, filter };
  if (!parsed.success) {
    const list = { users: [], total_count: 0, page: 1, per_page: USERS_PAGE_SIZE };
    return data<LoaderData>({ ...base, invalid: true, list }, { status: 400 });
  }
  const list = await servicesOf(context).usersAdmin.list(user, parsed.data);
  return data<LoaderData>({ ...base, invalid: false, list });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('admin_users.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

function pageUrl(filter: Filter, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/admin/users/${text ? `?${text}` : ''}`;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '–');

type NoticeKey = 'role' | 'banned' | 'unban' | 'reset_password' | 'deleted';
type Outcome = { ok: true; key: NoticeKey; name: string } | { ok: false; field: string; code: string };

function useErrorText() {
  const { t } = useTranslation();
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (field: string, code: string) =>
    tx(`admin_users.error.${field}_${code}`, { defaultValue: '' }) ||
    tx(`admin_users.error.${code}`, { defaultValue: '' }) ||
    tx('admin_users.error.other', { code });
}

function BanDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [permanent, setPermanent] = useState(true);
  const [error, setError] = useState<{ field: string; code: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await actOnUser('ban', user.user_id, { reason, until: permanent ? '' : isoOfLocal(until) });
      onDone({ ok: true, key: 'banned', name: user.username });
    } catch (failure) {
      setError(errorCodeOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="users-admin__dialog" role="dialog" aria-modal="true" aria-labelledby="ban-title">
      <form className="console__panel console__form" onSubmit={submit}>
        <h2 id="ban-title" className="console__subtitle">
          {t('admin_users.ban.title', { name: user.username })}
        </h2>
        <div className="console__field">
          <label htmlFor="ban-reason">{t('admin_users.ban.reason')}</label>
          <textarea
            id="ban-reason"
            name="reason"
            required
            maxLength={BAN_REASON_MAX}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error?.field === 'reason'}
          />
          <small className="console__muted">{t('admin_users.ban.reason_hint')}</small>
        </div>
        <fieldset className="console__field users-admin__until">
          <legend>{t('admin_users.ban.until')}</legend>
          <label>
            <input type="radio" name="ban-length" checked={permanent} onChange={() => setPermanent(true)} />{' '}
            {t('admin_users.ban.permanent')}
          </label>
          <label>
            <input type="radio" name="ban-length" checked={!permanent} onChange={() => setPermanent(false)} />{' '}
            {t('admin_users.ban.ends')}
          </label>
          <input
            type="datetime-local"
            name="until"
            aria-label={t('admin_users.ban.until')}
            value={until}
            disabled={permanent}
            onChange={(e) => setUntil(e.target.value)}
            aria-invalid={error?.field === 'until'}
          />
        </fieldset>
        {error ? (
          <p className="console__field-error" role="alert">
            {errorText(error.field, error.code)}
          </p>
        ) : null}
        <div className="users-admin__buttons">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('admin_users.ban.submit')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('admin_users.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

function DeleteDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<{ field: string; code: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await actOnUser('delete', user.user_id);
      onDone({ ok: true, key: 'deleted', name: user.username });
    } catch (failure) {
      setError(errorCodeOf(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="users-admin__dialog" role="dialog" aria-modal="true" aria-labelledby="delete-title">
      <div className="console__panel">
        <h2 id="delete-title" className="console__subtitle">
          {t('admin_users.delete.title', { name: user.username })}
        </h2>
        <p>
          {t('admin_users.delete.warning', {
            videos: user.videos_count,
            comments: user.comments_count,
          })}
        </p>
        {error ? (
          <p className="console__field-error" role="alert">
            {errorText(error.field, error.code)}
          </p>
        ) : null}
        <div className="users-admin__buttons">
          <button type="button" className="button users-admin__danger" disabled={busy} onClick={confirm}>
            {t('admin_users.delete.submit')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('admin_users.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

function UserRow({
  user,
  self,
  onAct,
  onDialog,
}: {
  user: AdminUser;
  self: boolean;
  onAct: (act: UserAction, user: AdminUser, extra?: { role?: string }) => void;
  onDialog: (kind: 'ban' | 'delete', user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const badge =
    user.status === 'banned'
      ? 'console__badge--bad'
      : user.status === 'unconfirmed'
        ? 'console__badge--warn'
        : 'console__badge--ok';
  return (
    <tr data-user-id={user.user_id}>
      <td>{user.user_id}</td>
      <td>
        <Link to={`/members/${user.user_id}/`}>{user.username}</Link>
        <div className="console__muted users-admin__email">{user.email}</div>
      </td>
      <td>
        <select
          aria-label={t('admin_users.role_of', { name: user.username })}
          value={user.role}
          disabled={self}
          onChange={(e) => onAct('role', user, { role: e.target.value })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin_users.roles.${role}`)}
            </option>
          ))}
        </select>
      </td>
      <td className="users-admin__status">
        <span className={`console__badge ${badge}`}>{t(`admin_users.statuses.${user.status}`)}</span>
        {user.status === 'banned' ? (
          <div className="users-admin__ban">
            <span>{user.ban_reason}</span>
            <span className="console__muted">
              {user.banned_until
                ? t('admin_users.until', { date: day(user.banned_until) })
                : t('admin_users.ban.permanent')}
            </span>
          </div>
        ) : null}
      </td>
      <td className="users-admin__date">{day(user.created_at)}</td>
      <td className="users-admin__date">{day(user.last_login_at)}</td>
      <td className="users-admin__num">{user.videos_count}</td>
      <td className="users-admin__num">{user.comments_count}</td>
      <td>
        <div className="users-admin__actions">
          {user.status === 'banned' ? (
            <button type="button" className="button" onClick={() => onAct('unban', user)}>
              {t('admin_users.act.unban')}
            </button>
          ) : (
            <button type="button" className="button" disabled={self} onClick={() => onDialog('ban', user)}>
              {t('admin_users.act.ban')}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={user.status === 'banned'}
            onClick={() => onAct('reset_password', user)}
          >
            {t('admin_users.act.reset_password')}
          </button>
          <button
            type="button"
            className="button users-admin__danger"
            disabled={self}
            onClick={() => onDialog('delete', user)}
          >
            {t('admin_users.act.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'ban' | 'delete'; user: AdminUser } | null>(null);
  if (loaderData.forbidden) return <Notice title={t('admin_users.forbidden')} />;
  const { list, filter, invalid, role, selfId } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total_count / list.per_page));

  const done = (result: Outcome) => {
    setDialog(null);
    setOutcome(result);
    revalidator.revalidate();
  };
  async function act(kind: UserAction, user: AdminUser, extra: { role?: string } = {}) {
    try {
      await actOnUser(kind, user.user_id, extra);
      done({
        ok: true,
        key: kind === 'delete' ? 'deleted' : kind === 'ban' ? 'banned' : kind,
        name: user.username,
      });
    } catch (failure) {
      setOutcome({ ok: false, ...errorCodeOf(failure) });
      revalidator.revalidate();
    }
  }

  return (
    <AdminFrame section="users" role={role}>
      <h1 className="console__title">{t('admin_users.title')}</h1>
      <Form
        method="get"
        action="/admin/users/"
        className="console__toolbar"
        aria-label={t('admin_users.filter.label')}
      >
        <label>
          {t('admin_users.filter.q')}
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={SEARCH_MAX}
            placeholder={t('admin_users.filter.q_hint')}
          />
        </label>
        <label>
          {t('admin_users.filter.role')}
          <select name="role" defaultValue={filter.role}>
            <option value="">{t('admin_users.filter.any')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin_users.roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_users.filter.status')}
          <select name="status" defaultValue={filter.status}>
            <option value="">{t('admin_users.filter.any')}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin_users.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t('admin_users.filter.submit')}
        </button>
        <Link to="/admin/users/" className="button">
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
            {t(`admin_users.notice.${outcome.key}`, { name: outcome.name })}
          </p>
        ) : (
          <p className="console__notice console__notice--error" role="alert">
            {errorText(outcome.field, outcome.code)}
          </p>
        )
      ) : null}
      <p className="console__muted">{t('admin_users.count', { count: list.total_count })}</p>
      {list.users.length === 0 ? (
        <p>{t('admin_users.empty')}</p>
      ) : (
        <div className="console__table-wrap">
          <table className="console__table users-admin__table">
            <thead>
              <tr>
                <th scope="col">{t('admin_users.col.id')}</th>
                <th scope="col">{t('admin_users.col.user')}</th>
                <th scope="col">{t('admin_users.col.role')}</th>
                <th scope="col">{t('admin_users.col.status')}</th>
                <th scope="col">{t('admin_users.col.created')}</th>
                <th scope="col">{t('admin_users.col.last_login')}</th>
                <th scope="col">{t('admin_users.col.videos')}</th>
                <th scope="col">{t('admin_users.col.comments')}</th>
                <th scope="col">{t('admin_users.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.users.map((user) => (
                <UserRow
                  key={user.user_id}
                  user={user}
                  self={user.user_id === selfId}
                  onAct={act}
                  onDialog={(kind, u) => {
                    setOutcome(null);
                    setDialog({ kind, user: u });
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <Pagination current={list.page} count={pages} href={(page) => pageUrl(filter, page)} />
      ) : null}
      {dialog?.kind === 'ban' ? (
        <BanDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </AdminFrame>
  );
}
