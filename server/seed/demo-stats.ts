// Daily roll-ups and search keywords of the demo plan.
import { VIDEO_STATUS } from '../../contract/catalog.ts';
import { DAY_MS, isoDay, longTail, type Rng } from './demo-data.ts';
import type { DemoPlan, VideoPlan } from './demo-plan.ts';
import { CATEGORY_TITLES, TAG_TITLES } from './demo-words.ts';

/**
 * The last `days` days of each listed video: views spread over the days (decaying from the post date
 * for new videos), likes and dislikes counted from the vote rows of the same day. Never more views
 * in the window than the video has in total.
 */
export function dailyStats(
  rng: Rng,
  videos: VideoPlan[],
  votes: DemoPlan['votes'],
  now: Date,
  days: number,
): DemoPlan['stats'] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayIndex = (d: Date) =>
    Math.floor((today - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) / DAY_MS);
  const voteDays = new Map<number, Map<number, [number, number]>>();
  for (const v of votes) {
    if (v.section !== 'video') continue;
    const d = dayIndex(v.at);
    if (d >= days) continue;
    const perDay = voteDays.get(v.object) ?? new Map<number, [number, number]>();
    const counts = perDay.get(d) ?? [0, 0];
    counts[v.vote === 1 ? 0 : 1]++;
    perDay.set(d, counts);
    voteDays.set(v.object, perDay);
  }
  const out: DemoPlan['stats'] = [];
  for (const [vi, v] of videos.entries()) {
    if (v.status !== VIDEO_STATUS.active) continue;
    const posted = dayIndex(v.postDate);
    const first = Math.min(days - 1, posted);
    const recent = posted < days;
    const windowViews = Math.floor(v.views * (recent ? 0.9 : 0.03 + 0.22 * rng.next()));
    // d counts back from today: d = first is the oldest day in the window.
    const weights = Array.from({ length: first + 1 }, (_, d) =>
      recent ? Math.exp(-(first - d) / 7) * (0.6 + 0.8 * rng.next()) : 0.5 + rng.next() + (d < 7 ? 0.3 : 0),
    );
    const total = weights.reduce((a, b) => a + b, 0);
    for (let d = first; d >= 0; d--) {
      const views = Math.floor((windowViews * weights[d]!) / total);
      const [likes, dislikes] = voteDays.get(vi)?.get(d) ?? [0, 0];
      if (views === 0 && likes === 0 && dislikes === 0) continue;
      out.push({ video: vi, day: isoDay(new Date(today - d * DAY_MS)), views, likes, dislikes });
    }
  }
  return out;
}

/** `count` neutral search words: the tag and category names, then pairs of them. */
export function searchKeywords(rng: Rng, count: number): DemoPlan['keywords'] {
  const words = new Set<string>();
  for (const t of [...TAG_TITLES, ...CATEGORY_TITLES]) words.add(t.toLowerCase());
  while (words.size < count) {
    words.add(`${rng.pick(CATEGORY_TITLES)} ${rng.pick(TAG_TITLES)}`.toLowerCase());
  }
  // Distinct visitors (an address once a day) below the searches, drawn from no random number so the
  // rest of the plan stays as it was; the demo's terms are offered like real ones (issue 34).
  return [...words].map((keyword) => {
    const searches = longTail(rng, 1, 5_000, 2);
    return { keyword, searches, visitors: Math.ceil(searches / 4) };
  });
}
