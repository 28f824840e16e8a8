// The member acts over HTTP (issue 13): POST /api/input.php for every act (guest, member, owner, other
// member, moderator, with the exact codes), the comment limits at their edges with parallel requests,
// the Origin check, and the comments read call (cached for guests, no-store for members). Every answer
// is also checked against the route's declared responses (CHECK_RESPONSES is on in tests).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, commentsPath } from '../../contract/acts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertCategories, insertVideo } from '../test/fixtures.ts';
import { createRoles, createSignedInUser, type RoleFixture, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
type Form = Record<string, string>;
type Asker = 'guest' | 'member' | 'other' | 'moderator' | SignedInUser;

describe.each(databaseKinds())('member acts over HTTP on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let categoryId: number;
  let modelId: number;
  let channelId: number;
  let serial = 0;
  // Each call from its own address unless told: the per-address comment limit is tested on its own.
  let address = 0;
  const nextAddress = () => `10.13.${(++address >> 8) & 255}.${address & 255}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'acts');
    const db = t.database.handle.db;
    categoryId = (await insertCategories(db, ['acts-outdoor'])).get('acts-outdoor') as number;
    modelId = Number(
      (
        await db
          .insertInto('models')
          .values({ dir: 'acts-model', title: 'Acts Model' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    channelId = Number(
      (
        await db
          .insertInto('channels')
          .values({ dir: 'acts-channel', title: 'Acts Channel' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }, 120_000);
  afterAll(() => t?.close());

  const video = async (options: { isPrivate?: boolean } = {}) =>
    Number((await insertVideo(t.database.handle.db, { title: `Act clip ${++serial}`, ...options })).id);

  const cookieOf = (who: Asker): Record<string, string> =>
    typeof who === 'string' ? roles.headers(who) : { cookie: who.cookie };

  function act(who: Asker, form: Form, options: { origin?: string; remoteAddress?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: {
        ...cookieOf(who),
        origin: options.origin ?? ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });
  }

  const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;
  function expectRefused(response: LightMyRequestResponse, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(json(response).code, response.body).toBe(code);
  }
  async function expectOk(call: Promise<LightMyRequestResponse>) {
    const response = await call;
    expect(response.statusCode, response.body).toBe(200);
    return json(response);
  }

  const playlistForm = (extra: Form = {}): Form => ({
    act: 'playlist',
    section: 'new',
    title: `Evening list ${++serial}`,
    desc: 'Quiet clips for the evening',
    categories: String(categoryId),
    ...extra,
  });
  const newPlaylist = async (who: Asker, extra: Form = {}) =>
    Number((await expectOk(act(who, playlistForm(extra)))).playlist_id);
  const commentForm = (videoId: number, msg = 'A fine clip, thanks'): Form => ({
    act: 'comm',
    section: 'video',
    object_id: String(videoId),
    msg,
  });

  describe('guests', () => {
    // Every member act, with a valid form: a guest is refused before anything else is looked at.
    const forms: [string, Form][] = [
      ['favourite add', { act: 'favourite', section: 'add', video_id: '1' }],
      ['favourite rem', { act: 'favourite', section: 'rem', video_id: '1' }],
      ['watch_later add', { act: 'watch_later', section: 'add', video_id: '1' }],
      ['watch_later rem', { act: 'watch_later', section: 'rem', video_id: '1' }],
      ['playlist new', { act: 'playlist', section: 'new', title: 'abc', desc: 'abcdef', categories: '1' }],
      ['playlist upd', { act: 'playlist', section: 'upd', object_id: '1', title: 'abc', desc: 'abcdef' }],
      ['playlist add', { act: 'playlist', section: 'add', object_id: '1', video_id: '1' }],
      ['playlist del', { act: 'playlist', section: 'del', object_id: '1' }],
      ['playlist rem', { act: 'playlist', section: 'rem', object_id: '1', video_id: '1' }],
      ['vote', { act: 'vote', section: 'video', vote: '1', object_id: '1' }],
      ['subscribe', { act: 'subscribe', section: 'model', object_id: '1' }],
      ['unsubscribe', { act: 'unsubscribe', section: 'model', object_id: '1' }],
      ['comm video', { act: 'comm', section: 'video', object_id: '1', msg: 'Nice one here' }],
      ['comm del', { act: 'comm', section: 'del', object_id: '1' }],
      ['add_tag', { act: 'add_tag', section: 'video', object_id: '1', tag: 'sunset' }],
      ['a bad form', { act: 'comm', section: 'nope' }],
    ];
    it.each(forms)('%s → 401 login_required', async (_name, form) => {
      const response = await act('guest', form);
      expectRefused(response, 401, 'login_required');
      expect(json(response).codes).toEqual([{ field: 'notify', code: 'login_required' }]);
    });

    it('still count views, and an unknown act is unknown_act', async () => {
      const id = await video();
      const view = await act('guest', { act: 'view', section: 'video', object_id: String(id) });
      expect(view.statusCode, view.body).toBe(200);
      expect(json(view)).toMatchObject({ ok: true });
      expectRefused(await act('guest', { act: 'teleport' }), 400, 'unknown_act');
    });
  });

  describe('favourites and watch later', () => {
    it.each([
      ['favourite', 'favourite_already_added'],
      ['watch_later', 'watch_later_already_added'],
    ] as const)('%s: add, repeat (409 %s), on the list at once, rem', async (list, already) => {
      const id = await video();
      const form = (section: string) => ({ act: list, section, video_id: String(id) });
      expect(await expectOk(act('member', form('add')))).toEqual({ ok: true });
      const again = await act('member', form('add'));
      expectRefused(again, 409, already);
      expect(json(again).codes).toEqual([{ field: 'notify', code: already }]);
      const member = { user_id: roles.users.member.userId, role: 'member' };
      const listed = await t.services.acts.lists.page(member, list, member.user_id, 1, 60);
      expect(listed.videos.map((v) => v.video_id)).toContain(id);
      expect(await expectOk(act('member', form('rem')))).toEqual({ ok: true });
      expect(await expectOk(act('member', form('rem')))).toEqual({ ok: true });
      expectRefused(await act('member', { ...form('add'), video_id: '999999' }), 404, 'video_not_found');
    });
  });

  describe('playlists', () => {
    it('a member creates, edits, fills, empties and deletes their playlist', async () => {
      const id = await newPlaylist('member', { visible: '0', orientation: 'gay' });
      expect(id).toBeGreaterThan(0);
      const videoId = await video();
      const upd = await expectOk(
        act('member', {
          act: 'playlist',
          section: 'upd',
          object_id: String(id),
          title: 'Renamed list',
          desc: 'Still quiet clips',
        }),
      );
      expect(upd).toEqual({ ok: true, playlist_id: id });
      const add = { act: 'playlist', section: 'add', object_id: String(id), video_id: String(videoId) };
      expect(await expectOk(act('member', add))).toEqual({ ok: true });
      expectRefused(await act('member', add), 409, 'playlist_already_added');
      expect(await expectOk(act('member', { ...add, section: 'rem' }))).toEqual({ ok: true });
      const del = { act: 'playlist', section: 'del', object_id: String(id) };
      expect(await expectOk(act('member', del))).toEqual({ ok: true });
      expectRefused(await act('member', del), 404, 'playlist_not_found');
    });

    it('refuses bad forms with the field and its code', async () => {
      const bad = async (form: Form, code: string, field: string) => {
        const response = await act('member', form);
        expectRefused(response, 400, code);
        expect(json(response).codes).toEqual([{ field, code }]);
      };
      await bad(playlistForm({ title: 'ab' }), 'min_length', 'title');
      await bad(playlistForm({ desc: 'x'.repeat(501) }), 'max_length', 'desc');
      await bad(playlistForm({ categories: '' }), 'categories_count', 'categories');
      await bad(playlistForm({ visible: '2' }), 'invalid_visible', 'visible');
      expectRefused(await act('member', playlistForm({ categories: '999999' })), 400, 'invalid_categories');
    });

    // Someone else's public playlist: 403 forbidden, staff included; a private one: 404 for anyone else.
    const ownerCases: [string, (playlist: number, videoId: number) => Form][] = [
      [
        'upd',
        (p) => ({ act: 'playlist', section: 'upd', object_id: String(p), title: 'Taken', desc: 'Not mine' }),
      ],
      ['add', (p, v) => ({ act: 'playlist', section: 'add', object_id: String(p), video_id: String(v) })],
      ['rem', (p, v) => ({ act: 'playlist', section: 'rem', object_id: String(p), video_id: String(v) })],
      ['del', (p) => ({ act: 'playlist', section: 'del', object_id: String(p) })],
    ];
    it.each(ownerCases)('%s: owner 200, other member and moderator 403, private 404', async (_s, form) => {
      const videoId = await video();
      const playlist = await newPlaylist('member');
      const secret = await newPlaylist('member', { visible: '0' });
      expectRefused(await act('other', form(playlist, videoId)), 403, 'forbidden');
      expectRefused(await act('moderator', form(playlist, videoId)), 403, 'forbidden');
      expectRefused(await act('other', form(secret, videoId)), 404, 'playlist_not_found');
      expectRefused(await act('moderator', form(secret, videoId)), 404, 'playlist_not_found');
      const mine = await act('member', form(playlist, videoId));
      expect(mine.statusCode, mine.body).toBe(200);
    });
  });

  describe('votes', () => {
    it('once per member, the counters after the flush', async () => {
      const id = await video();
      const vote = (who: Asker, value: string) =>
        act(who, { act: 'vote', section: 'video', vote: value, object_id: String(id) });
      expect(await expectOk(vote('member', '1'))).toEqual({ ok: true });
      expect(await expectOk(vote('other', '-1'))).toEqual({ ok: true });
      expect(await expectOk(vote('moderator', '1'))).toEqual({ ok: true });
      expectRefused(await vote('member', '-1'), 409, 'already_voted');
      expectRefused(await vote('member', '1'), 409, 'already_voted');
      await t.services.acts.flushCounters();
      const row = await t.database.handle.db
        .selectFrom('videos')
        .select(['likes', 'dislikes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect({ likes: Number(row.likes), dislikes: Number(row.dislikes) }).toEqual({ likes: 2, dislikes: 1 });
      expectRefused(
        await act('member', { act: 'vote', section: 'video', vote: '1', object_id: '999999' }),
        404,
        'video_not_found',
      );
      const secret = await video({ isPrivate: true });
      expectRefused(
        await act('other', { act: 'vote', section: 'video', vote: '1', object_id: String(secret) }),
        404,
        'video_not_found',
      );
    });
  });

  describe('subscriptions', () => {
    it('model, channel and member; twice 409; not yourself; unsubscribe', async () => {
      const sub = (section: string, objectId: number, a = 'subscribe') =>
        act('member', { act: a, section, object_id: String(objectId) });
      expect(await expectOk(sub('model', modelId))).toEqual({ ok: true });
      expectRefused(await sub('model', modelId), 409, 'already_subscribed');
      expect(await expectOk(sub('channel', channelId))).toEqual({ ok: true });
      expect(await expectOk(sub('member', roles.users.other.userId))).toEqual({ ok: true });
      expectRefused(await sub('member', roles.users.member.userId), 400, 'cannot_subscribe_yourself');
      expectRefused(await sub('model', 999999), 404, 'model_not_found');
      expectRefused(await sub('channel', 999999), 404, 'channel_not_found');
      expectRefused(await sub('member', 999999), 404, 'member_not_found');
      expect(await expectOk(sub('model', modelId, 'unsubscribe'))).toEqual({ ok: true });
      expect(await expectOk(sub('model', modelId, 'unsubscribe'))).toEqual({ ok: true });
      await t.services.acts.flushCounters();
      const state = await t.services.acts.subscriptions.state(null, 'channel', channelId);
      expect(state.subscribers).toBe(1);
    });
  });

  describe('tag suggestions', () => {
    it('joins the tags once three distinct members suggested it', async () => {
      const id = await video();
      const suggest = (who: Asker, tag = 'Golden Hour') =>
        act(who, { act: 'add_tag', section: 'video', object_id: String(id), tag });
      expect(await expectOk(suggest('member'))).toEqual({ ok: true, accepted: false });
      expect(await expectOk(suggest('member'))).toEqual({ ok: true, accepted: false });
      expect(await expectOk(suggest('other', 'golden  hour'))).toEqual({ ok: true, accepted: false });
      expect(await expectOk(suggest('moderator'))).toEqual({ ok: true, accepted: true });
      expectRefused(await suggest('member', 'x'.repeat(70)), 400, 'max_length');
      expectRefused(
        await act('member', { act: 'add_tag', section: 'video', object_id: '999999', tag: 'dusk' }),
        404,
        'video_not_found',
      );
    });
  });

  describe('comments', () => {
    it('a member comments: the comment back, text without markup, the count after the flush', async () => {
      const id = await video();
      const answer = await expectOk(act('member', commentForm(id, 'Lovely <b>light</b> here')));
      expect(answer).toEqual({
        ok: true,
        comment_id: expect.any(Number),
        comment: {
          comment_id: answer.comment_id,
          user_id: roles.users.member.userId,
          username: roles.users.member.username,
          added_date: expect.any(String),
          comment: 'Lovely light here',
        },
      });
      await t.services.acts.flushCounters();
      const row = await t.database.handle.db
        .selectFrom('videos')
        .select('comments_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.comments_count)).toBe(1);
      const short = await act('member', commentForm(id, 'abcd'));
      expectRefused(short, 400, 'min_length');
      expect(json(short).codes).toEqual([{ field: 'msg', code: 'min_length' }]);
      expectRefused(await act('member', commentForm(id, '')), 400, 'required');
      expectRefused(await act('member', commentForm(999999)), 404, 'video_not_found');
    });

    it('the author and staff delete a comment; another member gets 403', async () => {
      const id = await video();
      const post = async () => Number((await expectOk(act('member', commentForm(id)))).comment_id);
      const del = (who: Asker, commentId: number) =>
        act(who, { act: 'comm', section: 'del', object_id: String(commentId) });
      const first = await post();
      expectRefused(await del('other', first), 403, 'forbidden');
      expect(await expectOk(del('member', first))).toEqual({ ok: true });
      expectRefused(await del('member', first), 404, 'comment_not_found');
      const second = await post();
      expect(await expectOk(del('moderator', second))).toEqual({ ok: true });
    });

    it(`one comment over ${COMMENT_LIMITS.perMember} from a member, in parallel, is 429 too_many_comments`, async () => {
      const id = await video();
      const author = await createSignedInUser(t, `acts_limit_${++serial}`);
      const answers = await Promise.all(
        Array.from({ length: COMMENT_LIMITS.perMember + 1 }, (_, i) =>
          act(author, commentForm(id, `Parallel comment ${i}`)),
        ),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(COMMENT_LIMITS.perMember).fill(200), 429]);
      const refusal = answers.find((r) => r.statusCode === 429) as LightMyRequestResponse;
      expect(json(refusal)).toMatchObject({
        code: 'too_many_comments',
        codes: [{ field: 'msg', code: 'too_many_comments' }],
        info: { count: COMMENT_LIMITS.perMember, minutes: COMMENT_LIMITS.windowSeconds / 60 },
      });
      // Another member is not held back by this one's limit.
      expect((await act('other', commentForm(id))).statusCode).toBe(200);
    });

    it(`one comment over ${COMMENT_LIMITS.perIp} from one address, in parallel, is 429`, async () => {
      const id = await video();
      const authors = await Promise.all(
        Array.from({ length: COMMENT_LIMITS.perIp + 1 }, () => createSignedInUser(t, `acts_ip_${++serial}`)),
      );
      const remoteAddress = '198.51.100.13';
      const answers = await Promise.all(
        authors.map((author, i) => act(author, commentForm(id, `From one address ${i}`), { remoteAddress })),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(COMMENT_LIMITS.perIp).fill(200), 429]);
      const refusal = answers.find((r) => r.statusCode === 429) as LightMyRequestResponse;
      expect(json(refusal)).toMatchObject({
        code: 'too_many_comments',
        info: { count: COMMENT_LIMITS.perIp },
      });
      // The same members from another address still may.
      const elsewhere = await act(authors[0] as SignedInUser, commentForm(id), {
        remoteAddress: '198.51.100.14',
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });
  });

  it('refuses a member act from a foreign Origin: 403 bad_origin', async () => {
    const id = await video();
    const response = await act('member', commentForm(id), { origin: 'https://evil.example' });
    expectRefused(response, 403, 'bad_origin');
    const listed = await t.services.acts.comments.list(null, id, 1, 10);
    expect(listed.total_count).toBe(0);
  });

  describe('the comments read call', () => {
    const read = (who: Asker, url: string) =>
      t.app.inject({ method: 'GET', url, headers: cookieOf(who), remoteAddress: nextAddress() });

    it('guests: cached an hour; members: no-store, a new comment at once; newest first with the count', async () => {
      const id = await video();
      const authors: Asker[] = ['member', 'other', 'moderator'];
      for (const [i, who] of authors.entries())
        await expectOk(act(who, commentForm(id, `Comment number ${i}`)));

      const guest = await read('guest', commentsPath(id, 1, false));
      expect(guest.statusCode, guest.body).toBe(200);
      expect(guest.headers['cache-control']).toBe('public, max-age=3600');
      const body = json(guest) as { comments: { comment: string }[]; total_count: number };
      expect(body.total_count).toBe(3);
      expect(body.comments.map((c) => c.comment)).toEqual([
        'Comment number 2',
        'Comment number 1',
        'Comment number 0',
      ]);

      await expectOk(act('other', commentForm(id, 'The newest one')));
      const member = await read('member', commentsPath(id, 1, true));
      expect(member.statusCode, member.body).toBe(200);
      expect(member.headers['cache-control']).toBe('no-store');
      const fresh = json(member) as typeof body;
      expect(fresh.total_count).toBe(4);
      expect(fresh.comments[0]?.comment).toBe('The newest one');

      // The guests' answer is the cached one until its hour is up.
      const cached = await read('guest', commentsPath(id, 1, false));
      expect(cached.headers['cache-control']).toBe('public, max-age=3600');
      expect((json(cached) as typeof body).total_count).toBe(3);
    });

    it('pages by count; a private video only for its uploader and staff', async () => {
      const id = await video();
      for (let i = 0; i < 3; i++) await expectOk(act('moderator', commentForm(id, `Paged comment ${i}`)));
      const second = json(await read('guest', commentsPath(id, 2, false, 2))) as {
        comments: { comment: string }[];
        total_count: number;
      };
      expect(second).toMatchObject({ total_count: 3, comments: [{ comment: 'Paged comment 0' }] });

      const secret = roles.owned.member.privateVideo.id;
      expectRefused(await read('guest', commentsPath(secret, 1, false)), 404, 'video_not_found');
      expectRefused(await read('other', commentsPath(secret, 1, true)), 404, 'video_not_found');
      const own = await read('member', commentsPath(secret, 1, true));
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      // Asked with the guests' lifetime, the uploader still gets their own view, never cached.
      const ownCached = await read('member', commentsPath(secret, 1, false));
      expect(ownCached.statusCode, ownCached.body).toBe(200);
      expect(ownCached.headers['cache-control']).toBe('no-store');
    });
  });
});
