// The accounts service's ways in (spec/shell.md §5): signup with its confirmation mail and link, Google
// sign-in that links or creates an account, and the CLI's confirmed accounts. No HTTP and no SQL here.
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { UserRow } from './accounts.repository.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  type AccountsKit,
  accountBanned,
  CONFIRM_LINK_HOURS,
  fieldErrors,
  invalidLink,
  toCurrentUser,
} from './accounts-kit.ts';
import { accountMail, mailLanguage } from './mail-texts.ts';
import { hashPassword } from './password.ts';
import { signToken, verifyToken } from './signed-token.ts';

/** Signup and its confirmation link, Google sign-in (linking or creating an account), the CLI's accounts. */
export function signupFlow(
  kit: AccountsKit,
): Pick<AccountsService, 'signup' | 'confirmEmail' | 'googleSignIn' | 'createUser'> {
  const {
    deps,
    repo,
    mailer,
    now,
    withSendQuota,
    sessionsReachable,
    key,
    existsErrors,
    validNewAccount,
    uniqueUsername,
  } = kit;
  return {
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

    async createUser(input) {
      const account = await validNewAccount(input);
      const passwordHash = await hashPassword(account.password);
      const id = await repo.insertUser({ ...account, passwordHash, role: input.role, status: 'active' });
      if (id === null) throw fieldErrors(await existsErrors(account.username, account.email, []));
      return toCurrentUser((await repo.findUserById(id)) as UserRow);
    },
  };
}
