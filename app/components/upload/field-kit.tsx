// How the upload form's inputs show their errors: aria-invalid and aria-describedby on the input, the
// has-error class, and the message under it, worded through upload.error.{code} (content.md §8).
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contract/errors.ts';
import { CATEGORIES_MAX, CATEGORIES_MIN } from '../../../contract/upload-values.ts';
import { errorsOf } from '../../lib/account-api.ts';

export type UploadMessage = (error: FieldError, info?: Record<string, unknown>) => string;

/** The text of a code: its own key when there is one, else the generic "Error [{code}] uploading…". */
export function useUploadMessage(): UploadMessage {
  const { t, i18n } = useTranslation();
  const tx = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  return (error, info) => {
    const params = { min: CATEGORIES_MIN, max: CATEGORIES_MAX, code: error.code, ...info };
    const key = `upload.error.${error.code}`;
    return i18n.exists(key) ? tx(key, params) : tx('upload.error.generic', params);
  };
}

/** The form's errors, and the id prefix that ties each input to its message. */
export interface FieldKit {
  id: string;
  errors: FieldError[];
  message: UploadMessage;
}

const has = (kit: FieldKit, field: string) => errorsOf(kit.errors, field).length > 0;

export function fieldProps(kit: FieldKit, field: string) {
  const invalid = has(kit, field);
  return {
    'aria-invalid': invalid,
    'aria-describedby': invalid ? `${kit.id}-${field}-error` : undefined,
  };
}

export function inputClass(kit: FieldKit, field: string): string {
  return has(kit, field) ? 'input has-error' : 'input';
}

export function FieldErrorText({ kit, field }: { kit: FieldKit; field: string }) {
  const list = errorsOf(kit.errors, field);
  if (list.length === 0) return null;
  return (
    <p id={`${kit.id}-${field}-error`} className="form-field__error" role="alert">
      {list.map((e) => kit.message(e)).join(' ')}
    </p>
  );
}
