// Retention of performer records (issue 31) on both databases: the ledger the triggers of migration 0057
// keep as videos are published, rejected, taken down, re-approved and deleted, and the `records.purge`
// job deleting the sealed files (and performer rows) of uploads never published 30 days after they
// ended, of published videos 7 years after their last publication once they are down, and nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { dueForPurge, purgeRecords, retentionCutoffs } from './records-retention.job.ts';

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
});
