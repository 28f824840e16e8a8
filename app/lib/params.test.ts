import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseDir, parseId, parsePage, parseSort } from './params.ts';

function status(fn: () => unknown): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (thrown) {
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    if (isRouteErrorResponse(thrown)) return thrown.status;
    throw thrown;
  }
}

describe('parsePage', () => {
  it('accepts 1 to 20', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('20')).toBe(20);
  });
  it('answers 404 for 0, 21, non-numbers and padded numbers', () => {
    for (const raw of ['0', '21', '100', 'abc', '01', '-1', '1.5', '', undefined]) {
      expect(status(() => parsePage(raw))).toBe(404);
    }
  });
});

describe('parseSort', () => {
  it('accepts a listed sort and rejects others with 404', () => {
    expect(parseSort('top-rated', ['latest-updates', 'top-rated'] as const)).toBe('top-rated');
    expect(status(() => parseSort('best', ['latest-updates', 'top-rated'] as const))).toBe(404);
  });
});

describe('parseId and parseDir', () => {
  it('accepts positive ids and slug dirs', () => {
    expect(parseId('42')).toBe(42);
    expect(parseDir('some-video_1')).toBe('some-video_1');
  });
  it('rejects the rest with 404', () => {
    expect(status(() => parseId('0'))).toBe(404);
    expect(status(() => parseId('x1'))).toBe(404);
    expect(status(() => parseDir('a b'))).toBe(404);
    expect(status(() => parseDir('<b>'))).toBe(404);
  });
});
