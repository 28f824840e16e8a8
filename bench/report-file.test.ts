// bench/report-file.ts: a bench run rebuilds its own sections of bench/report.md and keeps the others.
import { describe, expect, it } from 'vitest';
import { rebuildReport, splitSections } from './report-file.ts';

const NOTES = '## Reading the figures\n\nHand-written.\n';
const PREVIOUS = [
  '# Benchmark',
  '',
  '## 10000 videos (PGlite) — 2026-01-01T00:00:00.000Z',
  '',
  '| old row |',
  '',
  '## Reading the figures',
  '',
  'Hand-written, older.',
  '',
  '## Lighthouse (`npm run lighthouse`)',
  '',
  '| lighthouse row |',
  '',
  '## Soak — 2026-01-01',
  '',
  'soak figures',
  '',
].join('\n');

describe('bench report', () => {
  it('splits a text at its level-two headings', () => {
    expect(splitSections(PREVIOUS).map((s) => s.heading)).toEqual([
      '## 10000 videos (PGlite) — 2026-01-01T00:00:00.000Z',
      '## Reading the figures',
      '## Lighthouse (`npm run lighthouse`)',
      '## Soak — 2026-01-01',
    ]);
  });

  it("replaces the results and the notes, and keeps the other scripts' sections in their order", () => {
    const results = ['## 10000 videos (PGlite) — 2026-02-02T00:00:00.000Z\n\n| new row |\n'];
    const report = rebuildReport(PREVIOUS, results, NOTES);
    expect(report).toContain('| new row |');
    expect(report).not.toContain('| old row |');
    expect(report).toContain('Hand-written.');
    expect(report).not.toContain('Hand-written, older.');
    expect(report.indexOf('| lighthouse row |')).toBeGreaterThan(report.indexOf('Hand-written.'));
    expect(report.indexOf('soak figures')).toBeGreaterThan(report.indexOf('| lighthouse row |'));
    expect(report.startsWith('# Benchmark\n\n## 10000 videos (PGlite)')).toBe(true);
  });

  it('writes only results and notes when there was no report', () => {
    const report = rebuildReport('', ['## 10 videos (PostgreSQL) — t\n'], NOTES);
    expect(splitSections(report).map((s) => s.heading)).toEqual([
      '## 10 videos (PostgreSQL) — t',
      '## Reading the figures',
    ]);
  });
});
