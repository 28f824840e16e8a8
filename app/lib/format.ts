// Display rules for numbers, percentages and dates (spec/shell.md §9).

/** 4 to 6 digits become the leading digits plus K; 7 or more become the leading digits plus M. */
export function shortNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '0';
  const n = Math.floor(value);
  if (n >= 1_000_000) return `${Math.floor(n / 1_000_000)}M`;
  if (n >= 1_000) return `${Math.floor(n / 1_000)}K`;
  return String(n);
}

/** A 0..5 score as a percentage: value / 0.05, rounded, capped at 100. */
export function percent(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(100, Math.round(value / 0.05));
}

export type RelativeDateKey = 'years_ago' | 'months_ago' | 'days_ago' | 'today';

export interface RelativeDate {
  /** i18n key under misc.date */
  key: RelativeDateKey;
  count: number;
}

const DAY_MS = 86_400_000;

/** Years are days / 365, months days / 30; anything under a day (or in the future) is today. */
export function relativeDate(date: string | number | Date, now: number): RelativeDate {
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return { key: 'today', count: 0 };
  const days = Math.floor((now - then) / DAY_MS);
  if (days >= 365) return { key: 'years_ago', count: Math.floor(days / 365) };
  if (days >= 30) return { key: 'months_ago', count: Math.floor(days / 30) };
  if (days >= 1) return { key: 'days_ago', count: days };
  return { key: 'today', count: 0 };
}

/** Seconds as an ISO 8601 duration, as schema.org wants it (PT1H2M3S). */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `PT${h ? `${h}H` : ''}${h || m ? `${m}M` : ''}${sec}S`;
}

/** A readable title from a URL dir while the real object is not loaded: "jane-doe" → "Jane Doe". */
export function titleFromDir(dir: string): string {
  return dir
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
