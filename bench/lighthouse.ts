// Lighthouse 12 (the npm package) on the project's Chromium (e2e/chromium.ts) with the phone ("mobile":
// simulated slow 4G, 4× slower CPU) and desktop presets, on the page types of issue 29: home, a listing,
// a video page, a model page and a member page. Writes the table to bench/report.md under its own heading
// (bench/lighthouse-table.ts), replacing the table of the previous run. Not part of `npm test`. Usage:
//   npm run lighthouse [-- --url http://127.0.0.1:3000] [--pages home,video,/tags/] [--presets mobile]
//                      [--runs 3] [--no-report] [--json tmp/lighthouse] [--data-dir DIR] [--no-build]
// --runs N: N runs of each page and preset, the median one reported (a busy machine moves TBT a lot).
// Without --url it builds (react-router build, unless --no-build) and starts its own server on a demo-seeded
// data directory ($TMPDIR/tube-lighthouse by default: seeded on its first start, about two minutes, reused
// afterwards). Each run gets a fresh headless Chromium (cold cache, as a first visit). Every request carries
// the cookie `_agv=1`, as the other outside checks do; the age gate itself reads `_agv` from localStorage and
// is shown only to visitors of a listed country, which a local visitor never is.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chooseChromium } from '../e2e/chromium.ts';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { type LighthouseRow, lighthouseSection, replaceLighthouseSection } from './lighthouse-table.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGE_NAMES = ['home', 'listing', 'video', 'model', 'member'] as const;
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];
const COOKIE = '_agv=1';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pages: { type: 'string', default: PAGE_NAMES.join(',') },
    presets: { type: 'string', default: PRESETS.join(',') },
    'no-report': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'tube-lighthouse') },
  },
});

const presets = values.presets.split(',').map((p) => p.trim());
for (const preset of presets) {
  if (!(PRESETS as readonly string[]).includes(preset)) {
    console.error(`lighthouse: unknown preset "${preset}" (${PRESETS.join(', ')})`);
    process.exit(2);
  }
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('lighthouse: --runs takes a whole number ≥ 1');
  process.exit(2);
}
const pages = values.pages.split(',').map((p) => p.trim());
for (const page of pages) {
  if (!page.startsWith('/') && !(PAGE_NAMES as readonly string[]).includes(page)) {
    console.error(`lighthouse: unknown page "${page}" (${PAGE_NAMES.join(', ')}, or a path starting with /)`);
    process.exit(2);
  }
}

async function html(base: string, pathname: string): Promise<string> {
  const res = await fetch(new URL(pathname, base), { headers: { cookie: COOKIE } });
  if (!res.ok) throw new Error(`${pathname}: HTTP ${res.status}`);
  return res.text();
}

function firstLink(markup: string, pattern: RegExp): string | null {
  return markup.match(pattern)?.[1] ?? null;
}

/** The path of each named page, found on the site itself (the first video, model and member linked). */
async function resolvePaths(base: string, names: readonly string[]): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const need = new Set(names);
  const home = need.has('video') || need.has('member') ? await html(base, '/') : '';
  const video = firstLink(home, /href="(\/video\/\d+\/[^"/]+\/)"/);
  for (const name of names) {
    if (name.startsWith('/')) paths.set(name, name);
    else if (name === 'home') paths.set(name, '/');
    else if (name === 'listing') paths.set(name, '/videos/latest-updates/1/');
    else if (name === 'video') {
      if (!video) throw new Error('no video linked from the home page');
      paths.set(name, video);
    } else if (name === 'model') {
      const model = firstLink(
        await html(base, '/pornstars/most-popular/1/'),
        /href="(\/pornstar\/[^"/]+\/)"/,
      );
      if (!model) throw new Error('no model linked from /pornstars/most-popular/1/');
      paths.set(name, model);
    } else if (name === 'member') {
      const pattern = /href="(\/members\/\d+\/)"/;
      const member =
        (video && firstLink(await html(base, video), pattern)) ??
        firstLink(await html(base, '/community/'), pattern);
      if (!member) throw new Error('no member linked from the video page or /community/');
      paths.set(name, member);
    }
  }
  return paths;
}

/** A headless Chromium with its DevTools port, in a throwaway profile. */
async function launchChromium(executable: string): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tube-lighthouse-profile-'));
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not start:\n${stderr.slice(-2000)}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const match = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${stderr.slice(-2000)}`));
    });
  });
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const categoryScore = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run in a fresh browser. */
async function measure(executable: string, url: string, preset: Preset): Promise<Result> {
  const chromium = await launchChromium(executable);
  try {
    const result = await lighthouse(
      url,
      {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        extraHeaders: { Cookie: COOKIE },
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chromium.close();
  }
}

function rowOf(lhr: Result, preset: Preset): Omit<LighthouseRow, 'page' | 'path'> {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    preset,
    performance: categoryScore(lhr.categories.performance?.score),
    accessibility: categoryScore(lhr.categories.accessibility?.score),
    bestPractices: categoryScore(lhr.categories['best-practices']?.score),
    seo: categoryScore(lhr.categories.seo?.score),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
  };
}

/** The audits that fail (score < 1) in the accessibility and SEO categories: what keeps them under 100. */
function failingAudits(lhr: Result): string[] {
  const out: string[] = [];
  for (const category of ['accessibility', 'seo', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        out.push(`${category}: ${audit.title}`);
    }
  }
  return out;
}

async function main() {
  let server: RunningServer | null = null;
  let base = values.url;
  if (!base) {
    if (!values['no-build']) execFileSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (!existsSync(path.join(ROOT, 'build', 'server')))
      throw new Error('no build/: run `npx react-router build`');
    mkdirSync(values['data-dir'], { recursive: true });
    console.log(`starting a server on ${values['data-dir']} (its first start seeds the demo, ~2 min)`);
    server = await startServer({ DATA_DIR: values['data-dir'], LOG_LEVEL: 'warn' }, 600_000);
    base = server.url;
  }
  try {
    const { path: executable, source } = await chooseChromium();
    const paths = await resolvePaths(base, pages);
    const rows: LighthouseRow[] = [];
    const loadBefore = os.loadavg()[0] ?? 0;
    for (const page of pages) {
      const pathname = paths.get(page) as string;
      for (const preset of presets as Preset[]) {
        const url = new URL(pathname, base).href;
        const started = performance.now();
        const lhrs: Result[] = [];
        for (let run = 0; run < runs; run++) lhrs.push(await measure(executable, url, preset));
        // Several runs: the median one (Lighthouse's own pick, by FCP and TTI), as its docs advise.
        const lhr = runs > 1 ? (computeMedianRun(lhrs) as Result) : (lhrs[0] as Result);
        const full: LighthouseRow = {
          page: page.startsWith('/') ? 'page' : page,
          path: pathname,
          ...rowOf(lhr, preset),
        };
        rows.push(full);
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        const tbts = lhrs.map((one) => Math.round(one.audits['total-blocking-time']?.numericValue ?? 0));
        console.log(
          `${page} ${preset}: perf ${full.performance} a11y ${full.accessibility} bp ${full.bestPractices} seo ${full.seo} TBT ${Math.round(full.tbtMs ?? 0)} ms${runs > 1 ? ` (runs: ${tbts.join(', ')} ms)` : ''} (${seconds} s)`,
        );
        for (const line of failingAudits(lhr)) console.log(`  ${line}`);
        if (values.json) {
          mkdirSync(values.json, { recursive: true });
          const name = `${page.replace(/^\/|\/$/g, '').replace(/\W+/g, '-') || 'home'}-${preset}.json`;
          writeFileSync(path.join(values.json, name), JSON.stringify(lhr));
        }
      }
    }
    const commandArgs = [
      ...(values.url ? ['--url', values.url] : []),
      ...(runs > 1 ? ['--runs', String(runs)] : []),
    ];
    const about = [
      `${new Date().toISOString().slice(0, 10)}, Lighthouse ${lighthouseVersion()} on Chromium (${source}), `,
      `each run a fresh headless browser (cold cache)${runs > 1 ? `, the median of ${runs} runs` : ''}; mobile = the default preset (simulated slow 4G, 4× CPU), `,
      `desktop = the desktop preset. Site: ${values.url ? values.url : 'own server, demo seed'}. `,
      `Machine load average (1 min) ${loadBefore.toFixed(1)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end, ${os.cpus().length} cores: TBT grows with it. `,
      `Command: \`npm run lighthouse${commandArgs.length ? ` -- ${commandArgs.join(' ')}` : ''}\`.`,
    ].join('');
    if (!values['no-report']) {
      const file = path.join(ROOT, 'bench', 'report.md');
      const report = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark\n';
      writeFileSync(file, replaceLighthouseSection(report, lighthouseSection(rows, about)));
      console.log('written bench/report.md');
    } else {
      console.log(`\n${lighthouseSection(rows, about)}`);
    }
  } finally {
    await server?.stop();
  }
}

function lighthouseVersion(): string {
  const file = path.join(ROOT, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
