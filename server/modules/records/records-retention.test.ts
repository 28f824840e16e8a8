// Retention of performer records (issue 31) on both databases: the ledger the triggers of migration 0057
// keep as videos are published, rejected, taken down, re-approved and deleted, and the `records.purge`
// job deleting the sealed files (and performer rows) of uploads never published 30 days after they
// ended, of published videos 7 years after their last publication once they are down, and nothing else.
// Migration 0058: a video deleted with its member's account (deleted_at) counts as deleted; the files of
// videos deleted before 0057 are found in storage once and entered in the ledger.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { dueForPurge, purgeRecords, retentionCutoffs, sweepOrphanRecords } from './records-retention.job.ts';
import { ORPHANS_SWEPT_SETTING } from './records-retention.repository.ts';

const DAY = 86_400_000;
const log = { error: () => {}, info: () => {} };

describe.each(databaseKinds())('performer records retention on %s', (kind) => {
  let database: TestDatabase;
  let db: DB;
  let root: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
    root = mkdtempSync(path.join(os.tmpdir(), 'records-retention-'));
    storage = new LocalStorage({ root });
  }, 120_000);

  afterAll(async () => {
    await database?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  /** An upload waiting for processing, with one performer's sealed files in storage. */
  async function upload(title: string): Promise<number> {
    const { id } = await insertVideo(db, { title, status: 2 });
    const videoId = Number(id);
    await db.insertInto('video_records').values({ video_id: videoId }).execute();
    const keys = {
      id_image_key: `records/${videoId}/a-0.id.bin`,
      consent_key: `records/${videoId}/a-0.consent.bin`,
    };
    for (const key of Object.values(keys)) {
      await storage.putStream(key, Readable.from([Buffer.from('sealed')]), {
        contentType: 'application/octet-stream',
      });
    }
    await db
      .insertInto('video_performers')
      .values({ video_id: videoId, position: 0, stage_name: 'Test Performer', ...keys })
      .execute();
    return videoId;
  }

  const setStatus = (id: number, status: 1 | 3 | 4 | 5) =>
    db.updateTable('videos').set({ status }).where('id', '=', id).execute();
  const ledger = (id: number) =>
    db.selectFrom('records_retention').selectAll().where('video_id', '=', id).executeTakeFirstOrThrow();
  /** Moves a ledger row's clock back, as if its events were `days` ago. */
  const age = (id: number, days: number) =>
    sql`UPDATE records_retention
          SET ended_at = ended_at - make_interval(days => ${days}),
              last_published_at = last_published_at - make_interval(days => ${days})
        WHERE video_id = ${id}`.execute(db);
  const filesOf = async (id: number) =>
    (
      await Promise.all(
        [`records/${id}/a-0.id.bin`, `records/${id}/a-0.consent.bin`].map((k) => storage.exists(k)),
      )
    ).filter(Boolean).length;
  const performersOf = async (id: number) =>
    (await db.selectFrom('video_performers').select('id').where('video_id', '=', id).execute()).length;

  it('keeps the ledger as the video is published, rejected, taken down and deleted', async () => {
    const id = await upload('Ledger clip');
    expect(await ledger(id)).toMatchObject({ last_published_at: null, ended_at: null, purged_at: null });
    await setStatus(id, 3);
    expect((await ledger(id)).ended_at).toBeNull();
    await setStatus(id, 4);
    const rejected = await ledger(id);
    expect(rejected.ended_at).toBeInstanceOf(Date);
    expect(rejected.last_published_at).toBeNull();
    // An appeal overturned: published after all; the rejection no longer counts.
    await setStatus(id, 1);
    const published = await ledger(id);
    expect(published.ended_at).toBeNull();
    expect(published.last_published_at).toBeInstanceOf(Date);
    // Taken down: the last publication is the moment it went down.
    await age(id, 1);
    await setStatus(id, 5);
    const down = await ledger(id);
    expect(down.last_published_at!.getTime()).toBeGreaterThan(published.last_published_at!.getTime());
    expect(down.ended_at).toBeNull();
    // Deleted: the ledger row outlives the video (no foreign key), the records rows go with it.
    await db.deleteFrom('videos').where('id', '=', id).execute();
    expect(await ledger(id)).toMatchObject({ ended_at: null, purged_at: null });
    expect(await performersOf(id)).toBe(0);
  });

  it('purges never-published uploads 30 days after they ended, published ones 7 years after', async () => {
    const now = new Date();
    // Rejected 31 days ago: due. Rejected 29 days ago: not yet.
    const oldReject = await upload('Old rejected clip');
    await setStatus(oldReject, 4);
    await age(oldReject, 31);
    const freshReject = await upload('Fresh rejected clip');
    await setStatus(freshReject, 4);
    await age(freshReject, 29);
    // Deleted before it was ever published, 31 days ago: due (its files outlived the rows).
    const deletedUnpublished = await upload('Deleted waiting clip');
    await setStatus(deletedUnpublished, 3);
    await db.deleteFrom('videos').where('id', '=', deletedUnpublished).execute();
    await age(deletedUnpublished, 31);
    // Published, then deleted: kept for 7 years after its last publication.
    const publishedGone = await upload('Published then deleted clip');
    await setStatus(publishedGone, 1);
    await db.deleteFrom('videos').where('id', '=', publishedGone).execute();
    await age(publishedGone, 365 * 6);
    const publishedLongGone = await upload('Published long ago clip');
    await setStatus(publishedLongGone, 1);
    await db.deleteFrom('videos').where('id', '=', publishedLongGone).execute();
    await age(publishedLongGone, 365 * 7 + 3);
    // Still published, approved 8 years ago: never due while it is up.
    const live = await upload('Live clip');
    await setStatus(live, 1);
    await age(live, 365 * 8);
    // Waiting in moderation for a long time: not ended, never due.
    const waiting = await upload('Waiting clip');
    await setStatus(waiting, 3);

    expect(retentionCutoffs(now).unpublished.getTime()).toBe(now.getTime() - 30 * DAY);
    const due = await dueForPurge(db, now);
    expect(due.sort((a, b) => a - b)).toEqual(
      [oldReject, deletedUnpublished, publishedLongGone].sort((a, b) => a - b),
    );

    expect(await purgeRecords({ db, storage, log, now: () => now })).toBe(3);
    for (const id of [oldReject, deletedUnpublished, publishedLongGone]) {
      expect(await filesOf(id)).toBe(0);
      expect((await ledger(id)).purged_at).toBeInstanceOf(Date);
    }
    // The rejected video still exists: its performer rows went with the files.
    expect(await performersOf(oldReject)).toBe(0);
    for (const id of [freshReject, publishedGone, live, waiting]) {
      expect(await filesOf(id)).toBe(2);
      expect((await ledger(id)).purged_at).toBeNull();
    }
    expect(await performersOf(freshReject)).toBe(1);
    // Done once: the next run finds nothing.
    expect(await purgeRecords({ db, storage, log, now: () => now })).toBe(0);
  });

  it('counts a video deleted with its account (deleted_at) as deleted (0058)', async () => {
    const now = new Date();
    const softDelete = (id: number) =>
      db.updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    // Waiting in the queue when its member left: never published, due 30 days later.
    const waiting = await upload('Waiting when the account went');
    await setStatus(waiting, 3);
    await softDelete(waiting);
    const ended = await ledger(waiting);
    expect(ended.ended_at).toBeInstanceOf(Date);
    expect(ended.last_published_at).toBeNull();
    // Published when its member left: its row keeps status 1, but it is no longer published.
    const published = await upload('Published when the account went');
    await setStatus(published, 1);
    await age(published, 365 * 8);
    await softDelete(published);
    expect((await ledger(published)).last_published_at!.getTime()).toBeGreaterThan(now.getTime() - DAY);
    await age(waiting, 31);
    await age(published, 365 * 7 + 3);
    const due = await dueForPurge(db, now);
    expect(due).toContain(waiting);
    expect(due).toContain(published);
  });

  it('0058 run again moves a soft-deleted video left undecided by 0057, and nothing else', async () => {
    const id = await upload('Left by its member before 0058');
    await setStatus(id, 3);
    await db
      .updateTable('videos')
      .set({ deleted_at: new Date(Date.now() - 40 * DAY) })
      .where('id', '=', id)
      .execute();
    // As 0057 left it: the soft deletion unseen.
    await db.updateTable('records_retention').set({ ended_at: null }).where('video_id', '=', id).execute();
    const before = await db.selectFrom('records_retention').selectAll().orderBy('video_id').execute();
    const script = readFileSync(
      new URL('../../db/migrations/0058-records-retention-gaps.sql', import.meta.url),
      'utf8',
    );
    for (let run = 0; run < 2; run++) await database.handle.withSession((s) => s.exec(script));
    const after = await db.selectFrom('records_retention').selectAll().orderBy('video_id').execute();
    const moved = after.find((r) => Number(r.video_id) === id)!;
    expect(moved.ended_at!.getTime()).toBeLessThan(Date.now() - 39 * DAY);
    // Rows of videos not deleted with an account are as they were.
    const softDeleted = new Set(
      (await db.selectFrom('videos').select('id').where('deleted_at', 'is not', null).execute()).map((v) =>
        Number(v.id),
      ),
    );
    const others = (rows: typeof after) => rows.filter((r) => !softDeleted.has(Number(r.video_id)));
    expect(others(after)).toEqual(others(before));
    expect(others(after).length).toBeGreaterThan(5);
    // One published when its account went counts as published until then, never less.
    for (const r of after.filter((r) => softDeleted.has(Number(r.video_id)) && r.last_published_at)) {
      const video = await db
        .selectFrom('videos')
        .select('deleted_at')
        .where('id', '=', r.video_id)
        .executeTakeFirstOrThrow();
      expect(r.last_published_at!.getTime()).toBeGreaterThanOrEqual(video.deleted_at!.getTime());
    }
    expect((await dueForPurge(db, new Date())).includes(id)).toBe(true);
  });

  it('enters the files of a video deleted before 0057 once, and purges them when their time is up', async () => {
    // As before 0057: the video and its rows gone, the sealed files left, no ledger row.
    const gone = await upload('Deleted before the ledger');
    await setStatus(gone, 4);
    await db.deleteFrom('videos').where('id', '=', gone).execute();
    await db.deleteFrom('records_retention').where('video_id', '=', gone).execute();
    await db.deleteFrom('site_settings').where('key', '=', ORPHANS_SWEPT_SETTING).execute();
    expect(await filesOf(gone)).toBe(2);
    const now = new Date();

    // The first run enters it: its history is unknown, so it is kept as a published video's.
    expect(await purgeRecords({ db, storage, log, now: () => now })).toBeGreaterThanOrEqual(0);
    const entered = await ledger(gone);
    expect(entered).toMatchObject({ ended_at: null, purged_at: null });
    expect(entered.last_published_at!.getTime()).toBe(now.getTime());
    expect(await filesOf(gone)).toBe(2);

    // The sweep is done once: another folder found later is not looked for again every day.
    const later = await upload('Deleted after the sweep');
    await db.deleteFrom('videos').where('id', '=', later).execute();
    await db.deleteFrom('records_retention').where('video_id', '=', later).execute();
    expect(await sweepOrphanRecords({ db, storage, log }, now)).toEqual([]);

    // Seven years and a day on, the purge deletes its files.
    const then = new Date(now.getTime() + (365 * 7 + 3) * DAY);
    expect(await dueForPurge(db, then)).toContain(gone);
    await purgeRecords({ db, storage, log, now: () => then });
    expect(await filesOf(gone)).toBe(0);
    expect((await ledger(gone)).purged_at).toBeInstanceOf(Date);

    // A new sweep (the marker cleared) enters the later folder, and only that one.
    await db.deleteFrom('site_settings').where('key', '=', ORPHANS_SWEPT_SETTING).execute();
    expect(await sweepOrphanRecords({ db, storage, log }, then)).toEqual([later]);
  });
});
