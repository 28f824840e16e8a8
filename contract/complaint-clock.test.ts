import { describe, expect, it } from 'vitest';
import { businessDaysBetween, clockBounds, complaintClock, complaintDeadline } from './complaint-clock.ts';

// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso);

describe('businessDaysBetween', () => {
  it('counts Monday to Friday, not the start day', () => {
    expect(businessDaysBetween(at('2026-11-23T10:00Z'), at('2026-11-23T18:00Z'))).toBe(0);
    expect(businessDaysBetween(at('2026-11-23T10:00Z'), at('2026-11-24T01:00Z'))).toBe(1);
    expect(businessDaysBetween(at('2026-11-23T10:00Z'), at('2026-11-30T10:00Z'))).toBe(5);
    expect(businessDaysBetween(at('2026-11-23T10:00Z'), at('2026-12-07T10:00Z'))).toBe(10);
  });
  it('skips weekends', () => {
    // Friday → Monday: one business day; Friday → Sunday: none.
    expect(businessDaysBetween(at('2026-11-27T12:00Z'), at('2026-11-30T12:00Z'))).toBe(1);
    expect(businessDaysBetween(at('2026-11-27T12:00Z'), at('2026-11-29T23:00Z'))).toBe(0);
    expect(businessDaysBetween(at('2026-11-28T12:00Z'), at('2026-11-30T00:00Z'))).toBe(1);
  });
  it('is negative backwards and reads days in UTC whatever the offset written', () => {
    expect(businessDaysBetween(at('2026-11-30T12:00Z'), at('2026-11-27T12:00Z'))).toBe(-1);
    // 23:30 on Friday in New York is Saturday 04:30 UTC: the UTC day counts.
    expect(businessDaysBetween('2026-11-27T23:30:00-05:00', '2026-11-30T09:00:00Z')).toBe(1);
    expect(businessDaysBetween('2026-11-27T12:00:00+09:00', '2026-11-27T23:00:00Z')).toBe(0);
  });
});

describe('complaintDeadline', () => {
  it('is the end of the 7th business day after arrival, in UTC', () => {
    expect(complaintDeadline(at('2026-11-23T10:00Z')).toISOString()).toBe('2026-12-02T23:59:59.999Z');
    // Sent on a Saturday or a Sunday: the clock starts on Monday, due the Tuesday after next.
    expect(complaintDeadline(at('2026-11-28T10:00Z')).toISOString()).toBe('2026-12-08T23:59:59.999Z');
    expect(complaintDeadline(at('2026-11-29T23:59Z')).toISOString()).toBe('2026-12-08T23:59:59.999Z');
    // Friday: due the Tuesday after next week's Monday…Friday.
    expect(complaintDeadline(at('2026-11-27T10:00Z')).toISOString()).toBe('2026-12-08T23:59:59.999Z');
  });
});

describe('complaintClock', () => {
  const opened = at('2026-11-23T10:00Z'); // due Wednesday 2 December
  it('ok while more than 2 business days are left', () => {
    expect(complaintClock(opened, at('2026-11-24T09:00Z'))).toMatchObject({ state: 'ok', days: 6 });
    expect(complaintClock(opened, at('2026-11-27T09:00Z'))).toMatchObject({ state: 'ok', days: 3 });
  });
  it('due soon at 2 business days or fewer (the weekend does not count)', () => {
    expect(complaintClock(opened, at('2026-11-28T09:00Z'))).toMatchObject({ state: 'ok', days: 3 });
    expect(complaintClock(opened, at('2026-11-30T09:00Z'))).toMatchObject({ state: 'due_soon', days: 2 });
    expect(complaintClock(opened, at('2026-12-02T23:00Z'))).toMatchObject({ state: 'due_soon', days: 0 });
  });
  it('overdue after the deadline, by business days', () => {
    expect(complaintClock(opened, at('2026-12-03T00:00Z'))).toMatchObject({ state: 'overdue', days: 1 });
    expect(complaintClock(opened, at('2026-12-07T12:00Z'))).toMatchObject({ state: 'overdue', days: 3 });
  });
});

describe('clockBounds', () => {
  it('agrees with complaintClock for every arrival hour of three weeks', () => {
    for (const nowIso of ['2026-12-02T15:00Z', '2026-12-05T11:00Z', '2026-12-07T08:00Z']) {
      const now = at(nowIso);
      const { overdue, dueSoon } = clockBounds(now);
      for (let t = now.getTime() - 21 * 86_400_000; t <= now.getTime(); t += 3_600_000) {
        const state = complaintClock(t, now).state;
        expect(t < overdue.getTime(), `${new Date(t).toISOString()} overdue`).toBe(state === 'overdue');
        expect(t < dueSoon.getTime(), `${new Date(t).toISOString()} due soon`).toBe(state !== 'ok');
      }
    }
  });
});
