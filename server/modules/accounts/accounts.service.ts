// Accounts rules (spec/shell.md §5, content.md §5): signup, confirmation, login with its brute-force
// guard, sessions, password restore, Google sign-in. No HTTP and no SQL here. The flows are
// accounts-signup.ts, accounts-sessions.ts and accounts-mail.ts, what they share accounts-kit.ts.
import type { CurrentUser, LoginInput, Role, SignupInput } from '../../../contract/accounts.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { createAccountsKit } from './accounts-kit.ts';
import { mailFlow } from './accounts-mail.ts';
import { sessionsFlow } from './accounts-sessions.ts';
import { signupFlow } from './accounts-signup.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { Language, RequestLanguage } from './mail-texts.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { SendLimits } from './send-limits.ts';
import type { SessionMeta, SessionStore } from './session-store.ts';

export {
  accountBanned,
  CONFIRM_LINK_HOURS,
  KNOWN_DEVICE_DAYS,
  RESTORE_LINK_HOURS,
  toCurrentUser,
} from './accounts-kit.ts';

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

export function createAccountsService(deps: AccountsDeps): AccountsService {
  const kit = createAccountsKit(deps);
  return {
    googleEnabled: deps.googleEnabled,
    ...signupFlow(kit),
    ...sessionsFlow(kit),
    ...mailFlow(kit),
    close: async () => {
      await deps.close?.();
    },
  };
}
