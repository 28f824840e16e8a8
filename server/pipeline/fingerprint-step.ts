// The pipeline's 'fingerprint' step (issue 31), right after the probe: the perceptual fingerprint of
// the source (server/media/fingerprint.ts), stored; then the upload is screened against the block
// lists (modules/integrity/screening.ts, which throws to reject it) and its possible duplicates are
// kept for moderation. Only the decoding is skipped on a repeated run: screening and matching are
// cheap reads, run again each time, so a run killed between them cannot let an upload through unscreened.
import { computeFingerprint } from '../media/fingerprint.ts';
import { fingerprintOf, recordMatches, saveFingerprint } from '../modules/integrity/fingerprints.service.ts';
import { screenUpload } from '../modules/integrity/screening.ts';
import type { ProbedRun } from './run-steps.ts';

/** Share of the whole job the decoding takes (after the probe's 2 %). */
export const FINGERPRINT_SPAN: [number, number] = [2, 6];

export async function fingerprintStep(run: ProbedRun): Promise<void> {
  const { db } = run;
  let fingerprint = await fingerprintOf(db, run.videoId);
  run.step('fingerprint', fingerprint !== null);
  if (!fingerprint) {
    fingerprint = await computeFingerprint(run.sourceFile, {
      signal: run.signal,
      workDir: run.work,
      // Decoding runs at several times real time; a stuck decoder still ends.
      timeoutMs: Math.max(10 * 60_000, run.probe.durationSeconds * 2_000),
    });
    await saveFingerprint(db, run.videoId, fingerprint);
  }
  await screenUpload({
    db,
    videoId: run.videoId,
    frames: fingerprint.frames,
    intervalMs: fingerprint.intervalMs,
    sourceFile: run.sourceFile,
  });
  await recordMatches(db, run.videoId);
  run.progress.report(FINGERPRINT_SPAN[1], true);
}
