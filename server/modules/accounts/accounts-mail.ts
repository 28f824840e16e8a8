// The accounts service's mails (spec/shell.md §5): the password restore (its link, the new password that
// ends every session) and the other account mails under the per-address and per-IP quota. No HTTP, no SQL.
import { passwordError } from '../../../contract/accounts.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  type AccountsKit,
  fieldErrors,
  invalidLink,
  passwordFingerprint,
  toCurrentUser,
} from './accounts-kit.ts';
import { mailLanguage } from './mail-texts.ts';
import { hashPassword } from './password.ts';
import { verifyToken } from './signed-token.ts';

/** The restore link and the new password it sets, and the other account mails under their quota. */
export function mailFlow(
  kit: AccountsKit,
): Pick<
  AccountsService,
  | 'requestRestore'
  | 'mailRestoreLink'
  | 'checkRestoreToken'
  | 'resetPassword'
  | 'mailLanguage'
  | 'sendAccountMail'
> {
  const { repo, sessions, mailer, now, withSendQuota, sessionsReachable, key, sendRestoreMail } = kit;
  return {
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
  };
}
