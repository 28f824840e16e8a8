// The dashboard's calls from the browser (issue 17; contract/admin-dashboard.ts) and its small
// formatters. A refusal is an ApiError carrying the answer's code, which the page shows as a notice.
import { JOBS_PATH, type JobActResult } from '../../contract/admin-dashboard.ts';
import { ApiError, send } from './api-client.ts';

export { ApiError };

/** POST /api/admin/jobs.php: act=retry with job_id, or act=reprocess with video_id. */
export async function postJobAct(
  fields: { act: 'retry'; job_id: string } | { act: 'reprocess'; video_id: string },
): Promise<JobActResult> {
  const answer = await send(JOBS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields),
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as JobActResult;
}

/** The code of a failed call, for `admin_dashboard.error.{code}`. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'network';
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** 1536 → "1.5 kB" in the page's language (Intl's units, 1024 to the step). */
export function humanBytes(bytes: number, locale = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

/** A UTC day (YYYY-MM-DD) as a short date without the year, e.g. "Nov 26". */
export function shortDay(day: string, locale = 'en'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An ISO time as date and time in the page's language (UTC, so server and browser agree). */
export function shortTime(iso: string, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}
