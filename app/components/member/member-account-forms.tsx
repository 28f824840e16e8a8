// The account sections of the owner's edit page (member-edit.tsx): the e-mail change, the password
// change and the account's deletion (with a confirmation step); also the history page's "Clear history"
// button.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { PASSWORD_MIN } from '../../../contract/accounts-values.ts';
import type { ProfileEditView } from '../../../contract/profile.ts';
import type { ProfileSection } from '../../../contract/profile-values.ts';
import { errorText, Field, inputProps, Panel, useSection } from './member-edit-kit.tsx';
import { postProfile } from './profile-api.ts';

export function EmailForm({ account }: { account: ProfileEditView }) {
  const { t } = useTranslation();
  const { errors, busy, run } = useSection();
  const [pending, setPending] = useState(account.pending_email);
  const message = (field: string) => (errors[field] ? errorText(t, field, errors[field]) : undefined);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const answer = await run(() =>
      postProfile('email', {
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
      }),
    );
    if (answer?.pending_email) {
      setPending(answer.pending_email);
      form.reset();
    }
  }
  return (
    <Panel section="email">
      <p className="profile-panel__text">{t('profile.email_current', { email: account.email })}</p>
      {pending ? (
        <p className="profile-panel__text profile-panel__pending" role="status">
          {t('profile.email_sent', { email: pending })}
        </p>
      ) : null}
      <form className="profile-form" noValidate onSubmit={submit}>
        <Field id="profile-email" label={t('profile.field.new_email')} error={message('email')}>
          <input
            type="email"
            name="email"
            autoComplete="email"
            {...inputProps('profile-email', errors.email)}
          />
        </Field>
        <Field id="profile-email-password" label={t('profile.field.password')} error={message('password')}>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            {...inputProps('profile-email-password', errors.password)}
          />
        </Field>
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('profile.change_email')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const { errors, busy, run } = useSection();
  const message = (field: string) => (errors[field] ? errorText(t, field, errors[field]) : undefined);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = {
      password: String(data.get('password') ?? ''),
      new_password: String(data.get('new_password') ?? ''),
    };
    if ((await run(() => postProfile('password', fields), t('profile.password_saved'))) !== null)
      form.reset();
  }
  return (
    <Panel section="password">
      {hasPassword ? null : <p className="profile-panel__text">{t('profile.no_password')}</p>}
      <form className="profile-form" noValidate onSubmit={submit}>
        {hasPassword ? (
          <Field id="profile-password" label={t('profile.field.password')} error={message('password')}>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              {...inputProps('profile-password', errors.password)}
            />
          </Field>
        ) : null}
        <Field
          id="profile-new-password"
          label={t('profile.field.new_password')}
          error={message('new_password')}
        >
          <input
            type="password"
            name="new_password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            {...inputProps('profile-new-password', errors.new_password)}
          />
        </Field>
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('profile.change_password')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

export function DeleteForm() {
  const { t } = useTranslation();
  const { errors, busy, run } = useSection();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const message = errors.password ? errorText(t, 'password', errors.password) : undefined;
  async function confirm() {
    const done = await run(() => postProfile('delete', { password }));
    // The session is gone with the account: a full load shows the site as a guest.
    if (done) window.location.assign('/');
    else setConfirming(false);
  }
  return (
    <Panel section="delete">
      <p className="profile-panel__text">{t('profile.delete_text')}</p>
      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Field id="profile-delete-password" label={t('profile.field.password')} error={message}>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            {...inputProps('profile-delete-password', errors.password)}
          />
        </Field>
        {confirming ? (
          <div className="profile-confirm" role="alertdialog" aria-labelledby="profile-delete-confirm">
            <p id="profile-delete-confirm">{t('profile.delete_confirm')}</p>
            <div className="profile-form__actions">
              <button type="button" className="button button--danger" disabled={busy} onClick={confirm}>
                {t('profile.delete_yes')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('profile.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="profile-form__actions">
            <button type="submit" className="button button--danger">
              {t('profile.delete_button')}
            </button>
          </div>
        )}
      </form>
    </Panel>
  );
}

/** The owner's history page: empties the server history after a confirmation. */
export function ClearHistoryButton() {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const { busy, run } = useSection();
  const [confirming, setConfirming] = useState(false);
  async function clear() {
    const done = await run(
      () => postProfile('clear_history' satisfies ProfileSection),
      t('profile.history_cleared'),
    );
    setConfirming(false);
    if (done) revalidate();
  }
  return confirming ? (
    <div
      className="profile-confirm profile-confirm--inline"
      role="alertdialog"
      aria-labelledby="clear-history-q"
    >
      <span id="clear-history-q">{t('profile.clear_history_confirm')}</span>
      <button type="button" className="button button--danger" disabled={busy} onClick={clear}>
        {t('profile.clear_history_yes')}
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)}>
        {t('profile.cancel')}
      </button>
    </div>
  ) : (
    <button type="button" className="button" data-action="clear-history" onClick={() => setConfirming(true)}>
      {t('profile.clear_history')}
    </button>
  );
}
