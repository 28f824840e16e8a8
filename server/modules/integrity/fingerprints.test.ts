// Fingerprint storage and matching on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// a fingerprint is stored and read back whole; the band index finds a trimmed, noisy copy among 300
// stored fingerprints while naming only a handful of candidates; the options narrow the search; the
// possible duplicates found for a video read from both sides, without known pairs or deleted videos,
// and everything goes with the video's row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandKeys } from '../../media/fingerprint.ts';
import { seededRandom } from '../../media/fingerprint-clips.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { createFingerprintsRepository } from './fingerprints.repository.ts';
import {
  findMatches,
  fingerprintOf,
  markKnownDuplicates,
  matchesOf,
  recordMatches,
  saveFingerprint,
} from './fingerprints.service.ts';

function randomHashes(seed: number, n: number): bigint[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    let h = 0n;
    for (let b = 0n; b < 64n; b++) if (random() < 0.5) h |= 1n << b;
    return h;
  });
}

/** A copy: the first `trim` frames gone, `bits` bits of every hash flipped. */
function alteredCopy(frames: readonly bigint[], trim: number, bits: number, seed: number): bigint[] {
  const random = seededRandom(seed);
  return frames.slice(trim).map((hash) => {
    let out = hash;
    const chosen = new Set<number>();
    while (chosen.size < bits) chosen.add(Math.floor(random() * 64));
    for (const b of chosen) out ^= 1n << BigInt(b);
    return out;
  });
}

const INTERVAL = 1000;

describe.each(databaseKinds())('video fingerprints on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let counter = 0;
  const newVideo = async () => {
    counter += 1;
    return Number((await insertVideo(db(), { title: `Fingerprint video ${kind} ${counter}` })).id);
  };
  // 300 stored videos of 20–60 random frames each.
  const stored: Array<{ id: number; frames: bigint[] }> = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 300; i++) {
      const id = await newVideo();
      const frames = randomHashes(1000 + i, 20 + (i % 41));
      await saveFingerprint(db(), id, { intervalMs: INTERVAL, frames });
      stored.push({ id, frames });
    }
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('stores a fingerprint whole and replaces it', async () => {
    const id = await newVideo();
    expect(await fingerprintOf(db(), id)).toBeNull();
    const frames = [0n, 1n, (1n << 64n) - 1n, ...randomHashes(7, 10)];
    await saveFingerprint(db(), id, { intervalMs: INTERVAL, frames });
    expect(await fingerprintOf(db(), id)).toEqual({ intervalMs: INTERVAL, frames });
    const bands = () =>
      db()
        .selectFrom('video_fingerprint_bands')
        .select(['band', 'value'])
        .where('video_id', '=', id)
        .execute();
    expect(await bands()).toHaveLength(bandKeys(frames).length);
    const next = randomHashes(8, 5);
    await saveFingerprint(db(), id, { intervalMs: 2000, frames: next });
    expect(await fingerprintOf(db(), id)).toEqual({ intervalMs: 2000, frames: next });
    expect(await bands()).toHaveLength(bandKeys(next).length);
    await expect(saveFingerprint(db(), id, { intervalMs: 0, frames: next })).rejects.toThrow(RangeError);
  });

  it('finds a trimmed, noisy copy among 300 through the index, naming only a few candidates', async () => {
    const target = stored[150]!;
    const copy = alteredCopy(target.frames, 3, 5, 42);
    const found = await findMatches(db(), { intervalMs: INTERVAL, frames: copy });
    expect(found).toHaveLength(1);
    expect(found[0]!.video_id).toBe(target.id);
    expect(found[0]!.similarity).toBeGreaterThanOrEqual(0.9);
    // The index, not a scan: few videos share a band with the copy.
    const candidates = await createFingerprintsRepository(db()).candidates(bandKeys(copy), { limit: 1000 });
    expect(candidates[0]!.video_id).toBe(target.id);
    expect(candidates.length).toBeLessThan(30);
    // Something never stored matches nothing.
    expect(await findMatches(db(), { intervalMs: INTERVAL, frames: randomHashes(99_999, 40) })).toEqual([]);
    // Another interval is another kind of fingerprint: not compared.
    expect(await findMatches(db(), { intervalMs: 2000, frames: copy })).toEqual([]);
  });

  it('narrows the search by the options', async () => {
    const a = stored[10]!;
    const b = stored[11]!;
    // b's second half is a's first: a partial copy.
    const mixed = [...a.frames.slice(0, 20), ...b.frames.slice(0, 20)];
    const both = await findMatches(db(), { intervalMs: INTERVAL, frames: mixed });
    expect(both.map((m) => m.video_id).sort()).toEqual([a.id, b.id].sort());
    expect(
      await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { excludeVideoId: a.id }),
    ).toEqual([expect.objectContaining({ video_id: b.id })]);
    expect(
      await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { excludeVideoIds: [a.id, b.id] }),
    ).toEqual([]);
    expect(await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { limit: 1 })).toHaveLength(1);
    expect(await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { minSimilarity: 1.01 })).toEqual(
      [],
    );
    // A block list: only those videos, compared exactly (few) or through the index (many).
    const only = await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { onlyVideoIds: [b.id] });
    expect(only.map((m) => m.video_id)).toEqual([b.id]);
    const many = stored.slice(0, 250).map((s) => s.id);
    const viaIndex = await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { onlyVideoIds: many });
    expect(viaIndex.map((m) => m.video_id).sort()).toEqual([a.id, b.id].sort());
    expect(await findMatches(db(), { intervalMs: INTERVAL, frames: mixed }, { onlyVideoIds: [] })).toEqual(
      [],
    );
  });

  it('keeps a video’s possible duplicates, read from both sides, without known pairs or deleted videos', async () => {
    const original = await newVideo();
    const copyId = await newVideo();
    const unrelated = await newVideo();
    const frames = randomHashes(31_337, 30);
    await saveFingerprint(db(), original, { intervalMs: INTERVAL, frames });
    await saveFingerprint(db(), copyId, { intervalMs: INTERVAL, frames: alteredCopy(frames, 2, 4, 7) });
    await saveFingerprint(db(), unrelated, { intervalMs: INTERVAL, frames: randomHashes(31_338, 30) });

    const found = await recordMatches(db(), copyId);
    expect(found).toEqual([{ video_id: original, similarity: 1 }]);
    expect(await recordMatches(db(), unrelated)).toEqual([]);
    expect(await recordMatches(db(), 987_654_321)).toEqual([]);
    expect(await matchesOf(db(), copyId)).toEqual([{ video_id: original, similarity: 1 }]);
    expect(await matchesOf(db(), original)).toEqual([{ video_id: copyId, similarity: 1 }]);
    // Recorded again (a repeated pipeline run): still one row.
    await recordMatches(db(), copyId);
    const rows = await db().selectFrom('video_matches').selectAll().where('video_id', '=', copyId).execute();
    expect(rows).toHaveLength(1);

    // Alike on purpose: hidden at once, and not found again.
    await markKnownDuplicates(db(), [[copyId, original]]);
    expect(await matchesOf(db(), copyId)).toEqual([]);
    expect(await matchesOf(db(), original)).toEqual([]);
    expect(await recordMatches(db(), copyId)).toEqual([]);
    await db()
      .deleteFrom('video_known_duplicates')
      .where('video_id', '=', Math.min(copyId, original))
      .execute();
    await recordMatches(db(), copyId);
    expect(await matchesOf(db(), copyId)).toHaveLength(1);

    // A deleted (soft) original is not shown; a removed row takes its fingerprint, bands and matches along.
    await db().updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', original).execute();
    expect(await matchesOf(db(), copyId)).toEqual([]);
    await db().deleteFrom('videos').where('id', '=', copyId).execute();
    expect(await fingerprintOf(db(), copyId)).toBeNull();
    for (const table of ['video_fingerprint_bands', 'video_matches'] as const) {
      expect(
        await db().selectFrom(table).select('video_id').where('video_id', '=', copyId).execute(),
      ).toEqual([]);
    }
    expect(
      await db().selectFrom('video_matches').select('other_id').where('other_id', '=', copyId).execute(),
    ).toEqual([]);
  });

  it('marks every pair of a group as known duplicates once', async () => {
    const ids = [await newVideo(), await newVideo(), await newVideo()];
    await markKnownDuplicates(db(), [ids, ids]);
    const rows = await db()
      .selectFrom('video_known_duplicates')
      .select(['video_id', 'other_id'])
      .where('video_id', 'in', ids)
      .orderBy('video_id')
      .orderBy('other_id')
      .execute();
    expect(rows.map((r) => [Number(r.video_id), Number(r.other_id)])).toEqual([
      [ids[0], ids[1]],
      [ids[0], ids[2]],
      [ids[1], ids[2]],
    ]);
    expect((await createFingerprintsRepository(db()).knownDuplicatesOf(ids[2]!)).sort()).toEqual(
      [ids[0], ids[1]].sort(),
    );
  });
});
