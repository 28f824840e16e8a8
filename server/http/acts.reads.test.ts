// The read calls of the acts' browser side (issue 13): a member's playlists for the Add-to picker
// (/api/json/member_playlists/…: private ones only in the owner's own view, never in the cached public
// answer) and the Suggest Tag modal's choices (/api/tags.php), plus TAG_SUGGESTION_THRESHOLD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_MODAL_RANDOM_TAGS } from '../../contract/acts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertCategories, insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())('acts read calls on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let categoryId: number;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, env: { TAG_SUGGESTION_THRESHOLD: '2' } });
    roles = await createRoles(t, 'reads');
    const db = t.database.handle.db;
    categoryId = (await insertCategories(db, ['reads-outdoor'])).get('reads-outdoor') as number;
    const titles = [
      'soft light',
      'soft focus',
      'blue hour',
      '100%_sure',
      ...Array.from({ length: 30 }, (_, i) => `extra tag ${i}`),
    ];
    for (const [i, title] of titles.entries()) {
      await db
        .insertInto('tags')
        .values({ dir: `reads-${i}`, title })
        .execute();
    }
  }, 120_000);
  afterAll(() => t?.close());

  const act = (who: 'member' | 'other', form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: {
        ...roles.headers(who),
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: `10.14.0.${++address}`,
    });
  const get = (url: string, who: 'guest' | 'member' | 'other' = 'guest') =>
    t.app.inject({ method: 'GET', url, headers: roles.headers(who) });

  it("shows a member's private playlists to the owner's own view only", async () => {
    const owner = roles.users.member.userId;
    for (const [title, visible] of [
      ['Reads public list', '1'],
      ['Reads private list', '0'],
    ] as const) {
      const res = await act('member', {
        act: 'playlist',
        section: 'new',
        title,
        desc: 'A list for the read calls.',
        visible,
        categories: String(categoryId),
      });
      expect(res.statusCode).toBe(200);
    }
    const titles = (body: string) =>
      (JSON.parse(body) as { playlists: { title: string }[] }).playlists.map((p) => p.title).sort();
    const own = await get(`/api/json/member_playlists/0/20/${owner}.1.json`, 'member');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(titles(own.body)).toEqual(['Reads private list', 'Reads public list']);
    for (const who of ['guest', 'other'] as const) {
      const res = await get(`/api/json/member_playlists/0/20/${owner}.1.json`, who);
      expect(titles(res.body)).toEqual(['Reads public list']);
    }
    // The cached public answer never holds a private playlist, whoever asks first.
    const pub = await get(`/api/json/member_playlists/7200/20/${owner}.1.json`, 'member');
    expect(pub.headers['cache-control']).toBe('public, max-age=7200');
    expect(titles(pub.body)).toEqual(['Reads public list']);
    expect(JSON.parse(pub.body).total_count).toBe(1);
  });

  it('gives the Suggest Tag modal up to 20 distinct random tags, or the ones containing q', async () => {
    const random = await get('/api/tags.php');
    expect(random.statusCode).toBe(200);
    const { tags } = JSON.parse(random.body) as { tags: { tag_id: number; title: string }[] };
    expect(tags.length).toBe(TAG_MODAL_RANDOM_TAGS);
    expect(new Set(tags.map((tag) => tag.tag_id)).size).toBe(tags.length);

    const soft = JSON.parse((await get('/api/tags.php?q=SOFT')).body) as { tags: { title: string }[] };
    // Shortest first, then alphabetical.
    expect(soft.tags.map((tag) => tag.title)).toEqual(['soft focus', 'soft light']);
    // LIKE wildcards are literal: '%' matches only a title with a '%' in it.
    const percent = JSON.parse((await get('/api/tags.php?q=%25_')).body) as { tags: { title: string }[] };
    expect(percent.tags.map((tag) => tag.title)).toEqual(['100%_sure']);
    const none = JSON.parse((await get('/api/tags.php?q=zzqx')).body) as { tags: unknown[] };
    expect(none.tags).toEqual([]);
    const long = await get(`/api/tags.php?q=${'a'.repeat(70)}`);
    expect(long.statusCode).toBe(400);
    expect(JSON.parse(long.body).code).toBe('max_length');
  });

  it('puts a suggested tag on the video once TAG_SUGGESTION_THRESHOLD (2 here) members sent it', async () => {
    const id = Number((await insertVideo(t.database.handle.db, { title: 'Reads tag clip' })).id);
    const suggest = (who: 'member' | 'other') =>
      act(who, { act: 'add_tag', section: 'video', object_id: String(id), tag: 'Evening Glow' });
    const first = await suggest('member');
    expect(JSON.parse(first.body)).toEqual({ ok: true, accepted: false });
    const second = await suggest('other');
    expect(JSON.parse(second.body)).toEqual({ ok: true, accepted: true });
  });
});
