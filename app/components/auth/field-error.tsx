import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contract/accounts.ts';

/** The message of a code: field-specific, then the form's own namespace, then the shared form.error keys. */
export function useErrorText(namespace: string) {
  const { t } = useTranslation();
  // Keys built from server codes are not known statically.
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (error: FieldError, info?: Record<string, unknown>) =>
    tx(`${namespace}.er.${error.field}_${error.code}`, info) ||
    tx(`${namespace}.er.${error.code}`, info) ||
    tx(`form.error.${error.code}`, info) ||
    error.code;
}

export function FieldErrors({
  id,
  errors,
  text,
}: {
  id: string;
  errors: FieldError[];
  text: (error: FieldError) => string;
}) {
  if (errors.length === 0) return null;
  return (
    <p id={id} className="form-field__error" role="alert">
      {errors.map((error) => text(error)).join(' ')}
    </p>
  );
}
