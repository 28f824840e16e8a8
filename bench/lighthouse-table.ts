// The table of `npm run lighthouse` (bench/lighthouse.ts) and its place in bench/report.md: one section
// under its own heading, replaced when the script runs again; the rest of the file is kept as it is.
// Pure functions, so that bench/lighthouse-table.test.ts needs no browser.

/** The heading of the script's section in bench/report.md (the marker it is found again by). */
export const LIGHTHOUSE_HEADING = '## Lighthouse (`npm run lighthouse`)';

export interface LighthouseRow {
  /** home, listing, video, model, member, or the path asked for. */
  page: string;
  path: string;
  preset: 'mobile' | 'desktop';
  /** Category scores 0–100 (null: the category did not run or errored). */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalBytes: number | null;
}

const dash = '–';
const score = (value: number | null) => (value === null ? dash : String(value));
const seconds = (ms: number | null) => (ms === null ? dash : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? dash : `${Math.round(ms)} ms`);
const shift = (value: number | null) => (value === null ? dash : value.toFixed(3));
const kilobytes = (bytes: number | null) => (bytes === null ? dash : `${Math.round(bytes / 1024)} KB`);

/** The Markdown table: one row per page and preset, in the order given. */
export function lighthouseTable(rows: readonly LighthouseRow[]): string {
  const lines = [
    '| page | preset | performance | accessibility | best practices | SEO | LCP | TBT | CLS | total bytes |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.page} (\`${row.path}\`) | ${row.preset} | ${score(row.performance)} | ${score(row.accessibility)} | ${score(row.bestPractices)} | ${score(row.seo)} | ${seconds(row.lcpMs)} | ${millis(row.tbtMs)} | ${shift(row.cls)} | ${kilobytes(row.totalBytes)} |`,
    );
  }
  return lines.join('\n');
}

/** The whole section: heading, how it was measured, the table. */
export function lighthouseSection(rows: readonly LighthouseRow[], about: string): string {
  return [LIGHTHOUSE_HEADING, '', about, '', lighthouseTable(rows), ''].join('\n');
}

/**
 * The report with the section in place: the previous section of this script (from its heading to the
 * next heading of the same or a higher level, or the end) is replaced; without one, the section is
 * appended. Everything else in the file is kept byte for byte.
 */
export function replaceLighthouseSection(report: string, section: string): string {
  const lines = report.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === LIGHTHOUSE_HEADING);
  const body = section.endsWith('\n') ? section : `${section}\n`;
  if (start === -1) {
    const base =
      report === '' || report.endsWith('\n\n')
        ? report
        : report.endsWith('\n')
          ? `${report}\n`
          : `${report}\n\n`;
    return base + body;
  }
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    if (/^#{1,2} /.test(lines[i] ?? '')) {
      end = i;
      break;
    }
  }
  const before = lines.slice(0, start).join('\n');
  const after = lines.slice(end).join('\n');
  return `${before}${start > 0 ? '\n' : ''}${body}${end < lines.length ? `\n${after}` : ''}`;
}
