// The table of `npm run lighthouse` and its section of bench/report.md (bench/lighthouse-table.ts).
import { describe, expect, it } from 'vitest';
import {
  LIGHTHOUSE_HEADING,
  type LighthouseRow,
  lighthouseSection,
  lighthouseTable,
  replaceLighthouseSection,
} from './lighthouse-table.ts';

const row: LighthouseRow = {
  page: 'home',
  path: '/',
  preset: 'mobile',
  performance: 91,
  accessibility: 100,
  bestPractices: 100,
  seo: 92,
  lcpMs: 3412,
  tbtMs: 29.4,
  cls: 0.0091,
  totalBytes: 521_000,
};

describe('lighthouseTable', () => {
  it('writes one row per run with the units of the issue', () => {
    const table = lighthouseTable([row, { ...row, preset: 'desktop', performance: null, tbtMs: null }]);
    expect(table.split('\n')).toEqual([
      '| page | preset | performance | accessibility | best practices | SEO | LCP | TBT | CLS | total bytes |',
      '|---|---|---|---|---|---|---|---|---|---|',
      '| home (`/`) | mobile | 91 | 100 | 100 | 92 | 3.4 s | 29 ms | 0.009 | 509 KB |',
      '| home (`/`) | desktop | – | 100 | 100 | 92 | 3.4 s | – | 0.009 | 509 KB |',
    ]);
  });
});

describe('replaceLighthouseSection', () => {
  const first = lighthouseSection([row], 'first run');
  const second = lighthouseSection([{ ...row, performance: 97 }], 'second run');

  it('appends the section to a report without one, keeping the rest', () => {
    const report = '# Benchmark\n\n## 10000 videos\n\n| a |\n';
    const out = replaceLighthouseSection(report, first);
    expect(out.startsWith(report)).toBe(true);
    expect(out).toContain(`\n\n${LIGHTHOUSE_HEADING}\n\nfirst run\n`);
  });

  it('replaces its own section between other sections, leaving them as they were', () => {
    const before = '# Benchmark\n\n## 10000 videos\n\nfigures\n\n';
    const after = '## Soak — 2026-11-29\n\nsoak figures\n';
    const report = `${before}${first}\n${after}`;
    const out = replaceLighthouseSection(report, second);
    expect(out).toBe(`${before}${second}\n${after}`);
    expect(out).not.toContain('first run');
    // Running again with the same table changes nothing.
    expect(replaceLighthouseSection(out, second)).toBe(out);
  });

  it('replaces a section at the end of the file, subsections included', () => {
    const report = `# Benchmark\n\n## Other\n\ntext\n\n${first}\n### a note of the old run\n\nold\n`;
    const out = replaceLighthouseSection(report, second);
    expect(out).toBe(`# Benchmark\n\n## Other\n\ntext\n\n${second}`);
  });
});
