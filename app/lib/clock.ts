// Seconds as a clock (75 → "1:15", 3725 → "1:02:05"): the player's times, and durations in the
// console, the moderation queue and a member's uploads. A module of its own so that a page that shows
// a duration does not load the component it was first written in.

/** Whole seconds, rounded down (the player's position); not a number reads as 0:00. */
export function clockTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A duration to the nearest second. */
export const durationClock = (seconds: number): string => clockTime(Math.round(seconds));
