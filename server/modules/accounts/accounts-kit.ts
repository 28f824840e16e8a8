// What the accounts service's flows share (accounts.service.ts composes them): the link lifetimes, the
// answers of a refused login or link, the signing key and the checks of a new account.
import { createHash, randomBytes } from 'node:crypto';
import {
  type CurrentUser,
  type FieldError,
  LOGIN_CODES,
  type SignupInput,
  signupErrors,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../contract/accounts.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { redisUnavailable } from '../../lib/redis-health.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { accountMail, mailLanguage, type RequestLanguage } from './mail-texts.ts';
import { createSendQuota, digest } from './send-limits.ts';
import { signToken, type TokenPayload, verifyToken } from './signed-token.ts';

export const CONFIRM_LINK_HOURS = 48;
export const RESTORE_LINK_HOURS = 2;
/** Lifetime of the known-device cookie, renewed at every sign-in. */
export const KNOWN_DEVICE_DAYS = 365;
export const SIGNING_KEY_SETTING = 'accounts_signing_key';

/** What a member's row tells the app of them; the unread count is not part of it (toSessionUser). */
export const toCurrentUser = (user: Omit<UserRow, 'unread_messages'>): CurrentUser => ({
  user_id: user.id,
  username: user.username,
  avatar: user.avatar ? `/media/${user.avatar}` : null,
  role: user.role,
  age_verified: user.age_verified === true,
  email: user.email,
});

/**
 * The member of a session, carrying their unread-message count (users.unread_messages, kept by triggers
 * and read with the row) for the user menu's badge (messages.service unreadCount): a member's page needs
 * no count of its own. Not enumerable, so it never reaches an answer (/api/me.php) or the page's data,
 * where it would be a copy that goes stale as messages are read; a copy of the object has no count and
 * is counted again.
 */
export const toSessionUser = (user: UserRow): CurrentUser =>
  Object.defineProperty(toCurrentUser(user), 'unread_messages', {
    value: user.unread_messages,
    enumerable: false,
  });

export const invalidCredentials = () =>
  new DomainError(LOGIN_CODES.invalid, {
    status: 401,
    message: english('component.login.er.invalid_usr_or_pwd'),
    codes: [{ field: 'pwd', code: LOGIN_CODES.invalid }],
  });

/** A banned member who knows their password is told why and until when (issue 17). */
export const accountBanned = (user: Pick<UserRow, 'ban_reason' | 'banned_until'>) =>
  new DomainError(LOGIN_CODES.banned, {
    status: 403,
    message: user.ban_reason
      ? english('component.login.er.account_banned', { reason: user.ban_reason })
      : english('api.account_banned'),
    codes: [{ field: 'general', code: LOGIN_CODES.banned }],
    info: {
      reason: user.ban_reason ?? '',
      until: user.banned_until ? new Date(user.banned_until).toISOString() : null,
    },
  });

export const invalidLink = () =>
  new DomainError('invalid_link', {
    status: 400,
    message: english('form.error.invalid_link'),
    codes: [{ field: 'general', code: 'invalid_link' }],
  });

export const tooManyAttempts = () =>
  new DomainError(LOGIN_CODES.tooMany, {
    status: 429,
    message: english('component.login.er.too_many_attempts'),
    codes: [{ field: 'general', code: LOGIN_CODES.tooMany }],
  });

export const fieldErrors = (codes: FieldError[]) =>
  new DomainError(codes[0]?.code ?? 'invalid', { status: 400, message: english('api.invalid_input'), codes });

/** A restore link is valid only while the password it was issued against is unchanged: single use. */
export const passwordFingerprint = (user: UserRow) =>
  createHash('sha256')
    .update(user.password_hash ?? `none:${user.id}`)
    .digest('base64url')
    .slice(0, 16);

/** What every flow of the accounts service shares: its dependencies, the signing key, the shared checks. */
export function createAccountsKit(deps: AccountsDeps) {
  const { repo, sessions, limiter, mailer } = deps;
  const now = deps.now ?? Date.now;
  const withSendQuota = createSendQuota(deps.sendLimiter, deps.sendLimits, now);
  // The calls that end in a new session, or end sessions, refuse before they change anything while the
  // store is away (Redis down): a password checked or an account confirmed without its session would be
  // a login that failed anyway, or an oracle for passwords while nothing counts the attempts.
  const sessionsReachable = () => {
    if (sessions.available?.() === false) throw redisUnavailable();
  };
  let signingKey: Promise<Buffer> | undefined;

  // Created on first use and kept in site_settings: every web process signs with the same key and the
  // embedded default needs no secret in the environment.
  const key = () => {
    signingKey ??= repo
      .getOrCreateSetting(SIGNING_KEY_SETTING, () => randomBytes(32).toString('base64url'))
      .then((value) => Buffer.from(value, 'base64url'))
      .catch((error) => {
        signingKey = undefined;
        throw error;
      });
    return signingKey;
  };

  const link = async (path: string, payload: Omit<TokenPayload, 'e'>, hours: number) => {
    const token = signToken(await key(), { ...payload, e: Math.floor(now() / 1000) + hours * 3600 });
    return `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  };

  // `from` is the transaction's repository inside one: PGlite has a single connection.
  async function existsErrors(username: string, email: string, codes: FieldError[], from = repo) {
    const errors = [...codes];
    const has = (field: string) => errors.some((e) => e.field === field);
    if (!has('username') && (await from.usernameTaken(username)))
      errors.push({ field: 'username', code: 'exists' });
    if (!has('email') && (await from.emailTaken(email))) errors.push({ field: 'email', code: 'exists' });
    const order = ['username', 'email', 'password'];
    return errors.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  }

  async function validNewAccount(input: SignupInput) {
    const username = (input.username ?? '').trim();
    const email = (input.email ?? '').trim();
    const errors = await existsErrors(username, email, signupErrors(input));
    if (errors.length > 0) throw fieldErrors(errors);
    return { username, email, password: input.password as string };
  }

  /** The limiter key of a known device (the cookie's holder), or null when the cookie is not one. */
  async function knownDeviceKey(user: UserRow, token: string | undefined) {
    if (!token || !user.password_hash) return null;
    const payload = verifyToken(await key(), token, 'device', now());
    if (payload?.u !== user.id || payload.b !== passwordFingerprint(user)) return null;
    return `dev:${digest(token)}`;
  }

  async function uniqueUsername(base: string, from: AccountsRepository): Promise<string> {
    let stem = base
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}_.-]+/gu, '')
      .slice(0, USERNAME_MAX - 4);
    if (stem.length < USERNAME_MIN) stem = `user${stem}`;
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? stem : `${stem}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await from.usernameTaken(candidate))) return candidate;
    }
    return `user${randomBytes(6).toString('hex')}`;
  }

  async function sendRestoreMail(user: UserRow, request?: RequestLanguage) {
    const url = await link(
      '/restore-password/',
      { p: 'restore', u: user.id, b: passwordFingerprint(user) },
      RESTORE_LINK_HOURS,
    );
    const values = { site: deps.siteName, username: user.username, link: url, hours: RESTORE_LINK_HOURS };
    const mail = accountMail('restore', mailLanguage(request, user.language), values);
    await mailer.send({ to: user.email, ...mail, link: url });
  }

  return {
    deps,
    repo,
    sessions,
    limiter,
    mailer,
    now,
    withSendQuota,
    sessionsReachable,
    key,
    link,
    existsErrors,
    validNewAccount,
    knownDeviceKey,
    uniqueUsername,
    sendRestoreMail,
  };
}

export type AccountsKit = ReturnType<typeof createAccountsKit>;
