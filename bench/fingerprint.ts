// The video fingerprint's false-match rate and recall (issue 31): `npm run bench:fingerprint [-- --clips
// 500 --copies 50 --concurrency 2]`. Generates distinct synthetic clips with ffmpeg
// (server/media/fingerprint-clips.ts), fingerprints them, stores them in an in-memory PGlite through the
// real service, then measures
//   (a) false matches: pairs of different clips at or above the threshold, over all pairs exactly and
//       through the band index (findMatches);
//   (b) true matches: altered copies (bitrate, resolution, 5 % crop, 3 s trimmed, corner watermark,
//       all at once) of the first clips, exactly and through the index (recall).
// Prints a table and appends it to bench/report.md.
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, pgliteHandle } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import {
  computeFingerprint,
  DEFAULT_MIN_SIMILARITY,
  FINGERPRINT_INTERVAL_MS,
  MATCH_MAX_DISTANCE,
  sequenceSimilarity,
} from '../server/media/fingerprint.ts';
import {
  alteredCopyArgs,
  COPY_ALTERATIONS,
  type CopyAlteration,
  syntheticClip,
  syntheticClipArgs,
} from '../server/media/fingerprint-clips.ts';
import { runFfmpeg } from '../server/media/runner.ts';
import { DRAWTEXT_FONT_FILE, mediaTools } from '../server/media/tools.ts';
import { findMatches, saveFingerprint } from '../server/modules/integrity/fingerprints.service.ts';

const { values } = parseArgs({
  options: {
    clips: { type: 'string', default: '500' },
    copies: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '2' },
    report: { type: 'string', default: path.join(import.meta.dirname, 'report.md') },
    'no-report': { type: 'boolean', default: false },
  },
});
const CLIPS = Number(values.clips);
const COPIES = Math.min(Number(values.copies), CLIPS);
const CONCURRENCY = Math.max(1, Number(values.concurrency));
const threshold = DEFAULT_MIN_SIMILARITY;

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
const dir = await mkdtemp(path.join(tmpdir(), 'bench-fingerprint-'));
const handle = pgliteHandle(await openPglite());
try {
  await migrate(handle);
  const { db } = handle;
  console.log(
    `ffmpeg: ${mediaTools().ffmpeg.version}; ${CLIPS} clips, ${COPIES} × ${COPY_ALTERATIONS.length} copies`,
  );

  // Clips, fingerprinted and stored.
  const seeds = Array.from({ length: CLIPS }, (_, i) => i + 1);
  const clips = await mapLimited(seeds, CONCURRENCY, async (seed) => {
    const clip = syntheticClip(seed);
    const file = path.join(dir, `clip-${seed}.mp4`);
    await runFfmpeg(syntheticClipArgs(clip, file));
    const fingerprint = await computeFingerprint(file, { workDir: dir });
    if (seed > COPIES) await rm(file);
    return { seed, clip, file, frames: fingerprint.frames };
  });
  console.log(`clips made and fingerprinted (${seconds()} s)`);
  const ids = new Map<number, number>(); // seed → video id
  for (const c of clips) {
    const { id } = await db
      .insertInto('videos')
      .values({ dir: `bench-${c.seed}`, title: `Bench clip ${c.seed}`, status: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(c.seed, Number(id));
    await saveFingerprint(db, Number(id), { intervalMs: FINGERPRINT_INTERVAL_MS, frames: c.frames });
  }
  const seedOf = new Map([...ids].map(([seed, id]) => [id, seed]));
  const frames = clips.map((c) => c.frames.length);
  const flat = clips.reduce((n, c) => n + c.frames.filter((f) => f === 0n).length, 0);

  // (a) All pairs, exactly; then every clip through the index.
  let pairs = 0;
  const falsePairs: Array<{ a: number; b: number; similarity: number }> = [];
  const buckets = { '≥ 0.3': 0, '≥ 0.5': 0, '≥ 0.7': 0, '≥ 0.9': 0 };
  for (let i = 0; i < clips.length; i++) {
    for (let j = i + 1; j < clips.length; j++) {
      pairs += 1;
      const { similarity } = sequenceSimilarity(clips[i]!.frames, clips[j]!.frames);
      if (similarity >= 0.3) buckets['≥ 0.3'] += 1;
      if (similarity >= 0.5) buckets['≥ 0.5'] += 1;
      if (similarity >= 0.7) buckets['≥ 0.7'] += 1;
      if (similarity >= 0.9) buckets['≥ 0.9'] += 1;
      if (similarity >= threshold) falsePairs.push({ a: clips[i]!.seed, b: clips[j]!.seed, similarity });
    }
  }
  let indexFalse = 0;
  const indexStarted = Date.now();
  for (const c of clips) {
    const found = await findMatches(
      db,
      { intervalMs: FINGERPRINT_INTERVAL_MS, frames: c.frames },
      { excludeVideoId: ids.get(c.seed) },
    );
    indexFalse += found.length;
  }
  const indexMs = (Date.now() - indexStarted) / clips.length;
  console.log(`all pairs compared, index queried (${seconds()} s)`);

  // (b) Altered copies of the first clips.
  const copyJobs = clips
    .slice(0, COPIES)
    .flatMap((c) => COPY_ALTERATIONS.map((alteration) => ({ c, alteration })));
  const copies = await mapLimited(copyJobs, CONCURRENCY, async ({ c, alteration }) => {
    const file = path.join(dir, `copy-${c.seed}-${alteration}.mp4`);
    await runFfmpeg(
      alteredCopyArgs(c.file, file, alteration, {
        width: c.clip.width,
        height: c.clip.height,
        fontFile: DRAWTEXT_FONT_FILE,
      }),
    );
    const fingerprint = await computeFingerprint(file, { workDir: dir });
    await rm(file);
    return { seed: c.seed, kind: c.clip.kind, alteration, frames: fingerprint.frames, original: c.frames };
  });
  const perAlteration = new Map<
    CopyAlteration,
    { n: number; exact: number; index: number; wrong: number; sum: number }
  >();
  const perKind = new Map<string, { n: number; exact: number }>();
  for (const copy of copies) {
    const row = perAlteration.get(copy.alteration) ?? { n: 0, exact: 0, index: 0, wrong: 0, sum: 0 };
    const { similarity } = sequenceSimilarity(copy.frames, copy.original);
    row.n += 1;
    row.sum += similarity;
    if (similarity >= threshold) row.exact += 1;
    const found = await findMatches(db, { intervalMs: FINGERPRINT_INTERVAL_MS, frames: copy.frames });
    if (found.some((m) => seedOf.get(m.video_id) === copy.seed)) row.index += 1;
    row.wrong += found.filter((m) => seedOf.get(m.video_id) !== copy.seed).length;
    perAlteration.set(copy.alteration, row);
    const kind = perKind.get(copy.kind) ?? { n: 0, exact: 0 };
    kind.n += 1;
    if (similarity >= threshold) kind.exact += 1;
    perKind.set(copy.kind, kind);
  }
  console.log(`copies made and matched (${seconds()} s)`);

  const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
  const lines: string[] = [];
  lines.push(
    `Threshold: similarity ≥ ${threshold} (share of the shorter clip's informative frames within ${MATCH_MAX_DISTANCE} bits at one offset).`,
    `Clips: ${CLIPS} (${Math.min(...frames)}–${Math.max(...frames)} hashes each, ${flat} of ${frames.reduce((a, b) => a + b, 0)} flat), 160x90, 10–20 s, ${CLIPS / 5} each of mandelbrot, life, cellauto, pattern, shapes.`,
    '',
    '| different clips | pairs | at or above |',
    '|---|---:|---:|',
    ...Object.entries(buckets).map(
      ([k, n]) => `| all pairs, exact, similarity ${k} | ${pairs} | ${n} (${pct(n, pairs)}) |`,
    ),
    `| through the index (findMatches per clip, itself excluded) | ${clips.length} queries | ${indexFalse} matches |`,
    '',
    '| altered copy | copies | match exactly | found by the index | wrong clips found | mean similarity |',
    '|---|---:|---:|---:|---:|---:|',
    ...[...perAlteration].map(
      ([a, r]) =>
        `| ${a} | ${r.n} | ${r.exact} (${pct(r.exact, r.n)}) | ${r.index} (${pct(r.index, r.n)}) | ${r.wrong} | ${(r.sum / r.n).toFixed(2)} |`,
    ),
    '',
    `Copies matching by kind of clip: ${[...perKind].map(([k, r]) => `${k} ${r.exact}/${r.n}`).join(', ')}.`,
    `False pairs at the threshold (first 10): ${
      falsePairs
        .sort((x, y) => y.similarity - x.similarity)
        .slice(0, 10)
        .map(
          (p) =>
            `${p.a}/${p.b} (${syntheticClip(p.a).kind}/${syntheticClip(p.b).kind}) ${p.similarity.toFixed(2)}`,
        )
        .join(', ') || 'none'
    }.`,
    `Index query: ${indexMs.toFixed(1)} ms on average (PGlite, ${CLIPS} fingerprints). Total ${seconds()} s.`,
  );
  const table = lines.join('\n');
  console.log(`\n${table}`);
  if (!values['no-report']) {
    const command = `npm run bench:fingerprint -- --clips ${CLIPS} --copies ${COPIES} --concurrency ${CONCURRENCY}`;
    await appendFile(
      values.report,
      `\n## Video fingerprints: false matches and recall (${new Date().toISOString().slice(0, 10)})\n\n\`${command}\`\n(ffmpeg ${mediaTools().ffmpeg.version}, ${mediaTools().ffmpeg.source})\n\n${table}\n`,
    );
  }
} finally {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
}
