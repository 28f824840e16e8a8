// /admin/users/'s two dialogs (routes/admin-users.tsx): ban a member (a reason and an end, or
// permanent) and delete a member with their content. Each posts to /api/admin/users.php and hands its
// outcome to the page, or shows the refusal's text itself.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminUser, BAN_REASON_MAX } from '../../../../contract/admin-users.ts';
import { actOnUser, errorCodeOf, isoOfLocal } from '../../../lib/admin-users-api.ts';
import { type Outcome, useErrorText } from '../console-kit.tsx';

export type NoticeKey = 'role' | 'banned' | 'unban' | 'reset_password' | 'deleted';
export type UserOutcome = Outcome<{ key: NoticeKey; name: string }>;

interface DialogProps {
  user: AdminUser;
  onClose: () => void;
  onDone: (outcome: UserOutcome) => void;
}

/** A dialog's refusal and busy flag; `send` posts and hands the page what it came to. */
function useDialogAct(onDone: DialogProps['onDone']) {
  const [error, setError] = useState<{ field: string; code: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(call: () => Promise<unknown>, done: UserOutcome) {
    setBusy(true);
    try {
      await call();
      onDone(done);
    } catch (failure) {
      setError(errorCodeOf(failure));
    } finally {
      setBusy(false);
    }
  }
  return { error, busy, send };
}

/** The dialog frame: a modal labelled by its title, the refusal (if any) and its buttons. */
function UserDialog({
  id,
  title,
  error,
  buttons,
  children,
}: {
  id: string;
  title: string;
  error: { field: string; code: string } | null;
  buttons: ReactNode;
  children: ReactNode;
}) {
  const errorText = useErrorText('admin_users');
  return (
    <>
      <h2 id={id} className="console__subtitle">
        {title}
      </h2>
      {children}
      {error ? (
        <p className="console__field-error" role="alert">
          {errorText(error.code, error.field)}
        </p>
      ) : null}
      <div className="users-admin__buttons">{buttons}</div>
    </>
  );
}

export function BanDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [permanent, setPermanent] = useState(true);
  const { error, busy, send } = useDialogAct(onDone);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void send(() => actOnUser('ban', user.user_id, { reason, until: permanent ? '' : isoOfLocal(until) }), {
      ok: true,
      key: 'banned',
      name: user.username,
    });
  }

  return (
    <div className="users-admin__dialog" role="dialog" aria-modal="true" aria-labelledby="ban-title">
      <form className="console__panel console__form" onSubmit={submit}>
        <UserDialog
          id="ban-title"
          title={t('admin_users.ban.title', { name: user.username })}
          error={error}
          buttons={
            <>
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('admin_users.ban.submit')}
              </button>
              <button type="button" className="button" onClick={onClose}>
                {t('admin_users.cancel')}
              </button>
            </>
          }
        >
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
              <input
                type="radio"
                name="ban-length"
                checked={!permanent}
                onChange={() => setPermanent(false)}
              />{' '}
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
        </UserDialog>
      </form>
    </div>
  );
}

export function DeleteDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const { error, busy, send } = useDialogAct(onDone);
  const confirm = () =>
    void send(() => actOnUser('delete', user.user_id), { ok: true, key: 'deleted', name: user.username });
  return (
    <div className="users-admin__dialog" role="dialog" aria-modal="true" aria-labelledby="delete-title">
      <div className="console__panel">
        <UserDialog
          id="delete-title"
          title={t('admin_users.delete.title', { name: user.username })}
          error={error}
          buttons={
            <>
              <button type="button" className="button users-admin__danger" disabled={busy} onClick={confirm}>
                {t('admin_users.delete.submit')}
              </button>
              <button type="button" className="button" onClick={onClose}>
                {t('admin_users.cancel')}
              </button>
            </>
          }
        >
          <p>
            {t('admin_users.delete.warning', {
              videos: user.videos_count,
              comments: user.comments_count,
            })}
          </p>
        </UserDialog>
      </div>
    </div>
  );
}
