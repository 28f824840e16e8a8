// The member pages' permission suite (issue 14): every section of /members/{id}/ as a guest, the owner,
// a friend of the owner, another member and a moderator, with the exact HTTP status and, where refused,
// the spec's sentence; and the writes on a member's things (friend request, wall post, message, the
// profile call) as each of them. The acts' and reads' own codes are tested beside their routes
// (community.routes.test.ts, messages.routes.test.ts, profile.routes.test.ts); this file is the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createRoles, createSignedInUser, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
const FORBIDDEN_TEXT = 'You do not have permission to view.';

type Asker = 'guest' | 'owner' | 'friend' | 'other' | 'moderator';
const ASKERS: Asker[] = ['guest', 'owner', 'friend', 'other', 'moderator'];

/** Sections and who may read them: everyone, or the owner alone (watch later, history, edit). */
const SECTIONS: [string, 'public' | 'owner'][] = [
  ['', 'public'],
  ['info/', 'public'],
  ['uploaded_videos/1/', 'public'],
  ['favourite_videos/1/', 'public'],
  ['playlists/1/', 'public'],
  ['subscriptions/1/', 'public'],
  ['friends/1/', 'public'],
  ['wall/1/', 'public'],
  ['watch_later_videos/1/', 'owner'],
  ['history/1/', 'owner'],
  ['edit/', 'owner'],
];

describe.each(databaseKinds())('member pages and writes by asker on %s', (kind) => {
  let t: TestApp;
  let users: Record<Exclude<Asker, 'guest'>, SignedInUser>;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const roles = await createRoles(t, 'perm');
    const friend = await createSignedInUser(t, 'perm_friend');
    users = {
      owner: roles.users.member,
      friend,
      other: roles.users.other,
      moderator: roles.users.moderator,
    };
    // The friend asks, the owner accepts: friends through the acts, as in the browser.
    expect(
      (await write('friend', { act: 'friend', section: 'add', object_id: String(users.owner.userId) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await write('owner', { act: 'friend', section: 'accept', object_id: String(friend.userId) }))
        .statusCode,
    ).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  const headers = (who: Asker) => (who === 'guest' ? {} : { cookie: users[who].cookie });
  function write(who: Asker, form: Record<string, string>, url = '/api/input.php') {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers(who), origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: `10.77.${(++address >> 8) & 255}.${address & 255}`,
    });
  }

  const pageCases = SECTIONS.flatMap(([section, access]) =>
    ASKERS.map((who) => [section || '(profile)', who, access] as const),
  );
  it.each(pageCases)('/members/{owner}/%s as %s', async (section, who, access) => {
    const path = section === '(profile)' ? '' : section;
    const response = await t.app.inject({
      url: `/members/${users.owner.userId}/${path}`,
      headers: headers(who),
    });
    const allowed = access === 'public' || who === 'owner';
    expect(response.statusCode, `${section} as ${who}`).toBe(allowed ? 200 : 403);
    if (!allowed) {
      expect(response.body).toContain(FORBIDDEN_TEXT);
      expect(response.body).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it.each(ASKERS)('an unknown member is the 404 page for %s', async (who) => {
    const response = await t.app.inject({ url: '/members/987654321/friends/1/', headers: headers(who) });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Content not found!');
  });

  // What each asker gets when writing on the owner's things.
  const WALL: Record<Asker, [number, string?]> = {
    guest: [401, 'login_required'],
    owner: [200],
    friend: [200],
    other: [403, 'forbidden'],
    moderator: [403, 'forbidden'],
  };
  it.each(ASKERS)("a post on the owner's wall by %s", async (who) => {
    const response = await write(who, {
      act: 'wall',
      section: 'add',
      object_id: String(users.owner.userId),
      msg: `A line from the ${who}`,
    });
    const [status, code] = WALL[who];
    expect(response.statusCode, response.body).toBe(status);
    if (code) expect(response.json().code).toBe(code);
  });

  const MESSAGE: Record<Asker, [number, string?]> = {
    guest: [401, 'login_required'],
    owner: [400, 'cannot_message_yourself'],
    friend: [200],
    other: [200],
    moderator: [200],
  };
  it.each(ASKERS)('a message to the owner from %s', async (who) => {
    const response = await write(
      who,
      { act: 'send', to_user_id: String(users.owner.userId), message: `Hello from the ${who}` },
      '/api/messages.php',
    );
    const [status, code] = MESSAGE[who];
    expect(response.statusCode, response.body).toBe(status);
    if (code) expect(response.json().code).toBe(code);
  });

  const FRIEND: Record<Asker, [number, string?]> = {
    guest: [401, 'login_required'],
    owner: [400, 'cannot_friend_yourself'],
    friend: [409, 'already_friends'],
    other: [200],
    moderator: [200],
  };
  it.each(ASKERS)('a friend request to the owner from %s', async (who) => {
    const response = await write(who, {
      act: 'friend',
      section: 'add',
      object_id: String(users.owner.userId),
    });
    const [status, code] = FRIEND[who];
    expect(response.statusCode, response.body).toBe(status);
    if (code) expect(response.json().code).toBe(code);
  });

  // The profile call names no member: whoever calls changes their own profile, and a guest nothing.
  it.each(ASKERS)('the profile call as %s changes only their own profile', async (who) => {
    const about = `About the ${who}`;
    const response = await write(
      who,
      { section: 'profile', about_me: about, user_id: String(users.owner.userId) },
      '/api/member.php',
    );
    if (who === 'guest') {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('login_required');
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const db = t.database.handle.db;
    const mine = await db
      .selectFrom('users')
      .select('about_me')
      .where('id', '=', users[who].userId)
      .executeTakeFirstOrThrow();
    expect(mine.about_me).toBe(about);
    if (who !== 'owner') {
      const owner = await db
        .selectFrom('users')
        .select('about_me')
        .where('id', '=', users.owner.userId)
        .executeTakeFirstOrThrow();
      expect(owner.about_me).not.toBe(about);
    }
  });
});
