// The form kit of the owner's edit page (member-edit.tsx, member-account-forms.tsx): a section's state
// and submit (useSection), a labelled field with its error and hint, the panel around each section, and
// the text of a server field error (form.error.{code}).
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../contract/accounts-values.ts';
import { PROFILE_MAX_LENGTHS } from '../../../contract/profile-values.ts';
import { ApiError, type FieldError } from '../../lib/api-client.ts';
import { useNotify } from '../shell/notify.tsx';

export type Errors = Record<string, { code: string; info?: Record<string, unknown> }>;
export type T = ReturnType<typeof useTranslation>['t'];

/** The text of a field's code: form.error.{code}, with its limits as parameters (else notify.unknown). */
export function errorText(t: T, field: string, error: { code: string; info?: Record<string, unknown> }) {
  const length = error.code === 'min_length' ? PASSWORD_MIN : PROFILE_MAX_LENGTHS[field];
  const keys = [`form.error.${error.code}`, `notify.${error.code}`, 'notify.unknown'];
  return (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(keys, {
    length,
    ...error.info,
    code: error.code,
  });
}

/** Field errors of a refusal, keyed by field; `general` and `notify` ones go to a notification. */
export function errorsOf(error: unknown): { fields: Errors; other: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, other: 'unknown' };
  const fields: Errors = {};
  for (const c of error.codes as FieldError[]) {
    if (c.field !== 'general' && c.field !== 'notify' && !fields[c.field])
      fields[c.field] = { code: c.code, info: error.info };
  }
  return { fields, other: Object.keys(fields).length ? null : error.code };
}

/** One section's form state: its errors, whether it is sending, and a submit that reports refusals. */
export function useSection() {
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

export function Field({
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
export const inputProps = (id: string, error: unknown, hint = false) => ({
  id,
  className: error ? 'input has-error' : 'input',
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
});

export function Panel({ section, children }: { section: string; children: ReactNode }) {
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
