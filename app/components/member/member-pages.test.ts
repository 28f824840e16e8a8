// Member pages, server-rendered (needs `npm run build`): the profile frame and sections as the owner,
// another member and a guest — favourites for everyone, watch later and history for the owner only
// (403 'You do not have permission to view.', noindex, for anyone else), the owner's private playlists
// marked with Edit and Delete, subscriptions' cards, 404 for an unknown member and above the last page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/app.ts';
import { databaseKinds } from '../../../server/test/db.ts';
import { insertVideo } from '../../../server/test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../../server/test/roles.ts';

describe.each(databaseKinds())('member pages on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  const clips: number[] = [];
  let publicPlaylist = 0;
  let privatePlaylist = 0;
  let modelId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    owner = await createSignedInUser(t, 'mpage_owner');
    other = await createSignedInUser(t, 'mpage_other');
    await db
      .updateTable('users')
      .set({ about_me: 'I like <script>alert(1)</script> beaches', gender: 1, relationship: 3 })
      .where('id', '=', owner.userId)
      .execute();
    const actor = { user_id: owner.userId, role: 'member' };
    const { acts } = t.services;
    // 21 favourites: two pages of 20.
    for (let i = 0; i < 21; i++) {
      const clip = await insertVideo(db, { title: `Member Page Clip ${i}`, daysAgo: i });
      clips.push(Number(clip.id));
      await acts.lists.add(actor, 'favourite', Number(clip.id));
    }
    await acts.lists.add(actor, 'watch_later', clips[0] as number);
    await db
      .insertInto('history')
      .values({ user_id: owner.userId, video_id: clips[1] as number })
      .execute();
    publicPlaylist = (
      await acts.playlists.create(actor, {
        title: 'Open Beach Mix',
        desc: 'For everyone',
        visible: '1',
        orientation: 'str',
        categories: [],
      })
    ).playlist_id;
    privatePlaylist = (
      await acts.playlists.create(actor, {
        title: 'Hidden Beach Mix',
        desc: 'For me only',
        visible: '0',
        orientation: 'str',
        categories: [],
      })
    ).playlist_id;
    modelId = Number(
      (
        await db
          .insertInto('models')
          .values({ dir: 'mpage-model', title: 'Mpage Model' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await acts.subscriptions.subscribe(actor, 'model', modelId);
    await acts.subscriptions.subscribe(actor, 'member', other.userId);
    await acts.flushCounters();
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string, who?: SignedInUser) => {
    const r = await t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
    return { status: r.statusCode, html: r.body };
  };
  const cardIds = (html: string) => [...html.matchAll(/data-card-id="([^"]+)"/g)].map((m) => m[1]);
  const section = (html: string) => /data-member-section="([^"]+)"/.exec(html)?.[1];
  const base = () => `/members/${owner.userId}`;
  const NOINDEX = /<meta name="robots" content="noindex, follow"/;
  const FORBIDDEN = 'You do not have permission to view.';

  it('renders the profile with the counts and tabs, the about text escaped', async () => {
    const { status, html } = await get(`${base()}/`);
    expect(status).toBe(200);
    expect(section(html)).toBe('profile');
    expect(html).toMatch(/<h1[^>]*>mpage_owner<\/h1>/);
    expect(html).toContain('I like &lt;script&gt;alert(1)&lt;/script&gt; beaches');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(`href="${base()}/favourite_videos/1/"`);
    // The owner's private sections are not offered to others.
    expect(html).not.toContain(`href="${base()}/watch_later_videos/1/"`);
    expect(html).toContain('"@type":"ProfilePage"');
    const own = await get(`${base()}/`, owner);
    expect(own.html).toContain(`href="${base()}/watch_later_videos/1/"`);
    expect(own.html).toContain(`href="${base()}/history/1/"`);
  });

  it('shows favourites to everyone, 20 a page; a page above the last is 404', async () => {
    for (const who of [undefined, other, owner]) {
      const first = await get(`${base()}/favourite_videos/1/`, who);
      expect(first.status).toBe(200);
      expect(section(first.html)).toBe('favourite_videos');
      expect(cardIds(first.html)).toEqual([...clips].reverse().slice(0, 20).map(String));
      const second = await get(`${base()}/favourite_videos/2/`, who);
      expect(cardIds(second.html)).toEqual([String(clips[0])]);
      expect(second.html).toMatch(NOINDEX);
      expect((await get(`${base()}/favourite_videos/3/`, who)).status).toBe(404);
    }
  });

  it('keeps watch later and history to the owner: 403, noindex, for anyone else', async () => {
    const later = await get(`${base()}/watch_later_videos/1/`, owner);
    expect(later.status).toBe(200);
    expect(cardIds(later.html)).toEqual([String(clips[0])]);
    expect(later.html).toMatch(NOINDEX);
    const history = await get(`${base()}/history/1/`, owner);
    expect(cardIds(history.html)).toEqual([String(clips[1])]);
    for (const path of ['watch_later_videos/1/', 'history/1/']) {
      for (const who of [undefined, other]) {
        const refused = await get(`${base()}/${path}`, who);
        expect(refused.status, `${path} as ${who?.username ?? 'guest'}`).toBe(403);
        expect(refused.html).toContain(FORBIDDEN);
        expect(refused.html).toMatch(NOINDEX);
        expect(cardIds(refused.html)).toEqual([]);
      }
    }
  });

  it('says the lists are empty on page 1, in the spec’s words', async () => {
    const history = await get(`/members/${other.userId}/history/1/`, other);
    expect(history.status).toBe(200);
    expect(history.html).toContain('Your viewing history is empty.');
    const favourites = await get(`/members/${other.userId}/favourite_videos/1/`);
    expect(favourites.status).toBe(200);
    expect(favourites.html).toContain('There is no data in this list.');
    expect((await get(`/members/${other.userId}/favourite_videos/2/`)).status).toBe(404);
  });

  it("marks the owner's private playlists and gives the owner Edit and Delete", async () => {
    const own = await get(`${base()}/playlists/1/`, owner);
    expect(own.status).toBe(200);
    expect(cardIds(own.html).sort()).toEqual([String(publicPlaylist), String(privatePlaylist)].sort());
    expect(own.html).toContain(`href="/playlist/${privatePlaylist}/"`);
    expect(own.html).toContain('data-private="1"');
    expect(own.html).toContain('data-action="playlist-edit"');
    expect(own.html).toContain('data-action="playlist-delete"');
    for (const who of [undefined, other]) {
      const page = await get(`${base()}/playlists/1/`, who);
      expect(cardIds(page.html)).toEqual([String(publicPlaylist)]);
      expect(page.html).not.toContain('Hidden Beach Mix');
      expect(page.html).not.toContain('data-action="playlist-edit"');
    }
  });

  it('lists subscriptions as cards of models and members', async () => {
    const { status, html } = await get(`${base()}/subscriptions/1/`, other);
    expect(status).toBe(200);
    expect(cardIds(html)).toEqual([`member-${other.userId}`, `model-${modelId}`]);
    expect(html).toContain('href="/pornstar/mpage-model/"');
    expect(html).toContain(`href="/members/${other.userId}/"`);
  });

  it("lists uploads in the listings' video card, under a heading that names the member", async () => {
    const db = t.database.handle.db;
    const listed = await insertVideo(db, {
      title: 'Mpage Upload Listed',
      views: 4321,
      likes: 3,
      dislikes: 1,
    });
    const waiting = await insertVideo(db, { title: 'Mpage Upload Waiting', status: 3 });
    await db
      .updateTable('videos')
      .set({ user_id: owner.userId })
      .where('id', 'in', [listed.id, waiting.id])
      .execute();
    const url = `${base()}/uploaded_videos/1/`;
    for (const who of [undefined, other]) {
      const { status, html } = await get(url, who);
      expect(status).toBe(200);
      expect(section(html)).toBe('uploaded_videos');
      expect(html).toContain('<h2 class="member-section__title">Videos uploaded by mpage_owner</h2>');
      expect(html).toContain('<title>Videos uploaded by mpage_owner - TestTube</title>');
      expect(cardIds(html)).toEqual([String(listed.id)]);
      // The card of the listings (video-card.tsx): a link to the video, its views and rating.
      expect(html).toContain(`<article class="card"><a href="/video/${listed.id}/${listed.dir}/">`);
      expect(html).toMatch(/class="card__meta">[\s\S]*?>4K<[\s\S]*?>75(<!-- -->)?%/);
      expect(html).not.toContain('Mpage Upload Waiting');
      expect(html).not.toContain('upload-badge');
    }
    // The owner sees the upload that waits too, with its status and no link (it has no page yet).
    const own = await get(url, owner);
    expect(cardIds(own.html)).toEqual([String(waiting.id), String(listed.id)]);
    expect(own.html).toContain('Waiting for moderation');
    expect(own.html).toContain('Mpage Upload Waiting');
    expect(own.html).not.toContain(`href="/video/${waiting.id}/`);
    expect(own.html).toContain(`<article class="card"><a href="/video/${listed.id}/${listed.dir}/">`);
  });

  it('shows the info section and the stub sections, and 404s an unknown member everywhere', async () => {
    const info = await get(`${base()}/info/`);
    expect(info.status).toBe(200);
    expect(info.html).toContain('Open relationship');
    for (const path of ['', 'info/', 'favourite_videos/1/', 'history/1/', 'wall/1/', 'friends/1/', 'edit/']) {
      expect((await get(`/members/987654321/${path}`, owner)).status, path).toBe(404);
    }
    expect((await get(`${base()}/wall/1/`)).status).toBe(200);
  });
});
