// The one screen of /signup/ and /restore-password/ (content.md §2, §5, §8). Server field errors
// {field, code} are set on the matching input; the same rules run here first (contract/accounts.ts).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldError } from '../../../contract/accounts.ts';
import {
  emailError,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordError,
  signupErrors,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../contract/accounts-values.ts';
import { errorsOf, postForm } from '../../lib/account-api.ts';
import { FieldErrors, useErrorText } from './field-error.tsx';

export type ScreenMode = 'signup' | 'restore' | 'reset';
type Status = 'idle' | 'loading' | 'success' | 'error';

// The length bound is passed to the message (shell.md §5).
const LIMITS: Record<string, { min: number; max: number }> = {
  username: { min: USERNAME_MIN, max: USERNAME_MAX },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  email: { min: 3, max: 254 },
};

function infoFor(error: FieldError) {
  const limit = LIMITS[error.field];
  if (!limit) return undefined;
  if (error.code === 'min_length') return { length: limit.min };
  if (error.code === 'max_length') return { length: limit.max };
  return undefined;
}

const FIELDS: Record<ScreenMode, Array<'username' | 'email' | 'password'>> = {
  signup: ['username', 'email', 'password'],
  restore: ['email'],
  reset: ['password'],
};

function localErrors(mode: ScreenMode, values: Record<string, string>): FieldError[] {
  if (mode === 'signup') return signupErrors(values);
  if (mode === 'restore') {
    const code = emailError(values.email);
    return code ? [{ field: 'email', code }] : [];
  }
  const code = passwordError(values.password);
  return code ? [{ field: 'password', code }] : [];
}

export function SignupScreen({
  mode,
  token,
  linkError,
}: {
  mode: ScreenMode;
  token: string | null;
  linkError: boolean;
}) {
  const { t } = useTranslation();
  const namespace = mode === 'signup' ? 'component.signup' : 'component.restore';
  const text = useErrorText(namespace);
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [status, setStatus] = useState<Status>('idle');

  const heading = t(mode === 'signup' ? 'page.signup' : 'page.restore_password');

  if (linkError) {
    return (
      <section className="page auth-page">
        <h1 className="page__title">{heading}</h1>
        <p className="auth-form__alert" role="alert">
          {t('component.restore.er.invalid_link')}
        </p>
        <p className="auth-form__links">
          <Link to="/restore-password/" reloadDocument>
            {t('component.restore.again')}
          </Link>
        </p>
      </section>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (status === 'loading') return;
    const local = localErrors(mode, values);
    if (local.length > 0) {
      setErrors(local);
      setStatus('error');
      return;
    }
    setStatus('loading');
    const answer =
      mode === 'signup'
        ? await postForm('/api/signup.php', {
            username: values.username ?? '',
            email: values.email ?? '',
            password: values.password ?? '',
          })
        : mode === 'restore'
          ? await postForm('/api/restore-password.php', { email: values.email ?? '' })
          : await postForm('/api/reset-password.php', {
              token: token ?? '',
              password: values.password ?? '',
            });
    if (answer.ok) {
      if (mode === 'reset') {
        // The new password signs the member in (every older session was ended).
        window.location.assign('/');
        return;
      }
      setStatus('success');
      return;
    }
    setErrors(
      answer.codes.length > 0 ? answer.codes : [{ field: 'general', code: answer.code ?? 'network' }],
    );
    setStatus('error');
  }

  if (status === 'success') {
    return (
      <section className="page auth-page">
        <h1 className="page__title">
          {t(mode === 'signup' ? 'component.signup.success_title' : 'component.restore.sent_title')}
        </h1>
        <p className="auth-form__note" role="status">
          {t(mode === 'signup' ? 'component.signup.success' : 'component.restore.sent', {
            email: values.email,
          })}
        </p>
      </section>
    );
  }

  const general = errorsOf(errors, 'general').concat(
    errors.filter((e) => e.field !== 'general' && !FIELDS[mode].includes(e.field as 'email')),
  );
  const labels = {
    username: t('component.signup.username'),
    email: t(mode === 'signup' ? 'component.signup.email' : 'component.restore.email'),
    password: t(mode === 'signup' ? 'component.signup.password' : 'component.restore.new_password'),
  };
  const autoComplete = { username: 'username', email: 'email', password: 'new-password' };
  const types = { username: 'text', email: 'email', password: 'password' };

  return (
    <section className="page auth-page">
      <h1 className="page__title">{heading}</h1>
      {mode === 'restore' && <p className="auth-form__intro">{t('component.restore.intro')}</p>}
      <form
        className="auth-form"
        // Before hydration a submit must not put the password in a GET address.
        method="post"
        noValidate
        onSubmit={submit}
        data-state={status}
        aria-busy={status === 'loading'}
      >
        {general.length > 0 && (
          <p className="auth-form__alert" role="alert">
            {general.map((e) => text(e, infoFor(e))).join(' ')}
          </p>
        )}
        {FIELDS[mode].map((field) => {
          const fieldErrors = errorsOf(errors, field);
          return (
            <div className="form-field" key={field}>
              <label htmlFor={`${id}-${field}`}>{labels[field]}</label>
              <input
                id={`${id}-${field}`}
                name={field}
                type={types[field]}
                autoComplete={autoComplete[field]}
                className={fieldErrors.length > 0 ? 'input has-error' : 'input'}
                aria-invalid={fieldErrors.length > 0}
                aria-describedby={fieldErrors.length > 0 ? `${id}-${field}-error` : undefined}
                value={values[field] ?? ''}
                onChange={(e) => {
                  const value = e.target.value;
                  setValues((v) => ({ ...v, [field]: value }));
                  setErrors((list) => list.filter((x) => x.field !== field));
                }}
              />
              {mode === 'signup' && field === 'username' && fieldErrors.length === 0 && (
                <p className="form-field__hint">{t('component.signup.username_hint')}</p>
              )}
              <FieldErrors
                id={`${id}-${field}-error`}
                errors={fieldErrors}
                text={(e) => text(e, infoFor(e))}
              />
            </div>
          );
        })}
        <button
          type="submit"
          className="button button--primary auth-form__submit"
          disabled={status === 'loading'}
        >
          {status === 'loading' && <span className="spinner" aria-hidden="true" />}
          {mode === 'signup'
            ? t(status === 'loading' ? 'component.signup.loading' : 'component.signup.submit')
            : t(mode === 'restore' ? 'component.restore.submit' : 'component.restore.set_submit')}
        </button>
        <p className="auth-form__links">
          <span>
            {t('component.signup.have_account')} <Link to="/signin/">{t('component.signup.login')}</Link>
          </span>
        </p>
      </form>
    </section>
  );
}
