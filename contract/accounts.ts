// Accounts: the calls of spec/shell.md §5, §7 and content.md §5, shared by the server routes and the
// browser forms. Field names are the spec's (usr/pwd for login; username/email/password for signup).
import { z } from 'zod';
import type { FieldError } from './errors.ts';

export type { FieldError } from './errors.ts';

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

/** The spec's exact English texts, used by the server's `error` and by locales/en.json. */
export const MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  notConfirmed: 'Please confirm your email and try again',
  tooManyAttempts: 'Too many authorization attempts. Try again later.',
  emailNotFound: 'User with this e-mail address was not found.',
  invalidLink: 'Invalid link',
  required: 'This field is required',
  accountBanned: 'This account is banned',
} as const;

/** Login and signup codes of the error catalogue. */
export const LOGIN_CODES = {
  invalid: 'invalid_usr_or_pwd',
  notConfirmed: 'not_confirmed',
  tooMany: 'too_many_attempts',
  /** 403 after the right password only, with info {reason, until} (issue 17). */
  banned: 'account_banned',
} as const;

// Inputs arrive form-encoded or as JSON: every field is a string (or missing); any other value is
// `invalid` (the routes list every such field). Rules live in the *Errors() functions below so the
// browser and the server give the same codes in the same order.
const text = z.string().optional();

export const loginInput = z.object({
  usr: text.describe('Username or e-mail.'),
  pwd: text.describe('Password.'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const signupInput = z.object({
  username: text.describe(
    `${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, underscores, dots or hyphens.`,
  ),
  email: text.describe('E-mail address; the confirmation link is mailed there.'),
  password: text.describe(`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`),
});
export type SignupInput = z.infer<typeof signupInput>;

export const restoreRequestInput = z.object({ email: text.describe('The address of the account.') });
export const resetPasswordInput = z.object({
  token: text.describe('The token of the mailed link.'),
  password: text.describe('The new password.'),
});

// Links followed by a browser: a parameter that is not one string is as good as absent (the link is
// then invalid, or the flow starts over), never a 400 page.
const linkParam = z.string().optional().catch(undefined);

/** GET /api/confirm.php?token=…: the mailed confirmation link. */
export const confirmQuery = z.object({ token: linkParam.describe('The signed token of the link.') });

/** GET /api/login.g.php: without `code` or `error` it starts Google sign-in; with one it is the callback. */
export const googleSignInQuery = z.object({
  code: linkParam.describe("Google's authorization code (the callback)."),
  error: linkParam.describe('Set by Google when the sign-in was refused or failed (the callback).'),
  state: linkParam.describe('The state sent out, checked against the pending sign-in.'),
});

export const currentUserSchema = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable().describe('/media/ URL of the avatar, or null.'),
    role: z.enum(ROLES),
    // shell.md §3: the UK gate reads it. Always sent; optional only for users built by hand in tests.
    age_verified: z
      .boolean()
      .optional()
      .describe('True once the member passed age verification (the UK gate, shell.md §4).'),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ---- Answers ----

export const successSchema = z.object({ status: z.literal('success') });
export const signupResponseSchema = z.object({
  status: z.literal('success'),
  user_id: z.number().int(),
  confirm_email: z.literal(true),
});
/** Login and password reset: the user now signed in (the session cookie is set). */
export const signedInResponseSchema = z.object({ status: z.literal('success'), user: currentUserSchema });
export const meResponseSchema = z.object({ user: currentUserSchema.nullable() });

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
export function signupErrors(input: SignupInput): FieldError[] {
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
export function loginErrors(input: LoginInput): FieldError[] {
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
