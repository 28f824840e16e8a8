// Accounts rules (spec/shell.md §5, content.md §5): signup, confirmation, login with its brute-force
// guard, sessions, password restore, Google sign-in. No HTTP and no SQL here.
import { createHash, randomBytes } from 'node:crypto';
import {
  type CurrentUser,
  type FieldError,
  LOGIN_CODES,
  type LoginInput,
  loginErrors,
  passwordError,
  type Role,
  type SignupInput,
  signupErrors,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../contract/accounts.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { redisUnavailable } from '../../lib/redis-health.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { accountMail, type Language, mailLanguage, type RequestLanguage } from './mail-texts.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { burnVerification, hashPassword, verifyPassword } from './password.ts';
import { createSendQuota, digest, type SendLimits } from './send-limits.ts';
import type { SessionMeta, SessionStore } from './session-store.ts';
import { signToken, type TokenPayload, verifyToken } from './signed-token.ts';

export const CONFIRM_LINK_HOURS = 48;
export const RESTORE_LINK_HOURS = 2;
/** Lifetime of the known-device cookie, renewed at every sign-in. */
export const KNOWN_DEVICE_DAYS = 365;
const SIGNING_KEY_SETTING = 'accounts_signing_key';

export interface GoogleClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface AccountsService {
  /** True when Google sign-in is configured (the button shows). */
  readonly googleEnabled: boolean;
  /** `language`: the request's, for the confirmation mail; kept with the account for later mails. */
  signup(input: SignupInput, ip: string, language?: RequestLanguage): Promise<{ userId: number }>;
  /** Activates the account of a confirmation link; throws invalid_link. */
  confirmEmail(token: string | undefined): Promise<CurrentUser>;
  /** `knownDevice`: the known-device cookie, which exempts its holder from the per-account lock. */
  login(input: LoginInput, ip: string, knownDevice?: string): Promise<CurrentUser>;
  /** The known-device cookie for a browser that has just signed in; null for an account without password. */
  knownDeviceToken(userId: number): Promise<string | null>;
  startSession(userId: number, meta: SessionMeta): Promise<string>;
  /** The signed-in user of a session cookie; `refreshed` asks the caller to re-send the cookie. */
  userForSession(token: string | undefined): Promise<{ user: CurrentUser; refreshed: boolean } | null>;
  logout(token: string | undefined): Promise<void>;
  requestRestore(email: string | undefined, ip: string, language?: RequestLanguage): Promise<void>;
  /**
   * The same restore mail, sent by staff for a member (issue 17 reset_password): no quota (staff only),
   * 503 `mail_failed` when it cannot go. False when the account is unknown or banned.
   */
  mailRestoreLink(userId: number): Promise<boolean>;
  checkRestoreToken(token: string | undefined): Promise<boolean>;
  /** Sets the new password, revokes every session of the user and returns them (to sign in anew). */
  resetPassword(token: string | undefined, password: string | undefined): Promise<CurrentUser>;
  googleSignIn(claims: GoogleClaims): Promise<CurrentUser>;
  /** Ends every session of the user (a password change: the caller starts one anew for its browser). */
  endSessions(userId: number): Promise<void>;
  /**
   * An account mail (the profile's e-mail change) under the same per-address and per-IP quota as the
   * confirmation and restore mails: 429 `too_many_requests`, 503 `mail_failed` when it cannot go.
   */
  sendAccountMail(ip: string, message: MailMessage): Promise<void>;
  /** The language of a mail to the member (mail-texts.ts mailLanguage: chosen, stored, browser, English). */
  mailLanguage(userId: number, request?: RequestLanguage): Promise<Language>;
  /** CLI: a confirmed account with a role. */
  createUser(input: SignupInput & { role: Role }): Promise<CurrentUser>;
  /** Releases what the providers hold (Redis connection, SMTP pool). */
  close(): Promise<void>;
}

export interface AccountsDeps {
  repo: AccountsRepository;
  sessions: SessionStore;
  limiter: LoginLimiter;
  /** Counts of the mail-sending calls; in process with DEFAULT_SEND_LIMITS when not given. */
  sendLimiter?: LoginLimiter;
  sendLimits?: SendLimits;
  mailer: Mailer;
  publicUrl: string;
  siteName: string;
  googleEnabled: boolean;
  now?: () => number;
  close?: () => Promise<void>;
}

export const toCurrentUser = (user: UserRow): CurrentUser => ({
  user_id: user.id,
  username: user.username,
  avatar: user.avatar ? `/media/${user.avatar}` : null,
  role: user.role,
  age_verified: user.age_verified === true,
  email: user.email,
});

const invalidCredentials = () =>
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

const invalidLink = () =>
  new DomainError('invalid_link', {
    status: 400,
    message: english('form.error.invalid_link'),
    codes: [{ field: 'general', code: 'invalid_link' }],
  });

const tooManyAttempts = () =>
  new DomainError(LOGIN_CODES.tooMany, {
    status: 429,
    message: english('component.login.er.too_many_attempts'),
    codes: [{ field: 'general', code: LOGIN_CODES.tooMany }],
  });

const fieldErrors = (codes: FieldError[]) =>
  new DomainError(codes[0]?.code ?? 'invalid', { status: 400, message: english('api.invalid_input'), codes });

/** A restore link is valid only while the password it was issued against is unchanged: single use. */
const passwordFingerprint = (user: UserRow) =>
  createHash('sha256')
    .update(user.password_hash ?? `none:${user.id}`)
    .digest('base64url')
    .slice(0, 16);

export function createAccountsService(deps: AccountsDeps): AccountsService {
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
    googleEnabled: deps.googleEnabled,

    async signup(input, ip, request) {
      const account = await validNewAccount(input);
      const language = mailLanguage(request);
      // Counted only for a signup that would mail: a mistyped form costs nothing.
      const userId = await withSendQuota(ip, account.email, true, async () => {
        const passwordHash = await hashPassword(account.password);
        const signing = await key();
        // One transaction: the account exists only if its confirmation mail went out.
        return repo.transaction(async (tx) => {
          const id = await tx.insertUser({
            ...account,
            passwordHash,
            role: 'member',
            status: 'unconfirmed',
            language,
          });
          // Lost a race with another signup of the same name or address.
          if (id === null) throw fieldErrors(await existsErrors(account.username, account.email, [], tx));
          const token = signToken(signing, {
            p: 'confirm',
            u: id,
            b: 'c',
            e: Math.floor(now() / 1000) + CONFIRM_LINK_HOURS * 3600,
          });
          const url = `${deps.publicUrl}/api/confirm.php?token=${encodeURIComponent(token)}`;
          try {
            const values = {
              site: deps.siteName,
              username: account.username,
              link: url,
              hours: CONFIRM_LINK_HOURS,
            };
            await mailer.send({ to: account.email, ...accountMail('confirm', language, values), link: url });
          } catch (error) {
            throw new DomainError('mail_failed', {
              status: 503,
              message: english('component.signup.er.mail_failed'),
              codes: [{ field: 'general', code: 'mail_failed' }],
              info: { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
            });
          }
          return id;
        });
      });
      return { userId };
    },

    async confirmEmail(token) {
      sessionsReachable();
      const payload = verifyToken(await key(), token, 'confirm', now());
      if (!payload) throw invalidLink();
      // Only an unconfirmed account can be confirmed: a used link finds it active.
      if (!(await repo.activateUser(payload.u))) throw invalidLink();
      const user = await repo.findUserById(payload.u);
      if (!user) throw invalidLink();
      return toCurrentUser(user);
    },

    async login(input, ip, knownDevice) {
      const errors = loginErrors(input);
      if (errors.length > 0) {
        if (errors[0]?.code === LOGIN_CODES.invalid) throw invalidCredentials();
        throw new DomainError('required', {
          status: 400,
          message: english('form.error.required'),
          codes: errors,
        });
      }
      sessionsReachable();
      const usr = (input.usr ?? '').trim();
      const pwd = input.pwd as string;
      const user = await repo.findUserByLogin(usr);
      // A browser that has signed in to this account before is not held by the account's lock (which
      // anyone can trigger, issue 11 F10): its failures count on its own key instead. The IP's
      // limit holds for everyone.
      const device = user ? await knownDeviceKey(user, knownDevice) : null;
      const ipKey = `ip:${ip}`;
      const accountKey = device ?? `acct:${user ? `#${user.id}` : usr.toLowerCase()}`;
      const keys = [ipKey, accountKey];
      // Reserved before the password is checked and kept when it is wrong: parallel requests cannot
      // all pass a check that is counted only after scrypt (issue 11 F2).
      if (!(await limiter.reserve(keys))) throw tooManyAttempts();
      let ok = false;
      if (user?.password_hash) ok = await verifyPassword(pwd, user.password_hash);
      else await burnVerification(pwd);
      if (!user || !ok) throw invalidCredentials();
      // Told only to someone who knows the password: no hint to others that the account exists (or
      // is banned).
      if (user.status === 'banned') {
        await limiter.release(keys);
        throw accountBanned(user);
      }
      if (user.status === 'unconfirmed') {
        await limiter.release(keys);
        throw new DomainError(LOGIN_CODES.notConfirmed, {
          status: 403,
          message: english('component.login.er.not_confirmed'),
          codes: [{ field: 'general', code: LOGIN_CODES.notConfirmed }],
        });
      }
      // The right password is no failure: the IP gets its attempt back, the account starts afresh.
      await limiter.release([ipKey]);
      await limiter.reset(accountKey);
      // A ban whose end has passed (read as active) is lifted for the rest of the site too.
      if (user.banned_until) await repo.liftExpiredBan(user.id);
      await repo.touchLogin(user.id);
      return toCurrentUser(user);
    },

    async knownDeviceToken(userId) {
      const user = await repo.findUserById(userId);
      if (!user?.password_hash) return null;
      // Bound to the password: a new password (a restore after a break-in) ends every known device.
      return signToken(await key(), {
        p: 'device',
        u: user.id,
        b: passwordFingerprint(user),
        e: Math.floor(now() / 1000) + KNOWN_DEVICE_DAYS * 86_400,
      });
    },

    startSession: (userId, meta) => sessions.create(userId, meta),

    async userForSession(token) {
      if (!token) return null;
      const session = await sessions.resolve(token);
      if (session === null) return null;
      const user = await repo.findUserById(session.userId);
      if (user?.status !== 'active') return null;
      return { user: toCurrentUser(user), refreshed: session.refreshed };
    },

    async logout(token) {
      if (token) await sessions.revoke(token);
    },

    async requestRestore(rawEmail, ip, request) {
      const email = (rawEmail ?? '').trim();
      if (!email) throw fieldErrors([{ field: 'email', code: 'required' }]);
      const user = await repo.findUserByEmail(email);
      // content.md §8 names this message, so the form tells whether an address is registered.
      if (!user || user.status === 'banned') {
        throw new DomainError('not_found', {
          status: 400,
          message: english('component.restore.er.not_found'),
          codes: [{ field: 'email', code: 'not_found' }],
        });
      }
      await withSendQuota(ip, user.email, false, () => sendRestoreMail(user, request));
    },

    async mailRestoreLink(userId) {
      const user = await repo.findUserById(userId);
      if (!user || user.status === 'banned') return false;
      try {
        await sendRestoreMail(user);
      } catch {
        throw new DomainError('mail_failed', {
          status: 503,
          message: english('form.error.mail_failed'),
          codes: [{ field: 'general', code: 'mail_failed' }],
        });
      }
      return true;
    },

    async checkRestoreToken(token) {
      const payload = verifyToken(await key(), token, 'restore', now());
      if (!payload) return false;
      const user = await repo.findUserById(payload.u);
      return Boolean(user && user.status !== 'banned' && passwordFingerprint(user) === payload.b);
    },

    async resetPassword(token, password) {
      sessionsReachable();
      const payload = verifyToken(await key(), token, 'restore', now());
      const user = payload ? await repo.findUserById(payload.u) : undefined;
      if (!payload || !user || user.status === 'banned' || passwordFingerprint(user) !== payload.b)
        throw invalidLink();
      const code = passwordError(password);
      if (code) throw fieldErrors([{ field: 'password', code }]);
      const passwordHash = await hashPassword(password as string);
      await repo.transaction(async (tx) => {
        await tx.setPassword(user.id, passwordHash);
        // The mail reached its owner: an unconfirmed account counts as confirmed now.
        await tx.activateUser(user.id);
      });
      await sessions.revokeAll(user.id);
      return toCurrentUser({ ...user, password_hash: passwordHash, status: 'active' });
    },

    async googleSignIn(claims) {
      sessionsReachable();
      const bySub = await repo.findUserByGoogleSub(claims.sub);
      if (bySub) {
        if (bySub.status === 'banned') throw accountBanned(bySub);
        if (bySub.banned_until) await repo.liftExpiredBan(bySub.id);
        await repo.touchLogin(bySub.id);
        return toCurrentUser(bySub);
      }
      // Linking or creating needs an address Google has verified: an unverified one could be anyone's.
      if (!claims.email || !claims.emailVerified) {
        throw new DomainError('google_email_unverified', {
          status: 403,
          message: english('component.login.er.google_email_unverified'),
          codes: [{ field: 'general', code: 'google_email_unverified' }],
        });
      }
      const email = claims.email;
      const user = await repo.transaction(async (tx) => {
        const existing = await tx.findUserByEmail(email);
        if (existing) {
          if (existing.status === 'banned') throw accountBanned(existing);
          if (existing.banned_until) await tx.liftExpiredBan(existing.id);
          await tx.linkGoogle(existing.id, claims.sub);
          await tx.activateUser(existing.id);
          return (await tx.findUserById(existing.id)) as UserRow;
        }
        const username = await uniqueUsername(claims.name || email.split('@')[0] || 'user', tx);
        const id = await tx.insertUser({
          username,
          email,
          passwordHash: null,
          role: 'member',
          status: 'active',
          googleSub: claims.sub,
        });
        if (id === null) throw new DomainError('conflict', { status: 409, message: english('api.conflict') });
        return (await tx.findUserById(id)) as UserRow;
      });
      await repo.touchLogin(user.id);
      return toCurrentUser(user);
    },

    endSessions: (userId) => sessions.revokeAll(userId),

    async mailLanguage(userId, request) {
      return mailLanguage(request, (await repo.findUserById(userId))?.language);
    },

    async sendAccountMail(ip, message) {
      await withSendQuota(ip, message.to, false, async () => {
        try {
          await mailer.send(message);
        } catch {
          throw new DomainError('mail_failed', {
            status: 503,
            message: english('form.error.mail_failed'),
            codes: [{ field: 'general', code: 'mail_failed' }],
          });
        }
      });
    },

    async createUser(input) {
      const account = await validNewAccount(input);
      const passwordHash = await hashPassword(account.password);
      const id = await repo.insertUser({ ...account, passwordHash, role: input.role, status: 'active' });
      if (id === null) throw fieldErrors(await existsErrors(account.username, account.email, []));
      return toCurrentUser((await repo.findUserById(id)) as UserRow);
    },

    close: async () => {
      await deps.close?.();
    },
  };
}
