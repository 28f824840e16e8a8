// Counts per orientation (issue 20, migration 0042): the triggers keep object_video_counts exact as rows
// change — they build what a recount from the rows gives while the fixture is written, and after every
// kind of write. What a visitor is shown of those counts is tested in object-counts.test.ts; the fixture
// is server/test/object-counts-fixtures.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import {
  type CountRows,
  type CountsFixture,
  countRows,
  setupCounts,
} from '../../test/object-counts-fixtures.ts';

describe.each(databaseKinds())('counts per orientation on %s', (kind) => {
  let t: TestApp;
  let f: CountsFixture;
  /** object_video_counts as the triggers built it while the fixture was written. */
  let built: CountRows | null;

  beforeAll(async () => {
    ({ t, f, built } = await setupCounts(kind));
  });
  afterAll(() => t?.close());

  it('the triggers built the same counts as a recount from the rows', async () => {
    expect(built).toEqual(await countRows(t.database.handle.db));
    expect(built?.length).toBeGreaterThan(15);
  });

  it('the triggers keep the counts exact through every kind of write', async () => {
    const db = t.database.handle.db;
    const v = f.videos;
    const steps: [string, () => Promise<unknown>][] = [
      [
        'approve',
        () =>
          db
            .updateTable('videos')
            .set({ status: 1 })
            .where('id', '=', v.processing as number)
            .execute(),
      ],
      [
        'take down',
        () =>
          db
            .updateTable('videos')
            .set({ status: 5 })
            .where('id', '=', v.str1 as number)
            .execute(),
      ],
      [
        'restore',
        () =>
          db
            .updateTable('videos')
            .set({ status: 1 })
            .where('id', '=', v.down as number)
            .execute(),
      ],
      [
        'private',
        () =>
          db
            .updateTable('videos')
            .set({ is_private: true })
            .where('id', '=', v.str2 as number)
            .execute(),
      ],
      [
        'public',
        () =>
          db
            .updateTable('videos')
            .set({ is_private: false })
            .where('id', '=', v.private as number)
            .execute(),
      ],
      [
        'soft delete',
        () =>
          db
            .updateTable('videos')
            .set({ deleted_at: new Date() })
            .where('id', '=', v.str3 as number)
            .execute(),
      ],
      [
        'gender',
        () =>
          db
            .updateTable('videos')
            .set({ gender: 'gay' })
            .where('id', '=', v.str4 as number)
            .execute(),
      ],
      [
        'channel and uploader',
        () =>
          db
            .updateTable('videos')
            .set({ channel_id: f.channels['harbour-films'] as number, user_id: f.users.other as number })
            .where('id', '=', v.str5 as number)
            .execute(),
      ],
      ['views only', () => sql`UPDATE videos SET views = views + 1, status = status`.execute(db)],
      [
        'links added',
        () =>
          db
            .insertInto('video_tags')
            .values([
              { video_id: v.gay2 as number, tag_id: f.tags.quiet as number },
              { video_id: v.str5 as number, tag_id: f.tags.quiet as number },
              { video_id: v.down as number, tag_id: f.tags.quiet as number },
            ])
            .execute(),
      ],
      [
        'links removed',
        () =>
          db
            .deleteFrom('video_models')
            .where('video_id', 'in', [v.str2 as number, v.gay1 as number])
            .execute(),
      ],
      [
        'playlist add',
        () =>
          db
            .insertInto('playlist_videos')
            .values({ playlist_id: f.playlists.mixed as number, video_id: v.gay3 as number, position: 9999 })
            .execute(),
      ],
      [
        'video deleted',
        () =>
          db
            .deleteFrom('videos')
            .where('id', '=', v.gay1 as number)
            .execute(),
      ],
      [
        'category deleted',
        () =>
          db
            .deleteFrom('categories')
            .where('id', '=', f.categories.indoor as number)
            .execute(),
      ],
      [
        'tag deleted',
        () =>
          db
            .deleteFrom('tags')
            .where('id', '=', f.tags.beach as number)
            .execute(),
      ],
      [
        'model deleted',
        () =>
          db
            .deleteFrom('models')
            .where('id', '=', f.models['cross-over'] as number)
            .execute(),
      ],
      [
        'channel deleted',
        () =>
          db
            .deleteFrom('channels')
            .where('id', '=', f.channels['sunny-studio'] as number)
            .execute(),
      ],
      [
        'playlist deleted',
        () =>
          db
            .deleteFrom('playlists')
            .where('id', '=', f.playlists.harbour as number)
            .execute(),
      ],
      [
        'member deleted',
        () =>
          db
            .deleteFrom('users')
            .where('id', '=', f.users.other as number)
            .execute(),
      ],
      [
        'in a transaction that rolls back',
        () =>
          db
            .transaction()
            .execute(async (trx) => {
              await trx
                .updateTable('videos')
                .set({ status: 4 })
                .where('id', '=', v.gay2 as number)
                .execute();
              throw new Error('rolled back');
            })
            .catch(() => undefined),
      ],
    ];
    for (const [name, write] of steps) {
      const before = await countRows(db);
      await write();
      const after = await countRows(db);
      await sql`SELECT refresh_object_video_counts()`.execute(db);
      expect(after, name).toEqual(await countRows(db));
      if (name === 'views only' || name.startsWith('in a transaction')) expect(after, name).toEqual(before);
    }
    // The rows of deleted objects went with them.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM object_video_counts WHERE (kind, object_id) IN (
        ('category', ${f.categories.indoor}::bigint), ('tag', ${f.tags.beach}::bigint),
        ('model', ${f.models['cross-over']}::bigint), ('channel', ${f.channels['sunny-studio']}::bigint),
        ('playlist', ${f.playlists.harbour}::bigint), ('member', ${f.users.other}::bigint))`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});
