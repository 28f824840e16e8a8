// The owner's edit page /members/{id}/edit/ (issue 14): one form per section of POST /api/member.php —
// the profile fields (selects with the catalogue's value meanings, the birth date, a country select),
// the avatar and the cover (preview and upload progress), the e-mail change, the password change and
// the account's deletion (with a confirmation step). Server field errors are set on their inputs and
// read through form.error.{code}. Also the history page's "Clear history" button.
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRevalidator } from 'react-router';
import { PASSWORD_MIN } from '../../../contract/accounts-values.ts';
import type { MemberProfile } from '../../../contract/members.ts';
import { MEMBER_GENDERS, ORIENTATIONS, RELATIONSHIPS } from '../../../contract/members-values.ts';
import type { ProfileEditView } from '../../../contract/profile.ts';
import {
  countryList,
  IMAGE_MAX_BYTES,
  IMAGE_RULES,
  type ImageSection,
  PROFILE_MAX_LENGTHS,
  type ProfileSection,
  profileFieldErrors,
} from '../../../contract/profile-values.ts';
import { ApiError, type FieldError } from '../../lib/api-client.ts';
import { FilePicker } from '../file-picker.tsx';
import { useNotify } from '../shell/notify.tsx';
import { postProfile, uploadProfileImage } from './profile-api.ts';

type Errors = Record<string, { code: string; info?: Record<string, unknown> }>;
type T = ReturnType<typeof useTranslation>['t'];

/** The text of a field's code: form.error.{code}, with its limits as parameters (else notify.unknown). */
function errorText(t: T, field: string, error: { code: string; info?: Record<string, unknown> }) {
  const length = error.code === 'min_length' ? PASSWORD_MIN : PROFILE_MAX_LENGTHS[field];
  const keys = [`form.error.${error.code}`, `notify.${error.code}`, 'notify.unknown'];
  return (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(keys, {
    length,
    ...error.info,
    code: error.code,
  });
}

/** Field errors of a refusal, keyed by field; `general` and `notify` ones go to a notification. */
function errorsOf(error: unknown): { fields: Errors; other: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, other: 'unknown' };
  const fields: Errors = {};
  for (const c of error.codes as FieldError[]) {
    if (c.field !== 'general' && c.field !== 'notify' && !fields[c.field])
      fields[c.field] = { code: c.code, info: error.info };
  }
  return { fields, other: Object.keys(fields).length ? null : error.code };
}

/** One section's form state: its errors, whether it is sending, and a submit that reports refusals. */
function useSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function run<R>(work: () => Promise<R>, success?: string): Promise<R | null> {
    setBusy(true);
    setErrors({});
    try {
      const result = await work();
      if (success) notify('success', success);
      return result;
    } catch (error) {
      const { fields, other } = errorsOf(error);
      setErrors(fields);
      if (other) notify('error', errorText(t, 'general', { code: other }));
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { errors, setErrors, busy, run };
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Attributes of an input with its error and hint wired for assistive technology. */
const inputProps = (id: string, error: unknown, hint = false) => ({
  id,
  className: error ? 'input has-error' : 'input',
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
});

export function MemberEdit({ member, account }: { member: MemberProfile; account: ProfileEditView }) {
  const { t } = useTranslation();
  const location = useLocation();
  const notice = new URLSearchParams(location.search).get('email');
  return (
    <div className="profile-edit">
      {notice === 'changed' || notice === 'exists' ? (
        <p className={`profile-edit__notice is-${notice}`} role="status">
          {t(notice === 'changed' ? 'profile.email_changed' : 'profile.email_exists')}
        </p>
      ) : null}
      <ProfileFieldsForm member={member} />
      <div className="profile-edit__images">
        <ImageForm section="avatar" current={member.avatar} />
        <ImageForm section="cover" current={member.cover} />
      </div>
      <EmailForm account={account} />
      <PasswordForm hasPassword={account.has_password} />
      <DeleteForm />
    </div>
  );
}

function Panel({ section, children }: { section: string; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="profile-panel" aria-labelledby={id} data-profile-section={section}>
      <h3 id={id} className="profile-panel__title">
        {t(`profile.section.${section}` as 'profile.section.profile')}
      </h3>
      {children}
    </section>
  );
}

const CODED = [
  ['gender', MEMBER_GENDERS],
  ['relationship', RELATIONSHIPS],
  ['orientation', ORIENTATIONS],
] as const;

function ProfileFieldsForm({ member }: { member: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const { revalidate } = useRevalidator();
  const { errors, setErrors, busy, run } = useSection();
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language || 'en'], { type: 'region' });
    return countryList()
      .map((code) => ({ code: code.toLowerCase(), name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [i18n.language]);
  const message = (field: string) => (errors[field] ? errorText(t, field, errors[field]) : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]),
    );
    // The same rules as the server's, so most mistakes show before anything is sent.
    const local = profileFieldErrors(fields);
    if (local.length) {
      setErrors(Object.fromEntries(local.map((e) => [e.field, { code: e.code }])));
      document.getElementById(id(local[0]?.field ?? ''))?.focus();
      return;
    }
    if ((await run(() => postProfile('profile', fields), t('profile.saved'))) !== null) revalidate();
  }

  return (
    <Panel section="profile">
      <form className="profile-form profile-form--fields" noValidate onSubmit={submit}>
        <div className="profile-form__grid">
          {CODED.map(([field, meanings]) => (
            <Field key={field} id={id(field)} label={t(`member.field.${field}`)} error={message(field)}>
              <select
                name={field}
                defaultValue={member[field] ?? ''}
                {...inputProps(id(field), errors[field])}
              >
                <option value="">{t('profile.not_set')}</option>
                {Object.entries(meanings).map(([code, meaning]) => (
                  <option key={code} value={code}>
                    {t(`member.${field}.${meaning}` as 'member.gender.male')}
                  </option>
                ))}
              </select>
            </Field>
          ))}
          <Field id={id('birth_date')} label={t('member.field.birth_date')} error={message('birth_date')}>
            <input
              type="date"
              name="birth_date"
              defaultValue={member.birth_date ?? ''}
              {...inputProps(id('birth_date'), errors.birth_date)}
            />
          </Field>
          <Field id={id('country')} label={t('member.field.country')} error={message('country')}>
            <select
              name="country"
              defaultValue={member.country ?? ''}
              {...inputProps(id('country'), errors.country)}
            >
              <option value="">{t('profile.not_set')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('education')} label={t('member.field.education')} error={message('education')}>
            <input
              type="text"
              name="education"
              maxLength={PROFILE_MAX_LENGTHS.education}
              defaultValue={member.education ?? ''}
              {...inputProps(id('education'), errors.education)}
            />
          </Field>
          <Field id={id('website')} label={t('member.field.website')} error={message('website')}>
            <input
              type="url"
              name="website"
              inputMode="url"
              placeholder="https://"
              maxLength={PROFILE_MAX_LENGTHS.website}
              defaultValue={member.website ?? ''}
              {...inputProps(id('website'), errors.website)}
            />
          </Field>
        </div>
        <Field id={id('about_me')} label={t('member.field.about_me')} error={message('about_me')}>
          <textarea
            name="about_me"
            rows={5}
            maxLength={PROFILE_MAX_LENGTHS.about_me}
            defaultValue={member.about_me ?? ''}
            {...inputProps(id('about_me'), errors.about_me)}
          />
        </Field>
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function ImageForm({ section, current }: { section: ImageSection; current: string | null }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const { errors, setErrors, busy, run } = useSection();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const id = `profile-${section}`;
  const rule = IMAGE_RULES[section];

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!file) return setErrors({ [section]: { code: 'required' } });
    if (file.size > IMAGE_MAX_BYTES)
      return setErrors({
        [section]: { code: 'file_too_large', info: { max_mb: IMAGE_MAX_BYTES / 1024 / 1024 } },
      });
    setProgress(0);
    const saved = await run(() => uploadProfileImage(section, file, setProgress), t('profile.image_saved'));
    setProgress(null);
    if (saved) {
      setFile(null);
      form.reset();
      revalidate();
    }
  }

  async function remove() {
    if ((await run(() => postProfile(section, { remove: '1' }), t('profile.image_removed'))) !== null)
      revalidate();
  }

  const shown = preview ?? current;
  const error = errors[section] ? errorText(t, section, errors[section]) : undefined;
  return (
    <Panel section={section}>
      <form className="profile-form profile-form--image" noValidate onSubmit={submit}>
        <div className={`profile-image profile-image--${section}`}>
          {shown ? (
            <img src={shown} alt={t('profile.preview')} />
          ) : (
            <span className="profile-image__empty">{t('profile.no_image')}</span>
          )}
        </div>
        <Field
          id={id}
          label={t(`profile.field.${section}`)}
          error={error}
          hint={t('profile.image_hint', {
            width: rule.minWidth,
            height: rule.minHeight,
            mb: IMAGE_MAX_BYTES / 1024 / 1024,
          })}
        >
          <FilePicker
            name={section}
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(event) => {
              setErrors({});
              setFile(event.currentTarget.files?.[0] ?? null);
            }}
            {...inputProps(id, errors[section], true)}
            className="profile-form__file"
          />
        </Field>
        {progress !== null ? (
          <div className="profile-form__progress">
            <progress max={100} value={progress} aria-label={t('profile.uploading', { percent: progress })} />
            <span aria-live="polite">{t('profile.uploading', { percent: progress })}</span>
          </div>
        ) : null}
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || !file}>
            {t('profile.upload')}
          </button>
          {current ? (
            <button type="button" className="button" disabled={busy} onClick={remove}>
              {t('profile.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}

function EmailForm({ account }: { account: ProfileEditView }) {
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

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
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

function DeleteForm() {
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
