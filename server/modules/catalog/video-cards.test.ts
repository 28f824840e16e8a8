// The per-process card cache (video-cards.repository.ts, migration 0045) is exact: whatever writes a
// card's stable part, by any path (plain SQL here, as another process or the console would), the next
// listing of every process shows it; the counters are read on every page and never raise the version.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertCategories, insertVideo } from '../../test/fixtures.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import type { LinkedVideoRow } from './video-cards.repository.ts';

describe.each(databaseKinds())('video cards on %s', (kind) => {
  let database: TestDatabase;
  let db: DB;
  let videoId: number;
  let otherId: number;
  let categories: Map<string, number>;
  let modelId: number;
  // Two repositories: two processes' card caches over one database.
  let reader: ReturnType<typeof createCatalogRepository>;
  let other: ReturnType<typeof createCatalogRepository>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
    categories = await insertCategories(db, ['outdoor', 'studio']);
    videoId = (
      await insertVideo(
        db,
        { title: 'Harbour Test Pattern', daysAgo: 0, categories: ['outdoor'] },
        categories,
      )
    ).id;
    otherId = (
      await insertVideo(db, { title: 'Meadow Colour Bars', daysAgo: 1, categories: ['studio'] }, categories)
    ).id;
    modelId = (
      await db
        .insertInto('models')
        .values({ dir: 'ines-fairweather', title: 'Ines Fairweather', img: 'models/ines.webp' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    reader = createCatalogRepository(db);
    other = createCatalogRepository(db);
  });
  afterAll(() => database.dispose());

  const listed = async (repo = reader) =>
    (await repo.listVideos({ gender: 'str' }, 'latest-updates', 'all', 60, 0, {
      withLinks: true,
    })) as LinkedVideoRow[];
  const card = async (id = videoId, repo = reader) => {
    const row = (await listed(repo)).find((r) => r.id === id);
    if (!row) throw new Error(`video ${id} is not listed`);
    return row;
  };
  const version = async (id = videoId) =>
    (await db.selectFrom('videos').select('card_version').where('id', '=', id).executeTakeFirstOrThrow())
      .card_version;

  it('shows a title changed by another writer at once, in both processes', async () => {
    expect((await card()).title).toBe('Harbour Test Pattern');
    expect((await card(videoId, other)).title).toBe('Harbour Test Pattern');
    await db
      .updateTable('videos')
      .set({ title: 'Harbour Test Pattern, Renamed' })
      .where('id', '=', videoId)
      .execute();
    expect((await card()).title).toBe('Harbour Test Pattern, Renamed');
    expect((await card(videoId, other)).title).toBe('Harbour Test Pattern, Renamed');
    // The neighbour's card was not touched.
    expect((await card(otherId)).title).toBe('Meadow Colour Bars');
  });

  it('reads the counters on every page without raising the version', async () => {
    await card();
    const before = await version();
    await db
      .updateTable('videos')
      .set({ views: 4321, likes: 7, comments_count: 3 })
      .where('id', '=', videoId)
      .execute();
    const row = await card();
    expect([row.views, row.likes, row.comments_count]).toEqual([4321, 7, 3]);
    expect(await version()).toBe(before);
  });

  it('follows the poster and the preview: added, replaced, removed', async () => {
    expect((await card()).poster_key).toBe(`fixture/${videoId}/poster.jpg`);
    expect((await card()).preview_key).toBeNull();
    await db
      .insertInto('video_files')
      .values({
        video_id: videoId,
        kind: 'preview',
        storage_key: `fixture/${videoId}/preview.mp4`,
        mime: 'video/mp4',
      })
      .execute();
    expect((await card()).preview_key).toBe(`fixture/${videoId}/preview.mp4`);
    await db
      .updateTable('video_files')
      .set({ storage_key: `fixture/${videoId}/poster-2.jpg` })
      .where('video_id', '=', videoId)
      .where('kind', '=', 'poster')
      .execute();
    expect((await card()).poster_key).toBe(`fixture/${videoId}/poster-2.jpg`);
    await db.deleteFrom('video_files').where('video_id', '=', videoId).where('kind', '=', 'poster').execute();
    expect((await card()).poster_key).toBeNull();
  });

  it('follows category links and category names', async () => {
    expect((await card()).link_categories.map((c) => c.dir)).toEqual(['outdoor']);
    await db
      .insertInto('video_categories')
      .values({ video_id: videoId, category_id: categories.get('studio') as number })
      .execute();
    expect((await card()).link_categories.map((c) => c.dir)).toEqual(['outdoor', 'studio']);
    // A rename rewrites no video row; the page reads the names by id.
    const before = await version();
    await db.updateTable('categories').set({ title: 'Alpha Studio' }).where('dir', '=', 'studio').execute();
    expect((await card()).link_categories.map((c) => c.title)).toEqual(['Alpha Studio', 'outdoor']);
    expect(await version()).toBe(before);
    await db
      .deleteFrom('video_categories')
      .where('video_id', '=', videoId)
      .where('category_id', '=', categories.get('outdoor') as number)
      .execute();
    expect((await card()).link_categories.map((c) => c.dir)).toEqual(['studio']);
  });

  it('follows model links with their current listed count in the card’s orientation', async () => {
    expect((await card()).link_models).toEqual([]);
    await db.insertInto('video_models').values({ video_id: videoId, model_id: modelId }).execute();
    expect((await card()).link_models).toEqual([
      { dir: 'ines-fairweather', title: 'Ines Fairweather', img: 'models/ines.webp', total_videos: 1 },
    ]);
    // A second listed video of the model: the count on the first card follows, its version does not move.
    const before = await version();
    await db.insertInto('video_models').values({ video_id: otherId, model_id: modelId }).execute();
    expect((await card()).link_models[0]?.total_videos).toBe(2);
    expect(await version()).toBe(before);
    await db.updateTable('models').set({ title: 'Ines F.' }).where('id', '=', modelId).execute();
    expect((await card(otherId)).link_models.map((m) => m.title)).toEqual(['Ines F.']);
    await db.deleteFrom('video_models').where('video_id', '=', videoId).execute();
    expect((await card()).link_models).toEqual([]);
  });

  it('raises the version once per change of a card column, not for other columns', async () => {
    const before = await version();
    await db
      .updateTable('videos')
      .set({ description: 'Only the page shows this' })
      .where('id', '=', videoId)
      .execute();
    expect(await version()).toBe(before);
    await db.updateTable('videos').set({ duration: 75 }).where('id', '=', videoId).execute();
    expect(await version()).toBe(before + 1);
    expect((await card()).duration).toBe(75);
    await sql`UPDATE videos SET post_date = post_date - interval '1 hour' WHERE id = ${videoId}`.execute(db);
    expect(await version()).toBe(before + 2);
  });
});
