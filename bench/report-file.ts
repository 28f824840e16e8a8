// bench/report.md is made of three parts: the bench's own results (one section per catalogue size and
// database, from bench/results/), the hand-written reading of them (bench/notes.md), and the sections other
// scripts write into it (npm run lighthouse, soak --report, bench:fingerprint, the co-viewing job's bench).
// A bench run rebuilds the first two and keeps the third as it was.

/** The `## ` sections of a markdown text, each from its heading to the next `## ` heading or the end. */
export function splitSections(text: string): { heading: string; body: string }[] {
  const sections: { heading: string; body: string }[] = [];
  let current: { heading: string; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      if (current) sections.push({ heading: current.heading, body: current.lines.join('\n') });
      current = { heading: line.trimEnd(), lines: [line] };
    } else current?.lines.push(line);
  }
  if (current) sections.push({ heading: current.heading, body: current.lines.join('\n') });
  return sections;
}

/** A results section's heading, as bench/run.ts writes it: `## 10000 videos (PGlite) — <time>`. */
const RESULTS_HEADING = /^## \d+ videos \((PGlite|PostgreSQL)\) — /;

/**
 * The new report: the results sections, then the notes, then every section of the previous report that is
 * neither a results section nor one of the notes' headings (the other scripts' sections), in their order.
 */
export function rebuildReport(previous: string, results: readonly string[], notes: string): string {
  const noteHeadings = new Set(splitSections(notes).map((s) => s.heading));
  const kept = splitSections(previous)
    .filter((s) => !RESULTS_HEADING.test(s.heading) && !noteHeadings.has(s.heading))
    .map((s) => (s.body.endsWith('\n') ? s.body : `${s.body}\n`));
  const head = ['# Benchmark', '', ...results, notes].join('\n');
  if (kept.length === 0) return head;
  return [head.endsWith('\n') ? head : `${head}\n`, ...kept].join('\n');
}
