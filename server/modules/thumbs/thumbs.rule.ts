// The thumbnail trial's rule (issue 32 part 1; docs/decisions.md "Thumbnail trials"): Bayesian, with a
// Beta(1 + clicks, 1 + impressions − clicks) posterior of each still's click rate. The probability that
// a still is the best is estimated by Thompson draws (DRAWS joint samples; the winner of each draw
// counts once), with a pseudo-random generator seeded by the video and its counts, so the same counts
// always give the same decision (on every process, and in the tests).
// - Nothing is decided before every candidate still shown has MIN_IMPRESSIONS impressions.
// - A still whose probability of being best falls under DROP_BELOW leaves the cards (the page shows the
//   others: traffic goes where the doubt is), down to two.
// - The trial settles on a still once its probability reaches SETTLE_AT, or, past MAX_IMPRESSIONS in all
//   or MAX_DAYS of trial, on the still of highest posterior mean (the poster wins a tie).

export const MIN_IMPRESSIONS = 300;
export const SETTLE_AT = 0.95;
export const DROP_BELOW = 0.01;
export const MAX_IMPRESSIONS = 40_000;
export const MAX_DAYS = 30;
export const DRAWS = 4000;

export interface StillCount {
  still: number;
  impressions: number;
  clicks: number;
}

export type Decision =
  | { kind: 'wait' }
  | { kind: 'drop'; live: number[] }
  | { kind: 'settle'; still: number; reason: 'confident' | 'cap' | 'time' };

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Gamma(shape, 1) by Marsaglia and Tsang; shape ≥ 1 here (Beta parameters start at 1). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

const posterior = (c: StillCount) => ({
  a: 1 + c.clicks,
  b: 1 + Math.max(0, c.impressions - c.clicks),
});

/** A seed from the video and its counts: the same counts, the same draws. */
export function seedOf(videoId: number, counts: readonly StillCount[]): number {
  let h = 2166136261 ^ videoId;
  for (const c of counts) {
    for (const n of [c.still, c.impressions, c.clicks]) {
      h = Math.imul(h ^ n, 16777619);
      h = Math.imul(h ^ (n / 4294967296), 16777619);
    }
  }
  return h >>> 0;
}

/** Each still's probability of having the highest click rate, by still. */
export function probabilityBest(
  counts: readonly StillCount[],
  random: () => number,
  draws = DRAWS,
): Map<number, number> {
  const params = counts.map(posterior);
  const wins = new Array<number>(counts.length).fill(0);
  for (let i = 0; i < draws; i++) {
    let best = 0;
    let bestValue = -1;
    for (let j = 0; j < params.length; j++) {
      const p = params[j]!;
      const value = beta(p.a, p.b, random);
      if (value > bestValue) {
        bestValue = value;
        best = j;
      }
    }
    wins[best]! += 1;
  }
  return new Map(counts.map((c, j) => [c.still, wins[j]! / draws]));
}

/** The still of highest posterior mean; the lowest still number (the poster first) wins a tie. */
export function bestMean(counts: readonly StillCount[]): number {
  let best = counts[0]!;
  let bestMean = -1;
  for (const c of [...counts].sort((x, y) => x.still - y.still)) {
    const { a, b } = posterior(c);
    const mean = a / (a + b);
    if (mean > bestMean) {
      bestMean = mean;
      best = c;
    }
  }
  return best.still;
}

/**
 * What to do with a running trial: `live` its stills still shown, `counts` every candidate's counts
 * (a still without a row counts zero), `ageDays` since it started.
 */
export function decide(trial: {
  videoId: number;
  live: readonly number[];
  counts: readonly StillCount[];
  ageDays: number;
}): Decision {
  const byStill = new Map(trial.counts.map((c) => [c.still, c]));
  const live = trial.live.map((still) => byStill.get(still) ?? { still, impressions: 0, clicks: 0 });
  if (live.length === 0) return { kind: 'settle', still: 0, reason: 'time' };
  if (live.length === 1) return { kind: 'settle', still: live[0]!.still, reason: 'confident' };
  const total = trial.counts.reduce((sum, c) => sum + c.impressions, 0);
  if (total >= MAX_IMPRESSIONS) return { kind: 'settle', still: bestMean(live), reason: 'cap' };
  if (trial.ageDays >= MAX_DAYS) return { kind: 'settle', still: bestMean(live), reason: 'time' };
  if (live.some((c) => c.impressions < MIN_IMPRESSIONS)) return { kind: 'wait' };
  const p = probabilityBest(live, seededRandom(seedOf(trial.videoId, live)));
  for (const c of live)
    if ((p.get(c.still) ?? 0) >= SETTLE_AT) return { kind: 'settle', still: c.still, reason: 'confident' };
  const kept = live.filter((c) => (p.get(c.still) ?? 0) >= DROP_BELOW).map((c) => c.still);
  if (kept.length < live.length && kept.length >= 2) return { kind: 'drop', live: kept };
  return { kind: 'wait' };
}

/** Candidates for a trial: the poster and up to `thumbs` of the thumbnails, spread over the video. */
export function candidatesOf(thumbNumbers: readonly number[], thumbs = 3): number[] {
  const sorted = [...new Set(thumbNumbers)].filter((n) => n > 0).sort((a, b) => a - b);
  if (sorted.length <= thumbs) return [0, ...sorted];
  // Evenly spaced picks: for 6 thumbnails and 3 picks, the 2nd, 4th and 6th.
  const step = sorted.length / thumbs;
  const picked = Array.from({ length: thumbs }, (_, i) => sorted[Math.ceil((i + 1) * step) - 1]!);
  return [0, ...new Set(picked)];
}
