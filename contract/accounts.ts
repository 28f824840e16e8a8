// Accounts: the calls of spec/shell.md §5, §7 and content.md §5, shared by the server routes and the
// browser forms. Field names are the spec's (usr/pwd for login; username/email/password for signup).
import { z } from 'zod';
import {
  type LoginFields,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  type SignupFields,
  USERNAME_MAX,
  USERNAME_MIN,
} from './accounts-values.ts';

// Roles, limits, codes and the field checks are zod-free in accounts-values.ts (the login form and the
// sign-up screen import that); re-exported here for the server and the tests.
export * from './accounts-values.ts';
export type { FieldError } from './errors.ts';

// The English sentences of the answers are locales/en.json's (server/lib/english.ts).

// Inputs arrive form-encoded or as JSON: every field is a string (or missing); any other value is
// `invalid` (the routes list every such field). Rules live in the *Errors() functions of
// accounts-values.ts so the browser and the server give the same codes in the same order.
const text = z.string().optional();

export const loginInput = z.object({
  usr: text.describe('Username or e-mail.'),
  pwd: text.describe('Password.'),
}) satisfies z.ZodType<LoginFields>;
export type LoginInput = z.infer<typeof loginInput>;

export const signupInput = z.object({
  username: text.describe(
    `${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, underscores, dots or hyphens.`,
  ),
  email: text.describe('E-mail address; the confirmation link is mailed there.'),
  password: text.describe(`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`),
}) satisfies z.ZodType<SignupFields>;
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
    // The member's own address, for the forms that ask for one (the report form prefills it, issue 34).
    // Only ever sent to the member it belongs to; optional only for users built by hand in tests.
    email: z.string().optional().describe("The signed-in member's own e-mail address."),
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
