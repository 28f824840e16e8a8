// Video fingerprints (issue 31): store one, find the stored videos that look like a fingerprint, and
// keep the possible duplicates of each processed video for moderation. Matching has two stages: the
// band index names candidates (videos sharing a 16-bit band of some frame hash), then the exact
// time-offset comparison of server/media/fingerprint.ts decides. So a query reads a few hundred
// fingerprints at most, whatever the number of videos.
import type { DB } from '../../db/database.ts';
import {
  bandKeys,
  DEFAULT_MIN_SIMILARITY,
  decodeFrames,
  encodeFrames,
  type FingerprintMatch,
  MAX_INDEXED_FRAMES,
  matchAgainst,
} from '../../media/fingerprint.ts';
import { createFingerprintsRepository } from './fingerprints.repository.ts';

export type { FingerprintMatch };

export interface StoredFingerprint {
  intervalMs: number;
  /** One 64-bit hash per sample, in time order (0n: a flat frame). */
  frames: bigint[];
}

export interface FindMatchesOptions {
  /** Leave this video out (the query's own). */
  excludeVideoId?: number;
  /** Leave these out too (known duplicates). */
  excludeVideoIds?: readonly number[];
  /** Default DEFAULT_MIN_SIMILARITY (0.5). */
  minSimilarity?: number;
  /** Most matches answered; default 10. */
  limit?: number;
  /** Compare with these videos only (a block list): all of them exactly when they are few. */
  onlyVideoIds?: readonly number[];
}

/** Candidates the index names per query, compared exactly. */
export const CANDIDATE_LIMIT = 200;
/** Matches kept per processed video. */
export const MATCHES_KEPT = 10;

export async function saveFingerprint(
  db: DB,
  videoId: number,
  fingerprint: StoredFingerprint,
): Promise<void> {
  if (!Number.isInteger(fingerprint.intervalMs) || fingerprint.intervalMs <= 0) {
    throw new RangeError('intervalMs must be a positive integer');
  }
  await createFingerprintsRepository(db).save(
    videoId,
    fingerprint.intervalMs,
    encodeFrames(fingerprint.frames),
    bandKeys(fingerprint.frames, MAX_INDEXED_FRAMES),
  );
}

export async function fingerprintOf(db: DB, videoId: number): Promise<StoredFingerprint | null> {
  const row = await createFingerprintsRepository(db).fingerprint(videoId);
  return row ? { intervalMs: row.interval_ms, frames: decodeFrames(new Uint8Array(row.frames)) } : null;
}

/** The stored videos that show what `query` shows, best first: `[{ video_id, similarity }]`, similarity 0–1. */
export async function findMatches(
  db: DB,
  query: StoredFingerprint,
  options: FindMatchesOptions = {},
): Promise<FingerprintMatch[]> {
  const repository = createFingerprintsRepository(db);
  const excluded = new Set(options.excludeVideoIds ?? []);
  if (options.excludeVideoId !== undefined) excluded.add(options.excludeVideoId);
  let ids: number[];
  if (options.onlyVideoIds && options.onlyVideoIds.length <= CANDIDATE_LIMIT) {
    ids = [...new Set(options.onlyVideoIds)];
  } else {
    const candidates = await repository.candidates(bandKeys(query.frames), {
      excludeVideoId: options.excludeVideoId,
      onlyVideoIds: options.onlyVideoIds,
      limit: CANDIDATE_LIMIT + excluded.size,
    });
    ids = candidates.map((c) => c.video_id);
  }
  ids = ids.filter((id) => !excluded.has(id)).slice(0, CANDIDATE_LIMIT);
  const rows = await repository.fingerprints(ids);
  const candidates = rows
    .filter((r) => r.interval_ms === query.intervalMs)
    .map((r) => ({ video_id: Number(r.video_id), frames: decodeFrames(new Uint8Array(r.frames)) }));
  return matchAgainst(query.frames, candidates, {
    minSimilarity: options.minSimilarity ?? DEFAULT_MIN_SIMILARITY,
  }).slice(0, options.limit ?? 10);
}

/**
 * Finds and keeps the possible duplicates of a video from its stored fingerprint (itself and the
 * videos known to be alike left out). Answers them; none when it has no fingerprint.
 */
export async function recordMatches(
  db: DB,
  videoId: number,
  options: { minSimilarity?: number } = {},
): Promise<FingerprintMatch[]> {
  const fingerprint = await fingerprintOf(db, videoId);
  if (!fingerprint) return [];
  const repository = createFingerprintsRepository(db);
  const matches = await findMatches(db, fingerprint, {
    excludeVideoId: videoId,
    excludeVideoIds: await repository.knownDuplicatesOf(videoId),
    minSimilarity: options.minSimilarity,
    limit: MATCHES_KEPT,
  });
  await repository.replaceMatches(videoId, matches);
  return matches;
}

/** The possible duplicates of one video, best first (both directions; known pairs and deleted videos left out). */
export async function matchesOf(db: DB, videoId: number): Promise<FingerprintMatch[]> {
  return (await createFingerprintsRepository(db).matchesOf([videoId], MATCHES_KEPT)).get(videoId) ?? [];
}

/** The best possible duplicate of each of these videos, where there is one. */
export async function bestMatchesOf(
  db: DB,
  videoIds: readonly number[],
): Promise<Map<number, FingerprintMatch>> {
  const all = await createFingerprintsRepository(db).matchesOf(videoIds, 1);
  return new Map([...all].flatMap(([id, list]) => (list[0] ? [[id, list[0]] as const] : [])));
}

/** Marks every pair of these videos as alike on purpose (the demo catalogue's shared clips). */
export async function markKnownDuplicates(db: DB, groups: ReadonlyArray<readonly number[]>): Promise<void> {
  const pairs: Array<[number, number]> = [];
  for (const group of groups) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) pairs.push([group[i]!, group[j]!]);
    }
  }
  for (let i = 0; i < pairs.length; i += 500) {
    await createFingerprintsRepository(db).addKnownDuplicates(pairs.slice(i, i + 500));
  }
}
