// One member's row of /admin/users/ (routes/admin-users.tsx): name and mail, the role select, the
// status with a ban's reason and end, dates, counts and the acts (ban or unban, password-reset mail,
// delete). A member cannot change, ban or delete themself.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES } from '../../../../contract/accounts.ts';
import type { AdminUser, UserAction } from '../../../../contract/admin-users.ts';

/** A date and time as 'YYYY-MM-DD hh:mm', or '–' for none. */
const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '–');

export function UserRow({
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
