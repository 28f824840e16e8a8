// Related by co-viewing (issue 32) against the real app and database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): a view history made through the real view call (POST /api/input.php act=view),
// flushed, folded in by the job's computation, is what the related call and the video page lead with;
// and the computation on a generated history (decay, the cap per viewer-day, the minimum, the top N,
// one run per day).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedPath } from '../../../contract/watch.ts';
import type { DB } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertCategories, insertVideo } from '../../test/fixtures.ts';
import { COVIEW_MAX_PER_VIEWER_DAY, COVIEW_TOP, computeCoviews, coviewedIds } from './coview.repository.ts';

const ORIGIN = 'http://tube.test';
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TOMORROW = dayOf(Date.now() + DAY_MS);

/** Visits of a generated history, straight into the table the flush writes. */
async function insertVisits(db: DB, rows: Array<[day: string, viewer: number, videoId: number]>) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('coview_visits')
      .values(rows.slice(i, i + 1000).map(([day, viewer, video_id]) => ({ day, viewer, video_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

describe.each(databaseKinds())('co-viewing on %s', (kind) => {
  let t: TestApp;
  let db: DB;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: true });
    db = t.database.handle.db;
    const cats = await insertCategories(db, ['lakes', 'forests']);
    // S (lakes) and A, B, C: A and B are watched with S by several viewers; C shares S's category only.
    for (const [key, category, views] of [
      ['Source', 'lakes', 10],
      ['Alpha', 'forests', 1],
      ['Bravo', 'forests', 2],
      ['Charlie', 'lakes', 500],
    ] as const) {
      ids[key] = (await insertVideo(db, { title: `${key} clip`, categories: [category], views }, cats)).id;
    }
  });
  afterAll(() => t.close());

  const view = (videoId: number, ip: string, agent: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'user-agent': agent },
      payload: `act=view&section=video&object_id=${videoId}`,
      remoteAddress: ip,
    });
  // `count` makes the URL: the response cache keeps an answer per URL for its lifetime.
  const related = async (videoId: number, count: number) => {
    const r = await t.app.inject({ method: 'GET', url: relatedPath('str', videoId, 1, count) });
    expect(r.statusCode).toBe(200);
    return r.json() as { videos: { video_id: number }[]; total_count: number; coviewed?: number };
  };

  it('leads the related list and the video page with the videos watched with it, after the job', async () => {
    const before = await related(ids.Source as number, 19);
    expect(before.coviewed).toBe(0);
    // The category relation: Charlie (shared category) first, then the popular filler.
    expect(before.videos[0]?.video_id).toBe(ids.Charlie);

    // Six guests watch Source and Alpha, three of them Bravo too; one watches Charlie alone.
    for (let i = 0; i < 6; i += 1) {
      const ip = `10.32.0.${i + 1}`;
      for (const key of i < 3 ? ['Source', 'Alpha', 'Bravo'] : ['Source', 'Alpha'])
        expect((await view(ids[key] as number, ip, `Viewer/${i}`)).json()).toEqual({
          ok: true,
          counted: true,
        });
    }
    await view(ids.Charlie as number, '10.32.1.1', 'Loner');
    const flushed = await t.services.watch.flushViews();
    expect(flushed.views).toBe(6 * 2 + 3 + 1);
    // The visits are staged by a compact key, never an address.
    const visits = await db.selectFrom('coview_visits').selectAll().execute();
    expect(visits).toHaveLength(16);
    expect(JSON.stringify(visits)).not.toContain('10.32');

    // The day is folded in once it is over: the job runs with tomorrow's date.
    const [result, ...rest] = await computeCoviews(db, TOMORROW);
    expect(rest).toEqual([]);
    expect(result).toMatchObject({ day: dayOf(Date.now()), visits: 16, videos: 3 });
    // Source↔Alpha (6), Source↔Bravo (3), Alpha↔Bravo (3), both directions.
    expect(result?.pairs).toBe(6);
    expect(await computeCoviews(db, TOMORROW)).toEqual([]);

    t.services.watch.clearCache();
    const after = await related(ids.Source as number, 20);
    expect(after.coviewed).toBe(2);
    expect(after.videos.slice(0, 3).map((v) => v.video_id)).toEqual([ids.Alpha, ids.Bravo, ids.Charlie]);
    expect(after.total_count).toBe(3);

    // The video page's related list (server-rendered) shows them first.
    const page = await t.app.inject({
      method: 'GET',
      url: `/video/${ids.Source}/source-clip/`,
      headers: { cookie: '_agv=1' },
    });
    expect(page.statusCode).toBe(200);
    const list = page.body.slice(page.body.indexOf('id="related-title"'));
    const order = ['Alpha clip', 'Bravo clip', 'Charlie clip'].map((title) => list.indexOf(title));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page.body).toContain('data-coviewed="2"');
  });

  it('computes decayed, capped, top-N pairs from a generated history, one day at a time', async () => {
    const cats = await insertCategories(db, ['history']);
    const vids: number[] = [];
    for (let i = 0; i < 40; i += 1)
      vids.push((await insertVideo(db, { title: `History ${i}`, categories: ['history'] }, cats)).id);
    const [hub = 0, old = 0, fresh = 0, rare = 0] = vids;
    const day = (n: number) => dayOf(Date.now() - n * DAY_MS);
    const rows: Array<[string, number, number]> = [];
    // 28 days ago, 8 viewers watched hub and `old`; yesterday, 3 viewers watched hub and `fresh`
    // (8 halved twice is 2 < 3); one viewer watched hub and `rare` (under the minimum).
    for (let v = 0; v < 8; v += 1) rows.push([day(28), 1000 + v, hub], [day(28), 1000 + v, old]);
    for (let v = 0; v < 3; v += 1) rows.push([day(1), 2000 + v, hub], [day(1), 2000 + v, fresh]);
    rows.push([day(1), 3000, hub], [day(1), 3000, rare]);
    // A binge: one viewer-day of all 40 videos makes pairs of its first COVIEW_MAX_PER_VIEWER_DAY only.
    for (const id of vids) rows.push([day(2), 4000, id]);
    await insertVisits(db, rows);

    const results = await computeCoviews(db, dayOf(Date.now()));
    expect(results.map((r) => r.day)).toEqual([day(28), day(2), day(1)]);
    const binge = results[1];
    expect(binge?.pairs).toBe(COVIEW_MAX_PER_VIEWER_DAY * (COVIEW_MAX_PER_VIEWER_DAY - 1));
    expect(await db.selectFrom('coview_visits').select('day').execute()).toEqual([]);

    const pair = async (a: number, b: number) =>
      db
        .selectFrom('coview_pairs')
        .select(['score', 'day'])
        .where('video_id', '=', a)
        .where('other_id', '=', b)
        .executeTakeFirst();
    // hub↔old: 8 on day 28, then the binge added 1 on day 2: 8 × 0.5^(26/14) + 1.
    expect((await pair(hub, old))?.score).toBeCloseTo(8 * 0.5 ** (26 / 14) + 1, 3);
    expect(await pair(vids[35] as number, hub)).toBeUndefined();

    const top = await coviewedIds(db, hub, 'str');
    expect(top.length).toBeLessThanOrEqual(COVIEW_TOP);
    // As of day 1: fresh ≈ 1 × 0.95 + 3 = 3.95 ranks above old ≈ 3.21 × 0.95 = 3.05; rare ≈ 1.95 < 2.
    expect(top.slice(0, 2)).toEqual([fresh, old]);
    expect(top).not.toContain(rare);
    // Binge-only neighbours (one viewer-day) are under the minimum score.
    expect(top).toHaveLength(2);
    const days = await sql<{ n: number }>`SELECT count(*)::int AS n FROM coview_days`.execute(db);
    expect(days.rows[0]?.n).toBe(4);
  });
});
