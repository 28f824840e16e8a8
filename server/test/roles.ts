// Who is asking, for permission tests: a guest (no cookie) and one confirmed account per role the app
// knows (contract/accounts.ts ROLES), each signed in, plus a second member so that "the owner" and
// "another member" can be told apart, and the objects each account owns (a private video, a report).
// The one place tests make accounts and sessions; before it, each test file had its own copy.
import type { Role } from '../../contract/accounts.ts';
import type { TestApp } from './app.ts';
import { insertVideo } from './fixtures.ts';

/** Everyone a permission table has a column for; `other` is a second member, owner of nothing asked about. */
export const ROLE_NAMES = ['guest', 'member', 'other', 'moderator', 'administrator'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export type SignedInRole = Exclude<RoleName, 'guest'>;

/** The role of each account: `other` is a member as well. */
const ROLE_OF: Record<SignedInRole, Role> = {
  member: 'member',
  other: 'member',
  moderator: 'moderator',
  administrator: 'administrator',
};

/** Accounts made here all have this password (long enough for the spec's rules). */
export const ROLE_PASSWORD = 'secret-pass1';

export interface SignedInUser {
  userId: number;
  username: string;
  email: string;
  password: string;
  role: Role;
  /** The session token (the `sid` cookie's value). */
  sid: string;
  /** The Cookie header of that session: `sid=…`. */
  cookie: string;
}

/**
 * A confirmed account (status active, with a password, so it can also sign in through /api/login.php)
 * and a session of it. `name` must be unique in the app's database.
 */
export async function createSignedInUser(
  t: TestApp,
  name: string,
  role: Role = 'member',
): Promise<SignedInUser> {
  const email = `${name}@example.com`;
  const user = await t.services.accounts.createUser({ username: name, email, password: ROLE_PASSWORD, role });
  const sid = await startSession(t, user.user_id);
  return {
    userId: user.user_id,
    username: name,
    email,
    password: ROLE_PASSWORD,
    role,
    sid,
    cookie: `sid=${sid}`,
  };
}

/** A new session of an existing account, as the login call would start it. */
export function startSession(t: TestApp, userId: number): Promise<string> {
  return t.services.accounts.startSession(userId, { ip: '127.0.0.1', userAgent: 'tests' });
}

/** What each account owns: enough to check "the owner may, another member may not". */
export interface OwnedObjects {
  /** A listed-status video marked private (content.md §6: members have private videos). */
  privateVideo: { id: number; dir: string };
  /** A report sent through the contact form while signed in. */
  reportId: number;
}

export interface RoleFixture {
  users: Record<SignedInRole, SignedInUser>;
  owned: Record<SignedInRole, OwnedObjects>;
  /** The request headers of `who`: nothing for a guest, the session cookie otherwise. */
  headers(who: RoleName): Record<string, string>;
  /**
   * The headers of a new session of `who`, for calls that end or replace the session they are sent
   * with (logout, login, the links that sign in): the shared session stays usable.
   */
  freshHeaders(who: RoleName): Promise<Record<string, string>>;
}

/**
 * Makes the accounts and their objects on `t`. `prefix` keeps usernames unique when a file calls it
 * more than once on one database.
 */
export async function createRoles(t: TestApp, prefix = 'role'): Promise<RoleFixture> {
  const names = ROLE_NAMES.filter((who): who is SignedInRole => who !== 'guest');
  const users = {} as Record<SignedInRole, SignedInUser>;
  const owned = {} as Record<SignedInRole, OwnedObjects>;
  for (const [i, who] of names.entries()) {
    const user = await createSignedInUser(t, `${prefix}_${who}`, ROLE_OF[who]);
    users[who] = user;
    owned[who] = await ownedObjects(t, user, i);
  }
  const headers = (who: RoleName): Record<string, string> =>
    who === 'guest' ? {} : { cookie: users[who].cookie };
  return {
    users,
    owned,
    headers,
    freshHeaders: async (who): Promise<Record<string, string>> =>
      who === 'guest' ? {} : { cookie: `sid=${await startSession(t, users[who].userId)}` },
  };
}

async function ownedObjects(t: TestApp, user: SignedInUser, index: number): Promise<OwnedObjects> {
  const db = t.database.handle.db;
  const video = await insertVideo(db, { title: `Private clip of ${user.username}`, isPrivate: true });
  await db.updateTable('videos').set({ user_id: user.userId }).where('id', '=', video.id).execute();
  const { report_id } = await t.services.reports.submit({
    fields: { email: user.email, message: `A report from ${user.username}` },
    file: null,
    // Each its own address: the form's per-address limit is not what a role fixture is about.
    ip: `192.0.2.${index + 1}`,
    user: {
      user_id: user.userId,
      username: user.username,
      avatar: null,
      role: user.role,
    },
    publicUrl: t.config.publicUrl,
  });
  return { privateVideo: { id: Number(video.id), dir: video.dir }, reportId: report_id };
}
