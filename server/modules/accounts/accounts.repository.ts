// SQL of the accounts module, nothing else: users, sessions and the signing key in site_settings.
import { sql } from 'kysely';
import type { Role } from '../../../contract/accounts.ts';
import type { DB } from '../../db/database.ts';
import { PREPARED } from '../../db/prepared.ts';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string | null;
  role: Role;
  status: 'unconfirmed' | 'active' | 'banned';
  avatar: string | null;
  google_sub: string | null;
  age_verified: boolean;
  /** The ban (migration 0039): its reason and end (null: permanent), while status is banned. */
  ban_reason: string | null;
  banned_until: Date | null;
  /** The language of the sign-up (migration 0041), for later account mails; null when unknown. */
  language: string | null;
  /** The member's unread messages (migration 0059, kept by triggers on messages): the user menu's badge. */
  unread_messages: number;
}

/** A live or expired session with its member's row, read in one statement (findSessionUser). */
export interface SessionUserRow {
  expiresAt: Date;
  lastSeenAt: Date;
  user: UserRow;
}

const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'role',
  'avatar',
  'google_sub',
  'age_verified',
  'ban_reason',
  'banned_until',
  'language',
  'unread_messages',
] as const;

/**
 * The status as it is now: a ban whose end has passed is over (issue 17), whether or not the row has
 * been lifted yet (liftExpiredBan, at the next sign-in); the account is then what it was before.
 */
export const EFFECTIVE_STATUS = sql<UserRow['status']>`CASE
  WHEN status = 'banned' AND banned_until IS NOT NULL AND banned_until <= now()
  THEN CASE WHEN email_confirmed_at IS NULL THEN 'unconfirmed' ELSE 'active' END ELSE status END`;

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  status: 'unconfirmed' | 'active';
  googleSub?: string | null;
  /** The site's code of the language the sign-up was made in. */
  language?: string | null;
}

export interface AccountsRepository {
  transaction<T>(fn: (repo: AccountsRepository) => Promise<T>): Promise<T>;
  findUserById(id: number): Promise<UserRow | undefined>;
  /** By username or email, both compared case-insensitively. */
  findUserByLogin(identifier: string): Promise<UserRow | undefined>;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  findUserByGoogleSub(sub: string): Promise<UserRow | undefined>;
  usernameTaken(username: string): Promise<boolean>;
  emailTaken(email: string): Promise<boolean>;
  /** Null when the username or email is taken (a race lost to another signup). */
  insertUser(user: NewUser): Promise<number | null>;
  /** unconfirmed → active; false when the user was not unconfirmed. */
  activateUser(id: number): Promise<boolean>;
  setPassword(id: number, passwordHash: string): Promise<void>;
  linkGoogle(id: number, sub: string): Promise<void>;
  touchLogin(id: number): Promise<void>;
  /** Clears a ban whose end has passed (the row then says what EFFECTIVE_STATUS already read). */
  liftExpiredBan(id: number): Promise<void>;
  getOrCreateSetting(key: string, create: () => string): Promise<string>;
  insertSession(s: {
    tokenHash: string;
    userId: number;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void>;
  findSession(tokenHash: string): Promise<{ userId: number; expiresAt: Date; lastSeenAt: Date } | undefined>;
  /** The session and its member's row in one statement (a member's every page starts with it). */
  findSessionUser(tokenHash: string): Promise<SessionUserRow | undefined>;
  touchSession(tokenHash: string, seenAt: Date, expiresAt: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteSessionsOfUser(userId: number): Promise<void>;
  /** Deletes sessions that expired before `now`; resolves how many. */
  deleteExpiredSessions(now: Date): Promise<number>;
}

export function createAccountsRepository(db: DB): AccountsRepository {
  const users = () => db.selectFrom('users').select([...USER_COLUMNS, EFFECTIVE_STATUS.as('status')]);
  const one = (q: ReturnType<typeof users>) => q.executeTakeFirst() as Promise<UserRow | undefined>;
  return {
    transaction: (fn) => db.transaction().execute((trx) => fn(createAccountsRepository(trx))),
    findUserById: (id) => one(users().where('id', '=', id)),
    findUserByLogin: (identifier) => {
      const value = identifier.toLowerCase();
      // Two index lookups (lower(username), lower(email)); a username wins over another user's email.
      return one(
        users()
          .where((eb) => eb.or([eb(sql`lower(username)`, '=', value), eb(sql`lower(email)`, '=', value)]))
          .orderBy(sql`lower(username) = ${value}`, 'desc')
          .limit(1),
      );
    },
    findUserByEmail: (email) => one(users().where(sql`lower(email)`, '=', email.toLowerCase())),
    findUserByGoogleSub: (sub) => one(users().where('google_sub', '=', sub)),
    usernameTaken: async (username) =>
      (await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst()) !== undefined,
    emailTaken: async (email) =>
      (await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()) !== undefined,
    insertUser: async (user) => {
      const row = await db
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          password_hash: user.passwordHash,
          role: user.role,
          status: user.status,
          email_confirmed_at: user.status === 'active' ? new Date() : null,
          google_sub: user.googleSub ?? null,
          language: user.language ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },
    activateUser: async (id) => {
      const result = await db
        .updateTable('users')
        .set({ status: 'active', email_confirmed_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'unconfirmed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    setPassword: async (id, passwordHash) => {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    linkGoogle: async (id, sub) => {
      await db.updateTable('users').set({ google_sub: sub }).where('id', '=', id).execute();
    },
    touchLogin: async (id) => {
      await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', id).execute();
    },
    liftExpiredBan: async (id) => {
      await db
        .updateTable('users')
        .set({
          status: sql`CASE WHEN email_confirmed_at IS NULL THEN 'unconfirmed' ELSE 'active' END`,
          ban_reason: null,
          banned_until: null,
          banned_at: null,
          banned_by: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'banned')
        .where('banned_until', '<=', sql<Date>`now()`)
        .execute();
    },
    getOrCreateSetting: async (key, create) => {
      await db
        .insertInto('site_settings')
        .values({ key, value: JSON.stringify(create()) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return row.value as string;
    },
    insertSession: async (s) => {
      await db
        .insertInto('sessions')
        .values({
          token_hash: s.tokenHash,
          user_id: s.userId,
          expires_at: s.expiresAt,
          ip: s.ip,
          user_agent: s.userAgent,
        })
        .execute();
    },
    findSession: async (tokenHash) => {
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? {
            userId: row.user_id,
            expiresAt: new Date(row.expires_at),
            lastSeenAt: new Date(row.last_seen_at),
          }
        : undefined;
    },
    findSessionUser: async (tokenHash) => {
      // Both by primary key, whatever the values: a named prepared statement on PostgreSQL (prepared.ts).
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin(users().as('u'), 'u.id', 's.user_id')
        .selectAll('u')
        .select(['s.expires_at', 's.last_seen_at'])
        .where('s.token_hash', '=', tokenHash)
        .modifyEnd(PREPARED)
        .executeTakeFirst();
      if (!row) return undefined;
      const { expires_at, last_seen_at, ...user } = row;
      return {
        expiresAt: new Date(expires_at),
        lastSeenAt: new Date(last_seen_at),
        user: user as UserRow,
      };
    },
    touchSession: async (tokenHash, seenAt, expiresAt) => {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: seenAt, expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    deleteSession: async (tokenHash) => {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },
    deleteSessionsOfUser: async (userId) => {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
    deleteExpiredSessions: async (now) => {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
