// Accounts' roles, limits, codes and field checks without zod: the login form is in every page's first
// load (the header's Login modal) and the sign-up screen checks the same rules; importing accounts.ts
// would bring its schemas, and zod, there. accounts.ts re-exports all of it.
import type { FieldError } from './errors.ts';

export const ROLES = ['member', 'moderator', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

/** shell.md §9 and content.md §5. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** Letters (any script), digits, underscore, dot and hyphen; see docs/decisions.md. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
// A pragmatic address check: one @, no spaces, a dot in the domain. Real proof is the confirmation mail.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The codes a field can carry (docs/decisions.md lists them). */
export const FIELD_CODES = ['required', 'min_length', 'max_length', 'invalid', 'exists'] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

/** Login and signup codes of the error catalogue. */
export const LOGIN_CODES = {
  invalid: 'invalid_usr_or_pwd',
  notConfirmed: 'not_confirmed',
  tooMany: 'too_many_attempts',
  /** 403 after the right password only, with info {reason, until} (issue 17). */
  banned: 'account_banned',
} as const;

/** The sign-up fields as the form sends them (accounts.ts signupInput). */
export interface SignupFields {
  username?: string;
  email?: string;
  password?: string;
}

/** The login fields as the form sends them (accounts.ts loginInput). */
export interface LoginFields {
  usr?: string;
  pwd?: string;
}

function lengthCode(value: string, min: number, max: number): FieldCode | null {
  if (value.length < min) return 'min_length';
  if (value.length > max) return 'max_length';
  return null;
}

export function usernameError(raw: string | undefined): FieldCode | null {
  const value = (raw ?? '').trim();
  if (!value) return 'required';
  return lengthCode(value, USERNAME_MIN, USERNAME_MAX) ?? (USERNAME_PATTERN.test(value) ? null : 'invalid');
}

export function emailError(raw: string | undefined): FieldCode | null {
  const value = (raw ?? '').trim();
  if (!value) return 'required';
  if (value.length > EMAIL_MAX) return 'max_length';
  return EMAIL_PATTERN.test(value) ? null : 'invalid';
}

export function passwordError(raw: string | undefined): FieldCode | null {
  if (!raw) return 'required';
  return lengthCode(raw, PASSWORD_MIN, PASSWORD_MAX);
}

/** Signup rules that need no database (content.md §5); "exists" is the server's. */
export function signupErrors(input: SignupFields): FieldError[] {
  const errors: FieldError[] = [];
  const checks = [
    ['username', usernameError(input.username)],
    ['email', emailError(input.email)],
    ['password', passwordError(input.password)],
  ] as const;
  for (const [field, code] of checks) if (code) errors.push({ field, code });
  return errors;
}

/**
 * shell.md §5: both fields required; a username under 3 or a password under 5 characters is the
 * general invalid_usr_or_pwd error, shown under the password.
 */
export function loginErrors(input: LoginFields): FieldError[] {
  const usr = (input.usr ?? '').trim();
  const pwd = input.pwd ?? '';
  const errors: FieldError[] = [];
  if (!usr) errors.push({ field: 'usr', code: 'required' });
  if (!pwd) errors.push({ field: 'pwd', code: 'required' });
  if (errors.length > 0) return errors;
  if (usr.length < USERNAME_MIN || pwd.length < PASSWORD_MIN) {
    return [{ field: 'pwd', code: LOGIN_CODES.invalid }];
  }
  return [];
}
