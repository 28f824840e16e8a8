// The server-rendered video page (needs `npm run build`): the playlist panel's page and next video
// across the strip's page boundary, the related list's first page, the oEmbed link, the gone message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/app.ts';
import { databaseKinds } from '../../../server/test/db.ts';
import { insertUser, insertVideo } from '../../../server/test/fixtures.ts';
import { isIOS } from './download.tsx';
import { playlistVideoPath } from './playlist-strip.tsx';
import { searchByTitlePath } from './related-list.tsx';
import { playbackQuery } from './watch-data.ts';

describe('the video page helpers', () => {
  it('reads start_time and autoplay, ignoring anything malformed', () => {
    expect(playbackQuery(new URLSearchParams('start_time=42&autoplay=1'))).toEqual({
      startTime: 42,
      autoplay: true,
    });
    expect(playbackQuery(new URLSearchParams('start_time=-3&autoplay=no'))).toEqual({
      startTime: undefined,
      autoplay: false,
    });
    expect(playbackQuery(new URLSearchParams('start_time=1e9'))).toEqual({
      startTime: undefined,
      autoplay: false,
    });
  });

  it('builds the View All and playlist links', () => {
    expect(searchByTitlePath(' Rainy Day & Bars ')).toBe('/search/1/?s=Rainy%20Day%20%26%20Bars');
    expect(playlistVideoPath({ video_id: 5, dir: 'a-b' }, 9, 1)).toBe('/video/5/a-b/?playlist=9');
    expect(playlistVideoPath({ video_id: 5, dir: 'a-b' }, 9, 2)).toBe('/video/5/a-b/?playlist=9&pl_page=2');
  });

  it('tells iOS user agents apart', () => {
    expect(isIOS('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(true);
    expect(isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isIOS('Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
  });
});

describe.each(databaseKinds())('the video page on %s', (kind) => {
  let t: TestApp;
  const videos: { id: number; dir: string }[] = [];
  let playlistId = 0;
  let gone: { id: number; dir: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    for (let i = 1; i <= 62; i++) {
      videos.push(
        await insertVideo(db, { title: `Strip Clip ${String(i).padStart(2, '0')}`, views: 1000 - i }),
      );
    }
    gone = await insertVideo(db, { title: 'Withdrawn Clip', status: 5 });
    const owner = await insertUser(db, 'strip_owner');
    const playlist = await db
      .insertInto('playlists')
      .values({ user_id: owner.id, title: 'Long Strip', total_videos: videos.length })
      .returning('id')
      .executeTakeFirstOrThrow();
    playlistId = Number(playlist.id);
    await db
      .insertInto('playlist_videos')
      .values(videos.map((v, i) => ({ playlist_id: playlistId, video_id: v.id, position: i + 1 })))
      .execute();
  }, 120_000);
  afterAll(() => t.close());

  const page = async (url: string) => {
    const r = await t.app.inject({ url });
    return { status: r.statusCode, html: r.body };
  };
  const stripLinks = (html: string) =>
    [
      ...html.matchAll(
        /class="playlist-strip__item"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="playlist-strip__item"/g,
      ),
    ].map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&'));
  const path = (v: { id: number; dir: string }) => `/video/${v.id}/${v.dir}/`;

  it('shows the playlist strip at the block of 8 holding the current video', async () => {
    const tenth = videos[9] as { id: number; dir: string };
    const { status, html } = await page(`${path(tenth)}?playlist=${playlistId}`);
    expect(status).toBe(200);
    expect(html).toContain('Long Strip');
    const links = stripLinks(html);
    expect(links).toHaveLength(8);
    expect(links[0]).toBe(`${path(videos[8] as { id: number; dir: string })}?playlist=${playlistId}`);
    expect(html).toMatch(
      /aria-current="page"[^>]*class="playlist-strip__item"|class="playlist-strip__item"[^>]*aria-current="page"/,
    );
    expect(html).toContain('10 / 62');
  });

  it('continues on the strip page 2 after the 60th video', async () => {
    const sixtieth = videos[59] as { id: number; dir: string };
    const first = await page(`${path(sixtieth)}?playlist=${playlistId}`);
    expect(first.html).toContain('60 / 62');
    const onPage2 = await page(
      `${path(videos[60] as { id: number; dir: string })}?playlist=${playlistId}&pl_page=2`,
    );
    expect(onPage2.status).toBe(200);
    const links = stripLinks(onPage2.html);
    expect(links).toEqual(videos.slice(60).map((v) => `${path(v)}?playlist=${playlistId}&pl_page=2`));
    expect(onPage2.html).toContain('61 / 62');
  });

  it('ignores an unknown or malformed playlist', async () => {
    for (const q of ['?playlist=999999', '?playlist=abc', '?playlist=1&pl_page=99']) {
      const { status, html } = await page(`${path(videos[0] as { id: number; dir: string })}${q}`);
      expect(status).toBe(200);
      if (q !== '?playlist=1&pl_page=99') expect(html).not.toContain('class="playlist-strip');
    }
  });

  it('renders the first related page, the actions and the oEmbed discovery link', async () => {
    const { html } = await page(path(videos[0] as { id: number; dir: string }));
    const cards = [...html.matchAll(/class="card__title">([^<]*)</g)];
    expect(cards).toHaveLength(10);
    expect(html).toContain('Show more');
    expect(html).toContain('data-action="download"');
    expect(html).toMatch(
      /<link rel="alternate" type="application\/json\+oembed" href="http:\/\/tube\.test\/oembed\/\?url=http%3A%2F%2Ftube\.test%2Fvideo%2F/,
    );
    expect(html).toContain('id="comments"');
  });

  it("answers 410 with the spec's message for an unavailable video", async () => {
    const { status, html } = await page(path(gone));
    expect(status).toBe(410);
    expect(html).toContain('Video not found or has been recently deleted');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('class="playlist-strip');
  });
});
