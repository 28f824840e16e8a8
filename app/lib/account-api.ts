// The browser side of the accounts calls: form-encoded POSTs answering {status} or {error, code, codes}.
import type { FieldError } from '../../contract/accounts.ts';
import { postAccountForm } from './api-client.ts';
import { LANG_COOKIE } from './preferences.ts';

export interface ApiAnswer {
  ok: boolean;
  status: number;
  data: Record<string, unknown>;
  codes: FieldError[];
  code: string | undefined;
}

export async function postForm(url: string, fields: Record<string, string>): Promise<ApiAnswer> {
  try {
    const answer = await postAccountForm(url, fields);
    const data = answer.body ?? {};
    const codes = Array.isArray(data.codes) ? (data.codes as FieldError[]) : [];
    const code = typeof data.code === 'string' ? data.code : undefined;
    return { ok: answer.ok, status: answer.status, data, codes, code };
  } catch {
    return {
      ok: false,
      status: 0,
      data: {},
      codes: [{ field: 'general', code: 'network' }],
      code: 'network',
    };
  }
}

/** shell.md §4: after a successful login the stored language preference goes, then the page reloads. */
export function clearLanguagePreference(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox.
  document.cookie = `${LANG_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  try {
    window.localStorage.removeItem(LANG_COOKIE);
  } catch {
    // Storage may be unavailable (private mode); the cookie is what the server reads.
  }
}

export async function logout(): Promise<void> {
  await postForm('/api/logout.php', {});
  window.location.reload();
}

/** Errors of one field; `general` collects those tied to no input. */
export const errorsOf = (errors: FieldError[], field: string) => errors.filter((e) => e.field === field);
