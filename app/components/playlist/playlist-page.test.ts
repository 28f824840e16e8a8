// A playlist's page and its playback, server-rendered (needs `npm run build`): the owner sees their
// private playlist (noindex) with Edit, Delete and Remove and every video in the playlist's order;
// everyone else gets 404 for it and no owner controls on a public one. Each video opens in the
// playlist at its strip page, and the video page's strip and next video follow the same order for the
// owner of a private playlist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/app.ts';
import { databaseKinds } from '../../../server/test/db.ts';
import { insertVideo } from '../../../server/test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../../server/test/roles.ts';
import { playlistPanel } from '../watch/watch-data.ts';
import { stripPageOf } from './playlist-videos.tsx';

describe('the playlist page helpers', () => {
  it('finds the strip page (60 a page) of a video on a playlist page of 20', () => {
    expect(stripPageOf(1, 20, 0)).toBe(1);
    expect(stripPageOf(3, 20, 19)).toBe(1); // position 60
    expect(stripPageOf(4, 20, 0)).toBe(2); // position 61
    expect(stripPageOf(7, 20, 0)).toBe(3); // position 121
  });
});

describe.each(databaseKinds())('playlist pages on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  const clips: { id: number; dir: string }[] = [];
  let privateId = 0;
  let publicId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    owner = await createSignedInUser(t, 'pl_owner');
    other = await createSignedInUser(t, 'pl_other');
    // Inserted newest last, added to the playlist in reverse: the playlist's order is not the date's.
    for (let i = 1; i <= 70; i++) {
      clips.push(await insertVideo(db, { title: `Owner Clip ${String(i).padStart(2, '0')}`, daysAgo: i }));
    }
    clips.push(await insertVideo(db, { title: 'Owner Gay Clip', gender: 'gay' }));
    const add = async (title: string, isPrivate: boolean, items: { id: number }[]) => {
      const row = await db
        .insertInto('playlists')
        .values({ user_id: owner.userId, title, is_private: isPrivate, total_videos: items.length })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('playlist_videos')
        .values(items.map((v, i) => ({ playlist_id: row.id, video_id: v.id, position: i + 1 })))
        .execute();
      return Number(row.id);
    };
    privateId = await add('Secret Mix', true, clips);
    publicId = await add('Open Mix', false, clips.slice(0, 3));
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string, who?: SignedInUser) => {
    const r = await t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
    return { status: r.statusCode, html: r.body };
  };
  const cardLinks = (html: string) =>
    [...html.matchAll(/<article class="card playlist-card"><a href="([^"]+)"/g)].map((m) =>
      (m[1] ?? '').replace(/&amp;/g, '&'),
    );
  const count = (html: string, text: string) => html.split(text).length - 1;
  const path = (v: { id: number; dir: string }) => `/video/${v.id}/${v.dir}/`;

  it('shows a private playlist to its owner only, kept out of search engines', async () => {
    expect((await get(`/playlist/${privateId}/`)).status).toBe(404);
    expect((await get(`/playlist/${privateId}/`, other)).status).toBe(404);
    expect((await get(`/playlist/${privateId}/info/`, other)).status).toBe(404);
    const { status, html } = await get(`/playlist/${privateId}/`, owner);
    expect(status).toBe(200);
    expect(html).toContain('Secret Mix');
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toContain('data-action="playlist-edit"');
    expect(html).toContain('data-action="playlist-delete"');
    expect(count(html, 'data-action="playlist-remove"')).toBe(20);
    expect(html).toContain('data-private="1"');
  });

  it("lists the owner's videos in the playlist's order, each opening at its strip page", async () => {
    const first = cardLinks((await get(`/playlist/${privateId}/`, owner)).html);
    expect(first).toEqual(clips.slice(0, 20).map((v) => `${path(v)}?playlist=${privateId}`));
    // Page 4 holds positions 61 to 71: strip page 2, and the other orientation's video too (the owner
    // sees, and can remove, everything on their playlist).
    const fourth = await get(`/playlist/${privateId}/videos/4/`, owner);
    expect(fourth.status).toBe(200);
    expect(cardLinks(fourth.html)).toEqual(
      clips.slice(60).map((v) => `${path(v)}?playlist=${privateId}&pl_page=2`),
    );
    expect(fourth.html).toContain('Owner Gay Clip');
  });

  it('gives everyone else a public playlist without the owner controls', async () => {
    for (const who of [undefined, other]) {
      const { status, html } = await get(`/playlist/${publicId}/`, who);
      expect(status).toBe(200);
      expect(cardLinks(html)).toEqual(clips.slice(0, 3).map((v) => `${path(v)}?playlist=${publicId}`));
      expect(html).not.toContain('data-action="playlist-edit"');
      expect(html).not.toContain('data-action="playlist-remove"');
      expect(html).not.toContain('noindex');
    }
    const mine = await get(`/playlist/${publicId}/`, owner);
    expect(count(mine.html, 'data-action="playlist-remove"')).toBe(3);
  });

  it("plays the owner's private playlist: the strip's page and the next video across pages", async () => {
    const services = t.services;
    const at = async (index: number, query: string, viewer: SignedInUser | null) => {
      const clip = clips[index] as { id: number };
      const video = await services.catalog.getVideo(clip.id);
      if (!video) throw new Error('fixture video missing');
      const user = viewer
        ? { user_id: viewer.userId, username: viewer.username, avatar: null, role: viewer.role }
        : null;
      return playlistPanel(services, new URLSearchParams(query), video, 'str', user);
    };
    const sixtieth = await at(59, `playlist=${privateId}`, owner);
    expect(sixtieth?.playlist).toEqual({
      playlist_id: privateId,
      title: 'Secret Mix',
      total_videos: 71,
      source: 'owner',
    });
    expect(sixtieth?.videos.map((v) => v.video_id)).toEqual(clips.slice(0, 60).map((v) => v.id));
    expect(sixtieth?.next?.video_id).toBe(clips[60]?.id);
    expect(sixtieth?.nextPage).toBe(2);
    const seventieth = await at(69, `playlist=${privateId}&pl_page=2`, owner);
    expect(seventieth?.next?.title).toBe('Owner Gay Clip');
    // Anyone else: the private playlist is ignored.
    expect(await at(59, `playlist=${privateId}`, null)).toBeNull();
    expect(await at(59, `playlist=${privateId}`, other)).toBeNull();
    // A public one plays for everyone from the public list.
    const open = await at(0, `playlist=${publicId}`, other);
    expect(open?.playlist.source).toBe('public');
    expect(open?.next?.video_id).toBe(clips[1]?.id);
  });

  it('renders no strip of a private playlist for a guest', async () => {
    const { status, html } = await get(
      `${path(clips[0] as { id: number; dir: string })}?playlist=${privateId}`,
    );
    expect(status).toBe(200);
    expect(html).not.toContain('class="playlist-strip');
  });
});
