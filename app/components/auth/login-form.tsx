// The login form of shell.md §4–§5, shared by the Login modal and the /signin/ page.
// States: idle → loading → success (language preference cleared, page reloads) | error.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldError } from '../../../contract/accounts.ts';
import { LOGIN_CODES, loginErrors } from '../../../contract/accounts-values.ts';
import { clearLanguagePreference, errorsOf, postForm } from '../../lib/account-api.ts';
import { FieldErrors, useErrorText } from './field-error.tsx';

export type LoginState = 'idle' | 'loading' | 'success' | 'error';

interface LoginFormProps {
  googleSignIn: boolean;
  autoFocus?: boolean;
  /** Called before following a link inside the form (the modal closes). */
  onLeave?: () => void;
  /** An error to show from the start (e.g. a failed Google sign-in sent back with ?login=code). */
  initialErrors?: FieldError[];
  /** The parameters of that error (a ban's reason and end). */
  initialInfo?: Record<string, unknown>;
}

export function LoginForm({
  googleSignIn,
  autoFocus,
  onLeave,
  initialErrors = [],
  initialInfo,
}: LoginFormProps) {
  const { t } = useTranslation();
  const text = useErrorText('component.login');
  const id = useId();
  const [values, setValues] = useState({ usr: '', pwd: '' });
  const [errors, setErrors] = useState<FieldError[]>(initialErrors);
  const [state, setState] = useState<LoginState>(initialErrors.length > 0 ? 'error' : 'idle');
  const [info, setInfo] = useState<Record<string, unknown> | undefined>(initialInfo);

  // A banned member (who gave the right password) is told why, and until when (issue 17).
  const generalText = (error: FieldError) => {
    if (error.code !== LOGIN_CODES.banned) return text(error);
    const reason = typeof info?.reason === 'string' ? info.reason : '';
    const until = typeof info?.until === 'string' ? new Date(info.until) : null;
    const parts = [reason ? text(error, { reason }) : t('component.login.er.account_banned_plain')];
    if (until && !Number.isNaN(until.getTime()))
      parts.push(t('component.login.er.account_banned_until', { until: until.toLocaleString() }));
    return parts.join(' ');
  };

  // invalid_usr_or_pwd is about both inputs: both get the error style (shell.md §5).
  const bothInvalid = errors.some((e) => e.code === LOGIN_CODES.invalid);
  const invalid = (field: 'usr' | 'pwd') => bothInvalid || errorsOf(errors, field).length > 0;

  function edit(field: 'usr' | 'pwd', value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // Editing a field clears that field's error (shell.md §4); the pair error belongs to both.
    setErrors((list) => list.filter((e) => e.field !== field && e.code !== LOGIN_CODES.invalid));
    if (state === 'error') setState('idle');
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (state === 'loading' || state === 'success') return;
    const local = loginErrors(values);
    if (local.length > 0) {
      setErrors(local);
      setState('error');
      return;
    }
    setState('loading');
    setErrors([]);
    const answer = await postForm('/api/login.php', values);
    if (answer.ok) {
      setState('success');
      clearLanguagePreference();
      window.location.reload();
      return;
    }
    setInfo(
      answer.data.info && typeof answer.data.info === 'object'
        ? (answer.data.info as Record<string, unknown>)
        : undefined,
    );
    setErrors(
      answer.codes.length > 0 ? answer.codes : [{ field: 'general', code: answer.code ?? 'network' }],
    );
    setState('error');
  }

  const general = errorsOf(errors, 'general');
  return (
    <form
      className="auth-form"
      // Before hydration a submit must not put the password in a GET address.
      method="post"
      noValidate
      onSubmit={submit}
      data-state={state}
      aria-busy={state === 'loading'}
    >
      {general.length > 0 && (
        <p className="auth-form__alert" role="alert">
          {general.map((e) => generalText(e)).join(' ')}
        </p>
      )}
      {state === 'success' && (
        <p className="auth-form__note" role="status">
          {t('component.login.success')}
        </p>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-usr`}>{t('component.login.usr')}</label>
        <input
          id={`${id}-usr`}
          name="usr"
          autoComplete="username"
          // biome-ignore lint/a11y/noAutofocus: the modal opens for exactly this input.
          autoFocus={autoFocus}
          className={invalid('usr') ? 'input has-error' : 'input'}
          aria-invalid={invalid('usr')}
          aria-describedby={errorsOf(errors, 'usr').length > 0 ? `${id}-usr-error` : undefined}
          value={values.usr}
          onChange={(e) => edit('usr', e.target.value)}
        />
        <FieldErrors id={`${id}-usr-error`} errors={errorsOf(errors, 'usr')} text={(e) => text(e)} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-pwd`}>{t('component.login.pwd')}</label>
        <input
          id={`${id}-pwd`}
          name="pwd"
          type="password"
          autoComplete="current-password"
          className={invalid('pwd') ? 'input has-error' : 'input'}
          aria-invalid={invalid('pwd')}
          aria-describedby={errorsOf(errors, 'pwd').length > 0 ? `${id}-pwd-error` : undefined}
          value={values.pwd}
          onChange={(e) => edit('pwd', e.target.value)}
        />
        <FieldErrors id={`${id}-pwd-error`} errors={errorsOf(errors, 'pwd')} text={(e) => text(e)} />
      </div>
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={state === 'loading'}
      >
        {state === 'loading' && <span className="spinner" aria-hidden="true" />}
        {t(state === 'loading' ? 'component.login.loading' : 'component.login.submit')}
      </button>
      {googleSignIn && (
        // A plain link (shell.md §7): the server redirects to Google and back.
        <a href="/api/login.g.php" className="button auth-form__google" data-discover="false">
          {t('component.login.google')}
        </a>
      )}
      <p className="auth-form__links">
        <Link to="/restore-password/" onClick={onLeave}>
          {t('component.login.forgot')}
        </Link>
        <span>
          {t('component.login.signup_prompt')}{' '}
          <Link to="/signup/" onClick={onLeave}>
            {t('component.login.signup')}
          </Link>
        </span>
      </p>
    </form>
  );
}
