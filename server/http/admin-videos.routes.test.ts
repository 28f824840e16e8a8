// The console's videos over HTTP (issue 17): staff only (guests 401, members 403 before any input
// check), field codes for bad input, 404 for an unknown video; an edit shows in the public read calls at
// once although they were cached a moment before; a delete takes the video out of them at once; bulk
// acts answer per video; parallel edits of one video each land whole and each is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

const VIDEOS = '/api/admin/videos.php';
const VIDEO = '/api/admin/video.php';
const LIST = '/api/json/videos2/43200/str/latest-updates/60/videos..1.all.all.all.json';

describe.each(databaseKinds())('console videos over HTTP on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    roles = await createRoles(t, 'cvid');
  });
  afterAll(() => t.close());

  // A new listed video, as an approval announces it (the caches forget the lists).
  const sample = async (title: string) => {
    const row = await insertVideo(db(), { title });
    await t.services.changes.notify();
    return { id: Number(row.id), dir: row.dir };
  };
  const get = (who: RoleName, url: string) => t.app.inject({ url, headers: roles.headers(who) });
  const post = (who: RoleName, url: string, fields: Record<string, string> | URLSearchParams) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...roles.headers(who),
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://tube.test',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const postJson = (who: RoleName, url: string, json: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...roles.headers(who), 'content-type': 'application/json', origin: 'http://tube.test' },
      payload: JSON.stringify(json),
    });
  const publicVideo = (id: number) =>
    t.app.inject({ url: `/api/json/video/86400/${bucketOf(id)}/${id}.json` });

  it('is staff only: guests 401, members 403, before any input check; never cached', async () => {
    const v = await sample('Gate Check Sample');
    for (const [who, status] of [
      ['guest', 401],
      ['member', 403],
      ['other', 403],
    ] as const) {
      expect((await get(who, VIDEOS)).statusCode).toBe(status);
      expect((await get(who, `${VIDEOS}?page=0`)).statusCode).toBe(status);
      expect((await get(who, `${VIDEO}?video_id=${v.id}`)).statusCode).toBe(status);
      expect((await post(who, VIDEO, { act: 'delete', video_id: String(v.id) })).statusCode).toBe(status);
      expect((await post(who, VIDEO, { act: 'nonsense' })).statusCode).toBe(status);
      expect((await post(who, VIDEOS, { act: 'delete', video_ids: String(v.id) })).statusCode).toBe(status);
    }
    expect((await get('guest', VIDEOS)).json().code).toBe('login_required');
    expect((await get('member', VIDEOS)).json().code).toBe('forbidden');
    // Still there, untouched.
    expect((await publicVideo(v.id)).statusCode).toBe(200);
    const list = await get('moderator', `${VIDEOS}?q=${v.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().videos.map((r: { video_id: number }) => r.video_id)).toEqual([v.id]);
    expect((await get('administrator', `${VIDEO}?video_id=${v.id}`)).statusCode).toBe(200);
  });

  it('answers bad input with field codes and an unknown video with 404', async () => {
    const v = await sample('Field Codes Sample');
    const codes = async (res: Awaited<ReturnType<typeof post>>) => [res.statusCode, res.json().codes];
    expect(
      await codes(await post('moderator', VIDEO, { act: 'edit', video_id: String(v.id), title: 'ab' })),
    ).toEqual([400, [{ field: 'title', code: 'title_length' }]]);
    expect(
      await codes(
        await post('moderator', VIDEO, {
          act: 'edit',
          video_id: String(v.id),
          categories: '99999991',
          models: '99999992',
          channel: '99999993',
        }),
      ),
    ).toEqual([
      400,
      [
        { field: 'categories', code: 'unknown_category' },
        { field: 'models', code: 'unknown_model' },
        { field: 'channel', code: 'unknown_channel' },
      ],
    ]);
    expect(await codes(await post('moderator', VIDEO, { act: 'poster', video_id: String(v.id) }))).toEqual([
      400,
      [{ field: 'still', code: 'required' }],
    ]);
    expect(await codes(await get('moderator', `${VIDEOS}?status=7`))).toEqual([
      400,
      [{ field: 'status', code: 'invalid' }],
    ]);
    const gone = await post('moderator', VIDEO, { act: 'edit', video_id: '99999999', title: 'Nobody Home' });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'video_not_found']);
    expect((await get('moderator', `${VIDEO}?video_id=99999999`)).statusCode).toBe(404);
    const still = await post('moderator', VIDEO, { act: 'poster', video_id: String(v.id), still: '4' });
    expect([still.statusCode, still.json().code]).toEqual([404, 'still_not_found']);
    // The title is unchanged by the refused edits.
    expect((await publicVideo(v.id)).json().video.title).toBe('Field Codes Sample');
  });

  it('shows an edit in the cached public answers at once', async () => {
    const v = await sample('Silver Birch Sample');
    // Warm the caches: the video's answer and the latest list.
    expect((await publicVideo(v.id)).json().video.title).toBe('Silver Birch Sample');
    expect((await t.app.inject({ url: LIST })).body).toContain('Silver Birch Sample');
    const res = await post('moderator', VIDEO, {
      act: 'edit',
      video_id: String(v.id),
      title: 'Copper Beech Sample',
      description: 'A tree in the park.\nLate afternoon.',
      tags: 'park, trees',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', act: 'edit', status_id: 1 });
    expect(res.json().changed.sort()).toEqual(['description', 'tags', 'title']);
    const after = (await publicVideo(v.id)).json().video;
    expect(after.title).toBe('Copper Beech Sample');
    expect(after.description).toBe('A tree in the park.\nLate afternoon.');
    const list = (await t.app.inject({ url: LIST })).body;
    expect(list).toContain('Copper Beech Sample');
    expect(list).not.toContain('Silver Birch Sample');
    expect((await t.services.catalog.getVideo(v.id))?.title).toBe('Copper Beech Sample');
    // The console's own read shows the fields as stored.
    const detail = (await get('moderator', `${VIDEO}?video_id=${v.id}`)).json();
    expect(detail.video).toMatchObject({
      title: 'Copper Beech Sample',
      tags: ['park', 'trees'],
      is_private: false,
    });
    // Private: out of the public answers at once.
    expect(
      (await post('moderator', VIDEO, { act: 'edit', video_id: String(v.id), private: '1' })).statusCode,
    ).toBe(200);
    expect((await publicVideo(v.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: LIST })).body).not.toContain('Copper Beech Sample');
  });

  it('deletes a video: out of the public answers at once, a second delete is 404', async () => {
    const v = await sample('Drifting Cloud Sample');
    expect((await t.app.inject({ url: LIST })).body).toContain('Drifting Cloud Sample');
    expect((await publicVideo(v.id)).statusCode).toBe(200);
    const res = await post('administrator', VIDEO, { act: 'delete', video_id: String(v.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicVideo(v.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: LIST })).body).not.toContain('Drifting Cloud Sample');
    expect(await db().selectFrom('videos').select('id').where('id', '=', v.id).execute()).toEqual([]);
    expect((await post('administrator', VIDEO, { act: 'delete', video_id: String(v.id) })).statusCode).toBe(
      404,
    );
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_id', '=', String(v.id))
      .where('action', '=', 'video.delete')
      .execute();
    expect(audit).toEqual([{ action: 'video.delete', actor_name: roles.users.administrator.username }]);
  });

  it('bulk acts answer per video: done, unknown, refused', async () => {
    const a = await sample('Bulk Alpha Sample');
    const b = await sample('Bulk Beta Sample');
    const bare = await sample('Bulk Bare Sample');
    await db().deleteFrom('video_files').where('video_id', '=', bare.id).where('kind', '=', 'mp4').execute();
    const form = { act: 'status', status: '5', video_ids: `${a.id},99999999,${bare.id}` };
    const down = await post('moderator', VIDEOS, form);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().results).toEqual([
      { video_id: a.id, ok: true, code: null },
      { video_id: 99999999, ok: false, code: 'video_not_found' },
      { video_id: bare.id, ok: true, code: null },
    ]);
    expect((await publicVideo(a.id)).json().video.status_id).toBe(5);
    const up = await postJson('moderator', VIDEOS, {
      act: 'status',
      status: '1',
      video_ids: [a.id, bare.id],
    });
    expect(up.json().results).toEqual([
      { video_id: a.id, ok: true, code: null },
      { video_id: bare.id, ok: false, code: 'no_renditions' },
    ]);
    const priv = await post('moderator', VIDEOS, { act: 'private', video_ids: `${a.id},${b.id}` });
    expect(priv.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    expect(
      (await get('moderator', `${VIDEOS}?private=1&q=Bulk`))
        .json()
        .videos.map((r: { title: string }) => r.title)
        .sort(),
    ).toEqual(['Bulk Alpha Sample', 'Bulk Beta Sample']);
    const del = await postJson('moderator', VIDEOS, { act: 'delete', video_ids: [a.id, b.id, bare.id] });
    expect(del.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(
      await db().selectFrom('videos').select('id').where('id', 'in', [a.id, b.id, bare.id]).execute(),
    ).toEqual([]);
    const entries = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'video.bulk')
      .execute();
    expect(entries).toHaveLength(4);
  });

  it('parallel edits of one video each land whole, each audited', async () => {
    const v = await sample('Parallel Title Sample');
    const titles = Array.from({ length: 8 }, (_, i) => `Parallel Title ${i + 1} Sample`);
    const answers = await Promise.all(
      titles.map((title, i) =>
        post(i % 2 ? 'moderator' : 'administrator', VIDEO, {
          act: 'edit',
          video_id: String(v.id),
          title,
          tags: `shared, only ${i + 1}x`,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(titles.map(() => 200));
    const detail = (await get('moderator', `${VIDEO}?video_id=${v.id}`)).json().video;
    const i = titles.indexOf(detail.title);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(detail.tags.sort()).toEqual([`only ${i + 1}x`, 'shared'].sort());
    const edits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'video.edit')
      .where('target_id', '=', String(v.id))
      .execute();
    expect(edits).toHaveLength(8);
  });
});
