// Staff's "not a problem" on a possible duplicate (issue 31) through app.inject on both databases: the
// moderation queue shows a waiting video's best match; POST /api/admin/known_duplicate.php marks the
// pair a known duplicate (either order), audited, and the queue stops showing it (the next best match,
// if any, shows instead). Guests 401, members 403, bad ids 400, a pair never matched 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../../test/roles.ts';

const ORIGIN = 'http://tube.test';
const PATH = '/api/admin/known_duplicate.php';

describe.each(databaseKinds())('not a problem: known duplicates on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let waiting: number;
  let original: number;
  let second: number;
  let unrelated: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'dupe');
    const db = t.database.handle.db;
    const id = async (title: string, status: 1 | 3) => Number((await insertVideo(db, { title, status })).id);
    original = await id('Original clip', 1);
    second = await id('Second lookalike', 1);
    unrelated = await id('Unrelated clip', 1);
    waiting = await id('Waiting upload', 3);
    await db
      .insertInto('video_matches')
      .values([
        { video_id: waiting, other_id: original, similarity: 0.93 },
        { video_id: waiting, other_id: second, similarity: 0.61 },
      ])
      .execute();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const post = (who: RoleName, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      headers: {
        ...roles.headers(who),
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(payload).toString(),
    });

  const matchOf = async (videoId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/moderation.php',
      headers: roles.headers('moderator'),
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().videos.find((v: { video_id: number }) => v.video_id === videoId);
    return item.match as { video_id: number; similarity: number } | null;
  };

  it('refuses guests and members, bad ids and a pair never matched', async () => {
    const pair = { video_id: String(waiting), other_id: String(original) };
    expect((await post('guest', pair)).statusCode).toBe(401);
    expect((await post('member', pair)).statusCode).toBe(403);
    const bad = await post('moderator', { video_id: 'x', other_id: String(waiting) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual([{ field: 'video_id', code: 'invalid' }]);
    const same = await post('moderator', { video_id: String(waiting), other_id: String(waiting) });
    expect(same.statusCode).toBe(400);
    expect(same.json().codes).toEqual([{ field: 'other_id', code: 'invalid' }]);
    const missing = await post('moderator', { video_id: String(waiting) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().codes).toEqual([{ field: 'other_id', code: 'required' }]);
    const never = await post('moderator', { video_id: String(waiting), other_id: String(unrelated) });
    expect(never.statusCode).toBe(404);
    expect(never.json().code).toBe('match_not_found');
    // Nothing changed.
    expect((await matchOf(waiting))?.video_id).toBe(original);
  });

  it('marks the pair a known duplicate: the queue stops showing it, the next match shows', async () => {
    // The pair in the other order than video_matches holds it.
    const res = await post('moderator', { video_id: String(original), other_id: String(waiting) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', video_id: original, other_id: waiting });
    expect((await matchOf(waiting))?.video_id).toBe(second);
    // Once more: the same answer, one row.
    expect(
      (await post('administrator', { video_id: String(waiting), other_id: String(original) })).statusCode,
    ).toBe(200);
    const rows = await t.database.handle.db
      .selectFrom('video_known_duplicates')
      .selectAll()
      .where('video_id', '=', Math.min(waiting, original))
      .execute();
    expect(rows.map((r) => [Number(r.video_id), Number(r.other_id)])).toEqual([
      [Math.min(waiting, original), Math.max(waiting, original)],
    ]);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'video.not_duplicate')
      .execute();
    expect(audit.length).toBe(2);
    // The second match too: no possible duplicate left on the card.
    expect(
      (await post('moderator', { video_id: String(waiting), other_id: String(second) })).statusCode,
    ).toBe(200);
    expect(await matchOf(waiting)).toBeNull();
  });
});
