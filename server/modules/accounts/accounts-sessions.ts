// The accounts service's sign-in (content.md §5): the login with its brute-force guard (per address, per
// account, known devices exempt from the account's lock) and the sessions it starts. No HTTP, no SQL.
import { LOGIN_CODES, loginErrors } from '../../../contract/accounts.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  type AccountsKit,
  accountBanned,
  invalidCredentials,
  KNOWN_DEVICE_DAYS,
  passwordFingerprint,
  toCurrentUser,
  tooManyAttempts,
  toSessionUser,
} from './accounts-kit.ts';
import { burnVerification, verifyPassword } from './password.ts';
import { signToken } from './signed-token.ts';

/** Login with its brute-force guard and known devices, and the sessions that follow. */
export function sessionsFlow(
  kit: AccountsKit,
): Pick<
  AccountsService,
  'login' | 'knownDeviceToken' | 'startSession' | 'userForSession' | 'logout' | 'endSessions'
> {
  const { repo, sessions, limiter, now, sessionsReachable, key, knownDeviceKey } = kit;
  return {
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
      // The database store reads the session and the member's row in one statement; Redis holds only
      // the session, and the row is read after it.
      const session = sessions.resolveUser
        ? await sessions.resolveUser(token)
        : await sessions
            .resolve(token)
            .then(async (found) => found && { ...found, user: await repo.findUserById(found.userId) });
      if (session?.user?.status !== 'active') return null;
      return { user: toSessionUser(session.user), refreshed: session.refreshed };
    },

    async logout(token) {
      if (token) await sessions.revoke(token);
    },

    endSessions: (userId) => sessions.revokeAll(userId),
  };
}
