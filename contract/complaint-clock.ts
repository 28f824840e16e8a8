// The complaint clock (issue 31): reports, DMCA cases, performers' removal requests and appeals are
// answered within 7 business days. Business days are Monday to Friday in UTC; public holidays are not
// counted out (a site serves many countries and no one holiday calendar is right for all of them:
// docs/decisions.md). Pure, no dependencies: the console pages and the server share it.

/** The limit, in business days, from the day a complaint arrives. */
export const COMPLAINT_LIMIT_DAYS = 7;
/** At most this many business days left: "due soon". */
export const COMPLAINT_DUE_SOON_DAYS = 2;

export const CLOCK_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

const DAY_MS = 86_400_000;

const utcDay = (time: number) => Math.floor(time / DAY_MS);
/** 0 Sunday … 6 Saturday of a UTC day number (day 0, 1970-01-01, was a Thursday). */
const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;
const isBusinessDay = (day: number) => {
  const w = weekday(day);
  return w !== 0 && w !== 6;
};

/**
 * Business days from `from` to `to` (UTC calendar days, the start day not counted, the end day counted
 * when it is a business day): Friday → Monday is 1, Monday → Monday 5; negative when `to` is earlier.
 */
export function businessDaysBetween(from: Date | string | number, to: Date | string | number): number {
  const a = utcDay(new Date(from).getTime());
  const b = utcDay(new Date(to).getTime());
  if (b < a) return -businessDaysBetween(to, from);
  const whole = Math.floor((b - a) / 7);
  let count = whole * 5;
  for (let day = a + whole * 7 + 1; day <= b; day++) if (isBusinessDay(day)) count++;
  return count;
}

/**
 * The deadline of a complaint that arrived at `opened`: the end (23:59:59.999 UTC) of the 7th business
 * day after the day it arrived. A complaint sent on a Saturday is due at the end of the second Tuesday.
 */
export function complaintDeadline(opened: Date | string | number, limit = COMPLAINT_LIMIT_DAYS): Date {
  let day = utcDay(new Date(opened).getTime());
  let left = limit;
  while (left > 0) {
    day++;
    if (isBusinessDay(day)) left--;
  }
  return new Date((day + 1) * DAY_MS - 1);
}

export interface ComplaintClock {
  state: ClockState;
  /** Business days left before the deadline (0: due today), or how many it is past (overdue). */
  days: number;
  deadline: string;
}

/** Where a complaint that arrived at `opened` stands at `now`. */
export function complaintClock(
  opened: Date | string | number,
  now: Date | string | number = Date.now(),
): ComplaintClock {
  const deadline = complaintDeadline(opened);
  const nowTime = new Date(now).getTime();
  if (nowTime > deadline.getTime()) {
    return {
      state: 'overdue',
      days: Math.max(1, businessDaysBetween(deadline, nowTime)),
      deadline: deadline.toISOString(),
    };
  }
  const days = businessDaysBetween(nowTime, deadline);
  return {
    state: days <= COMPLAINT_DUE_SOON_DAYS ? 'due_soon' : 'ok',
    days,
    deadline: deadline.toISOString(),
  };
}

/**
 * The earliest arrival time whose deadline has passed at `now` (arrived before it: overdue), and the
 * earliest whose deadline is at most 2 business days away (arrived before it: due soon or overdue).
 * The dashboard counts open complaints with SQL `created_at < bound`.
 */
export function clockBounds(now: Date | string | number = Date.now()): { overdue: Date; dueSoon: Date } {
  const today = utcDay(new Date(now).getTime());
  // Arrival day d is overdue when deadline(d) < now, i.e. its 7th business day is before today.
  // Scan back from today: the latest arrival day still due today or later bounds each count.
  const firstNotBefore = (maxLeft: number) => {
    for (let day = today; ; day--) {
      const deadlineDay = utcDay(complaintDeadline(day * DAY_MS).getTime());
      const left = deadlineDay < today ? -1 : businessDaysBetween(today * DAY_MS, deadlineDay * DAY_MS);
      if (left <= maxLeft) return new Date((day + 1) * DAY_MS);
    }
  };
  return { overdue: firstNotBefore(-1), dueSoon: firstNotBefore(COMPLAINT_DUE_SOON_DAYS) };
}
