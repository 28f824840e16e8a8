// Counts per orientation (issue 20, migration 0042): every video count a visitor is shown of a category,
// tag, model, channel, playlist or member is the number of videos the listing of their orientation
// returns for it, across its pages. The triggers that keep object_video_counts exact as rows change are
// tested in object-count-triggers.test.ts; the fixture is server/test/object-counts-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { type CountsFixture, countsCalls, GENDERS, setupCounts } from '../../test/object-counts-fixtures.ts';

describe.each(databaseKinds())('counts per orientation on %s', (kind) => {
  let t: TestApp;
  let f: CountsFixture;

  beforeAll(async () => {
    ({ t, f } = await setupCounts(kind));
  });
  afterAll(() => t?.close());

  const { get, listed } = countsCalls(() => t);

  it('the fixture differs by orientation (a shared channel, tag, model and category)', async () => {
    expect(await listed('str', 'channel', 'sunny-studio')).toBe(5);
    expect(await listed('gay', 'channel', 'sunny-studio')).toBe(2);
    expect(await listed('str', 'tags', 'asmr')).toBe(5);
    expect(await listed('gay', 'tags', 'asmr')).toBe(3);
  });

  for (const gender of GENDERS) {
    describe(`for a ${gender} visitor`, () => {
      it('categories: the list, home and suggestions count what each category lists', async () => {
        const { categories } = await get(`/api/json/categories/0/${gender}/count-videos.json`);
        expect(categories.length).toBeGreaterThan(0);
        for (const c of categories) {
          const n = await listed(gender, 'categories', c.dir);
          expect([c.dir, c.total_videos, c.statistics.videos]).toEqual([c.dir, n, n]);
        }
        // count-videos orders by the orientation's count.
        const counts = categories.map((c: { total_videos: number }) => c.total_videos);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
        const main = await get(`/api/json/main/0/${gender}.en.json`);
        for (const c of main.categories)
          expect(c.total_videos).toBe(await listed(gender, 'categories', c.dir));
      });

      it('tags: the tag list, a tag’s block and its related tags', async () => {
        const { tags } = await get(`/api/json/tags_mvp/0/all.json?gender=${gender}`);
        const shown = new Map<string, number>(
          tags.map((x: { dir: string; total_videos: number }) => [x.dir, x.total_videos]),
        );
        for (const dir of Object.keys(f.tags)) {
          const n = await listed(gender, 'tags', dir);
          // A tag without videos in the orientation is not offered.
          expect([dir, shown.get(dir)]).toEqual([dir, n > 0 ? n : undefined]);
        }
        const top = await get(`/api/json/suggester/0/10.json?gender=${gender}`);
        const topTags = await get(`/api/suggester.php?gettags=1&gender=${gender}`);
        expect(top.tags.length).toBeGreaterThan(0);
        for (const x of [...top.tags, ...topTags.tags]) expect(x.total_videos).toBe(shown.get(x.dir));
        const mvp = await get(`/api/json/videos_mvp/0/beach.json?gender=${gender}`);
        const beach = await listed(gender, 'tags', 'beach');
        expect(mvp.tag.total_videos).toBe(beach);
        const asmr = await get(`/api/json/videos_mvp/0/asmr.json?gender=${gender}`);
        expect(asmr.mvp.mdesc).toContain(`Watch ${await listed(gender, 'tags', 'asmr')} ASMR videos`);
        const list = await get(
          `/api/json/videos2/0/${gender}/latest-updates/60/tags.asmr.1.all.all.all.json`,
        );
        expect(list.mvp.mdesc).toBe(asmr.mvp.mdesc);
      });

      it('models: the list, each model, the suggestions, the cards’ model links and the search tab', async () => {
        const { models } = await get(
          `/api/json/models/0/${gender}/count-videos/48/1.all.all.all.all.all.all.all.json`,
        );
        for (const m of models) {
          const n = await listed(gender, 'model', m.dir);
          expect([m.dir, m.total_videos, m.statistics.videos]).toEqual([m.dir, n, n]);
        }
        for (const dir of Object.keys(f.models)) {
          const n = await listed(gender, 'model', dir);
          const { model } = await get(`/api/json/model/0/${dir}.json?gender=${gender}`);
          expect([dir, model.total_videos, model.statistics.videos]).toEqual([dir, n, n]);
        }
        const main = await get(`/api/json/main/0/${gender}.en.json`);
        for (const m of main.models) expect(m.total_videos).toBe(await listed(gender, 'model', m.dir));
        const suggest = await get(
          `/api/suggester.php?c=${gender === 'str' ? 'anna' : 'ben'}&gender=${gender}`,
        );
        expect(suggest.models.length).toBe(1);
        for (const m of suggest.models) expect(m.total_videos).toBe(await listed(gender, 'model', m.dir));
        const cards = await get(`/api/json/videos2/0/${gender}/latest-updates/60/videos..1.all.all.all.json`);
        for (const v of cards.videos)
          for (const m of v.models) expect(m.videos).toBe(await listed(gender, 'model', m.dir));
        for (const m of cards.models) expect(m.videos).toBe(await listed(gender, 'model', m.dir));
        const tab = await t.services.objectSearch.search('pornstars', gender, 'o', 1, 60);
        expect(tab?.items.length).toBeGreaterThan(0);
        for (const m of tab?.items ?? []) expect(m.total_videos).toBe(await listed(gender, 'model', m.dir));
      });

      it('channels: the list, each channel, the suggestions and the search tab', async () => {
        const { channels } = await get(`/api/json/channels/0/${gender}/count-videos/48/1.json`);
        expect(channels.length).toBe(1);
        for (const c of channels) {
          const n = await listed(gender, 'channel', c.dir);
          expect([c.dir, c.total_videos, c.statistics.videos]).toEqual([c.dir, n, n]);
        }
        for (const dir of Object.keys(f.channels)) {
          const n = await listed(gender, 'channel', dir);
          const { channel } = await get(`/api/json/channel/0/${dir}.json?gender=${gender}`);
          expect([dir, channel.total_videos, channel.videos, channel.statistics.videos]).toEqual([
            dir,
            n,
            n,
            n,
          ]);
        }
        const main = await get(`/api/json/main/0/${gender}.en.json`);
        for (const c of main.channels) expect(c.total_videos).toBe(await listed(gender, 'channel', c.dir));
        const suggest = await get(
          `/api/suggester.php?c=${gender === 'str' ? 'sunny' : 'harbour'}&gender=${gender}`,
        );
        expect(suggest.channels.length).toBe(1);
        for (const c of suggest.channels) expect(c.total_videos).toBe(await listed(gender, 'channel', c.dir));
        const tab = await t.services.objectSearch.search('pornsites', gender, 'o', 1, 60);
        expect(tab?.items.length).toBe(1);
        for (const c of tab?.items ?? []) expect(c.total_videos).toBe(await listed(gender, 'channel', c.dir));
      });

      it('playlists, members and a video’s channel and models', async () => {
        const { playlists } = await get(`/api/json/playlists/0/${gender}/latest-updates/48/1.json`);
        expect(playlists.length).toBe(1);
        for (const id of Object.values(f.playlists)) {
          const n = await listed(gender, 'playlist', id);
          const { playlist } = await get(`/api/json/playlist/0/0/${id}.json?gender=${gender}`);
          expect([id, playlist.total_videos]).toEqual([id, n]);
          const inList = playlists.find((p: { playlist_id: number }) => p.playlist_id === id);
          if (inList) expect(inList.total_videos).toBe(n);
        }
        const tab = await t.services.objectSearch.search('playlists', gender, 'picks', 1, 60);
        for (const p of tab?.items ?? []) expect(p.total_videos).toBe(await listed(gender, 'playlist', p.id));
        const members = await t.services.objectSearch.search('members', gender, 'uploader', 1, 60);
        expect(members?.items[0]?.total_videos).toBe(
          await listed(gender, 'member', f.users.uploader as number),
        );
        // A video's call counts its channel and models in the video's own orientation.
        const id = f.videos[gender === 'str' ? 'str1' : 'gay1'] as number;
        const { video } = await get(`/api/json/video/0/0/${id}.json`);
        expect(video.channel.videos).toBe(await listed(gender, 'channel', video.channel.dir));
        for (const m of video.models) expect(m.videos).toBe(await listed(gender, 'model', m.dir));
      });
    });
  }
});
