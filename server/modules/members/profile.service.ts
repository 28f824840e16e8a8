// Editing one's own profile (issue 14; content.md §3, §5, §7, §8): the rules of POST /api/member.php.
// Every call acts on the signed-in member's own account (there is no user id to name someone else):
// a guest is asked to log in. Sections: the profile fields, the avatar and cover images, the e-mail
// address (changed when the link mailed to the new address is followed), the password (every other
// session ends), the account's deletion, and the server history. No HTTP, no SQL.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type CurrentUser, EMAIL_MAX, EMAIL_PATTERN, passwordError } from '../../../contract/accounts.ts';
import type { FieldError } from '../../../contract/errors.ts';
import {
  EMAIL_CHANGE_HOURS,
  EMAIL_CONFIRM_PATH,
  type ImageSection,
  PROFILE_CODES,
  type ProfileEditView,
  type ProfileFields,
  profileFieldErrors,
} from '../../../contract/profile.ts';
import { DomainError, forbidden, unauthorized } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { accountMail, type RequestLanguage } from '../accounts/mail-texts.ts';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { media } from '../catalog/catalog.mappers.ts';
import type { OwnAccount, ProfileColumns, ProfileRepository } from './profile.repository.ts';
import { resizeProfileImage } from './profile-images.ts';

export interface ProfileDeps {
  repo: ProfileRepository;
  accounts: Pick<AccountsService, 'endSessions' | 'sendAccountMail' | 'mailLanguage'>;
  storage: Storage;
  publicUrl: string;
  siteName: string;
  now?: () => number;
  /** Where best-effort cleanups (files of a deleted account) report a failure. */
  warn?: (message: string, error: unknown) => void;
}

const fieldErrors = (codes: FieldError[]) =>
  new DomainError(codes[0]?.code ?? 'invalid', { status: 400, message: english('api.invalid_input'), codes });
const required = (field: string) =>
  new DomainError(PROFILE_CODES.required, {
    message: english('form.error.required'),
    codes: [{ field, code: PROFILE_CODES.required }],
  });
const invalidPassword = () =>
  new DomainError(PROFILE_CODES.invalidPassword, {
    message: english('form.error.invalid_password'),
    codes: [{ field: 'password', code: PROFILE_CODES.invalidPassword }],
  });
const invalidLink = () =>
  new DomainError('invalid_link', {
    message: english('form.error.invalid_link'),
    codes: [{ field: 'general', code: 'invalid_link' }],
  });

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A coded select: '' clears it, a digit is its code (checked by profileFieldErrors). */
const codeOf = (value: string | undefined) =>
  value === undefined ? undefined : value.trim() === '' ? null : Number(value.trim());
const textOf = (value: string | undefined) =>
  value === undefined ? undefined : value.trim() === '' ? null : value.trim();

export function createProfileService(deps: ProfileDeps) {
  const { repo, storage } = deps;
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? (() => {});

  /** The asker's own account: a guest (or an account gone meanwhile) is asked to log in. */
  async function own(user: CurrentUser | null): Promise<OwnAccount> {
    if (!user) throw unauthorized();
    const account = await repo.account(user.user_id);
    if (!account) throw unauthorized();
    return account;
  }

  /** The current password, asked before the e-mail, the password or the account changes. */
  async function checkPassword(account: OwnAccount, password: string | undefined) {
    if (!password) throw required('password');
    if (!account.password_hash || !(await verifyPassword(password, account.password_hash)))
      throw invalidPassword();
  }

  const dropFile = (key: string | null) =>
    key ? storage.delete(key).catch((error) => warn('profile image not deleted', error)) : Promise.resolve();

  return {
    /**
     * The edit page's own data: the owner's alone (a guest is asked to log in, anyone else, staff
     * included, refused: 'You do not have permission to view.').
     */
    async editView(viewer: CurrentUser | null, memberId: number): Promise<ProfileEditView> {
      if (!viewer) throw unauthorized();
      if (viewer.user_id !== memberId) throw forbidden();
      const account = await own(viewer);
      return {
        email: account.email,
        pending_email: await repo.pendingEmail(account.id),
        has_password: account.password_hash !== null,
      };
    },

    /** The profile fields; a field not sent stays as it is, '' clears it. */
    async saveProfile(user: CurrentUser | null, input: ProfileFields): Promise<void> {
      const account = await own(user);
      const errors = profileFieldErrors(input, new Date(now()));
      if (errors.length > 0) throw fieldErrors(errors);
      const country = textOf(input.country);
      const columns: ProfileColumns = {
        gender: codeOf(input.gender),
        relationship: codeOf(input.relationship),
        orientation: codeOf(input.orientation),
        birth_date: textOf(input.birth_date),
        country: country ? country.toLowerCase() : country,
        education: textOf(input.education),
        // Stored as typed; the pages link it only when it is http(s) (member-data.ts websiteHref).
        website: textOf(input.website),
        about_me: textOf(input.about_me),
      };
      await repo.updateFields(account.id, columns);
    },

    /** A new avatar or cover (or none: `file` null removes it); the replaced file is deleted. */
    async setImage(
      user: CurrentUser | null,
      section: ImageSection,
      file: Buffer | null,
      remove: boolean,
    ): Promise<{ url: string | null }> {
      const account = await own(user);
      let key: string | null = null;
      if (!remove) {
        if (!file || file.length === 0) throw required(section);
        const image = await resizeProfileImage(section, file);
        // A generated name, never the sender's: the key is public and cached for good (media.routes.ts).
        key = `members/${account.id}/${section}-${randomUUID()}.webp`;
        await storage.putStream(key, Readable.from([image]), { contentType: 'image/webp' });
      }
      const swapped = await repo.swapImage(account.id, section, key);
      if (!swapped.found) {
        await dropFile(key);
        throw unauthorized();
      }
      await dropFile(swapped.old);
      return { url: media(key) };
    },

    /** Mails a confirmation link to the new address; the address changes when it is followed. */
    async requestEmailChange(
      user: CurrentUser | null,
      input: { email?: string; password?: string },
      ip: string,
      language?: RequestLanguage,
    ): Promise<{ pending_email: string }> {
      const account = await own(user);
      const email = (input.email ?? '').trim();
      if (!email) throw required('email');
      if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))
        throw fieldErrors([{ field: 'email', code: PROFILE_CODES.invalidEmail }]);
      if (email.toLowerCase() === account.email.toLowerCase())
        throw fieldErrors([{ field: 'email', code: PROFILE_CODES.sameEmail }]);
      await checkPassword(account, input.password);
      if (await repo.emailTaken(email, account.id))
        throw fieldErrors([{ field: 'email', code: PROFILE_CODES.exists }]);
      const token = randomBytes(32).toString('base64url');
      await repo.savePendingEmail(
        account.id,
        email,
        tokenHash(token),
        new Date(now() + EMAIL_CHANGE_HOURS * 3_600_000),
      );
      const url = `${deps.publicUrl}${EMAIL_CONFIRM_PATH}?token=${token}`;
      const lang = await deps.accounts.mailLanguage(account.id, language);
      const values = {
        site: deps.siteName,
        username: account.username,
        link: url,
        hours: EMAIL_CHANGE_HOURS,
      };
      await deps.accounts.sendAccountMail(ip, {
        to: email,
        ...accountMail('email_change', lang, values),
        link: url,
      });
      return { pending_email: email };
    },

    /** Follows the mailed link: `invalid_link` when used, replaced, expired or forged; `exists` when taken. */
    async confirmEmailChange(token: string | undefined): Promise<{ userId: number }> {
      if (!token || !TOKEN_SHAPE.test(token)) throw invalidLink();
      const result = await repo.confirmEmail(tokenHash(token), new Date(now()));
      if (result.status === 'invalid') throw invalidLink();
      if (result.status === 'taken') throw fieldErrors([{ field: 'email', code: PROFILE_CODES.exists }]);
      return { userId: result.userId };
    },

    /**
     * A new password: the current one is asked (unless the account has none yet: Google sign-in), the
     * new one follows the signup's rules. Every session of the member ends; the caller starts a new
     * one for the browser that asked.
     */
    async changePassword(
      user: CurrentUser | null,
      input: { password?: string; new_password?: string },
    ): Promise<void> {
      const account = await own(user);
      const code = passwordError(input.new_password);
      if (account.password_hash) await checkPassword(account, input.password);
      if (code) throw fieldErrors([{ field: 'new_password', code }]);
      await repo.setPassword(account.id, await hashPassword(input.new_password as string));
      await deps.accounts.endSessions(account.id);
    },

    /** Deletes the account (decisions.md: what goes and what stays); its sessions end. */
    async deleteAccount(user: CurrentUser | null, input: { password?: string }): Promise<void> {
      const account = await own(user);
      await checkPassword(account, input.password);
      const deleted = await repo.deleteAccount(account.id);
      if (!deleted) throw unauthorized();
      await deps.accounts.endSessions(account.id);
      // Files after the commit, best effort: a failure leaves files nobody links to, not a half account.
      await Promise.all([
        dropFile(deleted.avatar),
        dropFile(deleted.cover),
        ...deleted.videoIds.map((id) =>
          storage.deletePrefix(`videos/${id}/`).catch((error) => warn('video files not deleted', error)),
        ),
      ]);
    },

    /** Empties the member's server history. */
    async clearHistory(user: CurrentUser | null): Promise<void> {
      const account = await own(user);
      await repo.clearHistory(account.id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
