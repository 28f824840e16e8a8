// Friends and the wall, server-rendered (needs `npm run build`): the friend button in the header for each
// relation (guest, stranger, requester, the one asked, friend; none on one's own page), the friends
// section with the owner's requests, the wall's post box for the owner and friends only (others are
// told why), Delete for the author, the owner and staff, text escaped, the empty message, and 404 above
// the last page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/app.ts';
import { databaseKinds } from '../../../server/test/db.ts';
import { createSignedInUser, type SignedInUser } from '../../../server/test/roles.ts';

describe.each(databaseKinds())('friends and wall pages on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let friend: SignedInUser;
  let asker: SignedInUser;
  let stranger: SignedInUser;
  let moderator: SignedInUser;
  let ownPost = 0;
  let friendPost = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUser(t, 'ms_owner');
    friend = await createSignedInUser(t, 'ms_friend');
    asker = await createSignedInUser(t, 'ms_asker');
    stranger = await createSignedInUser(t, 'ms_stranger');
    moderator = await createSignedInUser(t, 'ms_moderator', 'moderator');
    const { friends, wall } = t.services.social;
    const actor = (u: SignedInUser) => ({ user_id: u.userId, role: u.role });
    await friends.perform(actor(friend), {
      act: 'friend',
      section: 'add',
      object_id: owner.userId,
      message: '',
    });
    await friends.perform(actor(owner), { act: 'friend', section: 'accept', object_id: friend.userId });
    await friends.perform(actor(asker), {
      act: 'friend',
      section: 'add',
      object_id: owner.userId,
      message: 'We met at the <b>beach</b> cleanup',
    });
    ownPost = (await wall.add(actor(owner), owner.userId, 'Welcome to my wall', { ip: '192.0.2.1' })).post_id;
    friendPost = (await wall.add(actor(friend), owner.userId, 'Hello neighbour', { ip: '192.0.2.2' }))
      .post_id;
    // Stored text is plain already; markup that got in anyway is shown as text.
    await t.database.handle.db
      .insertInto('wall_posts')
      .values({
        user_id: owner.userId,
        author_id: friend.userId,
        message: 'Look <img src=x onerror=alert(1)>',
      })
      .execute();
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string, who?: SignedInUser) => {
    const r = await t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
    return { status: r.statusCode, html: r.body };
  };
  const friendState = (html: string) => /data-friend-state="([^"]+)"/.exec(html)?.[1] ?? null;
  const cardIds = (html: string) => [...html.matchAll(/data-card-id="([^"]+)"/g)].map((m) => m[1]);
  const count = (html: string, text: string) => html.split(text).length - 1;
  const base = () => `/members/${owner.userId}`;

  it('shows the friend button for each relation, and none on one’s own page', async () => {
    expect(friendState((await get(`${base()}/`)).html)).toBe('none');
    expect(friendState((await get(`${base()}/`, stranger)).html)).toBe('none');
    expect(friendState((await get(`${base()}/`, friend)).html)).toBe('friends');
    expect(friendState((await get(`${base()}/`, asker)).html)).toBe('requested');
    expect(friendState((await get(`/members/${asker.userId}/`, owner)).html)).toBe('incoming');
    expect(friendState((await get(`${base()}/`, owner)).html)).toBeNull();
    const guest = await get(`${base()}/`);
    expect(guest.html).toContain('data-action="friend-add"');
    expect(guest.html).toContain('>Add friend<');
    const incoming = await get(`/members/${asker.userId}/`, owner);
    expect(incoming.html).toContain('data-action="friend-accept"');
    expect(incoming.html).toContain('data-action="friend-decline"');
  });

  it('lists friends for everyone; the owner also sees the requests with Accept and Decline', async () => {
    for (const who of [undefined, stranger, friend]) {
      const page = await get(`${base()}/friends/1/`, who);
      expect(page.status).toBe(200);
      expect(page.html).toContain('data-member-section="friends"');
      expect(cardIds(page.html)).toEqual([String(friend.userId)]);
      expect(page.html).not.toContain('data-friend-requests');
    }
    const own = await get(`${base()}/friends/1/`, owner);
    expect(own.html).toContain('data-friend-requests="incoming"');
    expect(cardIds(own.html)).toEqual([String(asker.userId), String(friend.userId)]);
    expect(own.html).toContain('We met at the &lt;b&gt;beach&lt;/b&gt; cleanup');
    expect(own.html).toContain('data-action="friend-accept"');
    const sent = await get(`/members/${asker.userId}/friends/1/`, asker);
    expect(sent.html).toContain('data-friend-requests="outgoing"');
    expect(sent.html).toContain('Cancel request');
    expect(sent.html).toContain('There is no data in this list.');
    expect((await get(`${base()}/friends/2/`)).status).toBe(404);
  });

  it('gives the wall’s post box to the owner and friends, and says why to others', async () => {
    for (const who of [owner, friend]) {
      const page = await get(`${base()}/wall/1/`, who);
      expect(page.status).toBe(200);
      expect(page.html).toContain('data-wall-form');
    }
    const guest = await get(`${base()}/wall/1/`);
    expect(guest.html).not.toContain('data-wall-form');
    expect(guest.html).toContain('data-wall-refusal="login_required"');
    for (const who of [stranger, moderator]) {
      const page = await get(`${base()}/wall/1/`, who);
      expect(page.html).not.toContain('data-wall-form');
      expect(page.html).toContain('data-wall-refusal="friends_only"');
      expect(page.html).toContain('Only ms_owner and their friends can write on this wall.');
    }
  });

  it('lists the posts newest first, escaped, with Delete for the author, owner and staff', async () => {
    const page = await get(`${base()}/wall/1/`, stranger);
    const ids = [...page.html.matchAll(/data-post-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.slice(1)).toEqual([friendPost, ownPost]);
    expect(page.html).toContain('Look &lt;img src=x onerror=alert(1)&gt;');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain(`href="/members/${friend.userId}/"`);
    expect(count(page.html, 'data-action="wall-delete"')).toBe(0);
    expect(count((await get(`${base()}/wall/1/`, friend)).html, 'data-action="wall-delete"')).toBe(2);
    expect(count((await get(`${base()}/wall/1/`, owner)).html, 'data-action="wall-delete"')).toBe(3);
    expect(count((await get(`${base()}/wall/1/`, moderator)).html, 'data-action="wall-delete"')).toBe(3);
    const empty = await get(`/members/${stranger.userId}/wall/1/`);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('There is no data in this list.');
    expect((await get(`${base()}/wall/2/`)).status).toBe(404);
    expect((await get('/members/987654321/wall/1/')).status).toBe(404);
  });
});
