// /admin/users/ (issue 17): members for administrators: search, role and status filters, and each
// row's acts (role, ban with reason and end, unban, password-reset mail, delete with their content).
// Everyone else gets 'You do not have permission to view.' with HTTP 403. The filter is a plain GET
// form; the acts post to /api/admin/users.php and the list is read again.
import admin_users from 'virtual:en/admin_users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { ROLES } from '../../contract/accounts.ts';
import {
  type AdminUser,
  type AdminUserList,
  SEARCH_MAX,
  USER_STATUSES,
  USERS_PAGE_SIZE,
  type UserAction,
  usersQuerySchema,
} from '../../contract/admin-users.ts';
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
import {
  BanDialog,
  DeleteDialog,
  type NoticeKey,
  type UserOutcome,
} from '../components/admin/users/user-dialogs.tsx';
import { UserRow } from '../components/admin/users/user-row.tsx';
import { Notice } from '../components/status-page.tsx';
import { actOnUser } from '../lib/admin-users-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
import css from '../styles/admin-users.css?url';
import type { Route } from './+types/admin-users.ts';

addEnglish({ admin_users });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

const FILTERS = ['q', 'role', 'status'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; selfId: number; filter: Filter; invalid: boolean; list: AdminUserList };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user?.role !== 'administrator') return data<LoaderData>({ forbidden: true }, { status: 403 });
  const services = servicesOf(context);
  return consoleList({
    url,
    keys: FILTERS,
    max: SEARCH_MAX,
    schema: usersQuerySchema,
    base: { forbidden: false as const, role: user.role, selfId: user.user_id },
    empty: { users: [], total_count: 0, page: 1, per_page: USERS_PAGE_SIZE },
    read: (query) => services.usersAdmin.list(user, query),
  });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_users.title');

const COLUMNS = [
  'id',
  'user',
  'role',
  'status',
  'created',
  'last_login',
  'videos',
  'comments',
  'actions',
] as const;

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText('admin_users');
  const { outcome, setOutcome, run, revalidator } = useConsoleAct<{ key: NoticeKey; name: string }>();
  const [dialog, setDialog] = useState<{ kind: 'ban' | 'delete'; user: AdminUser } | null>(null);
  if (loaderData.forbidden) return <Notice title={t('admin_users.forbidden')} />;
  const { list, filter, invalid, role, selfId } = loaderData;

  const done = (result: UserOutcome) => {
    setDialog(null);
    setOutcome(result);
    void revalidator.revalidate();
  };
  async function act(kind: UserAction, user: AdminUser, extra: { role?: string } = {}) {
    const key = kind === 'delete' ? 'deleted' : kind === 'ban' ? 'banned' : kind;
    const ok = await run(async () => {
      await actOnUser(kind, user.user_id, extra);
      return { key, name: user.username };
    });
    if (ok) setDialog(null);
  }

  return (
    <AdminFrame section="users" role={role}>
      <h1 className="console__title">{t('admin_users.title')}</h1>
      <FilterForm action="/admin/users/" ns="admin_users" invalid={invalid}>
        <FilterInput
          label={t('admin_users.filter.q')}
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={SEARCH_MAX}
          placeholder={t('admin_users.filter.q_hint')}
        />
        <FilterSelect
          label={t('admin_users.filter.role')}
          name="role"
          value={filter.role}
          any={t('admin_users.filter.any')}
          options={ROLES.map((r) => [r, t(`admin_users.roles.${r}`)])}
        />
        <FilterSelect
          label={t('admin_users.filter.status')}
          name="status"
          value={filter.status}
          any={t('admin_users.filter.any')}
          options={USER_STATUSES.map((s) => [s, t(`admin_users.statuses.${s}`)])}
        />
      </FilterForm>
      <OutcomeNotice
        outcome={outcome}
        ok={(o) => t(`admin_users.notice.${o.key}`, { name: o.name })}
        error={(field, code) => errorText(code, field)}
      />
      <p className="console__muted">{t('admin_users.count', { count: list.total_count })}</p>
      <ConsoleTable
        className="users-admin__table"
        columns={COLUMNS.map((c) => t(`admin_users.col.${c}`))}
        rows={list.users.length}
        empty={<p>{t('admin_users.empty')}</p>}
      >
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
      </ConsoleTable>
      <ConsolePagination
        page={list.page}
        pages={pageCount(list.total_count, list.per_page)}
        href={(page) => consolePageUrl('/admin/users/', filter, page)}
      />
      {dialog?.kind === 'ban' ? (
        <BanDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </AdminFrame>
  );
}
