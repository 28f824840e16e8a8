// Load benchmark on loopback: the server on core 0, wrk on core 1 (taskset), every figure next to a bare
// node:http server answering a fixed body of the same size in the same run. Usage:
//   npm run bench [-- --videos 100000 --duration 10 --connections 50]
// Needs wrk (apt-get install wrk). Writes bench/report.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { relatedPath } from '../contract/watch.ts';
import { freePort, startServer } from '../e2e/server.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { BENCH_VIDEOS_KEY, seedBench } from '../server/seed/seed-bench.ts';
import { rebuildReport } from './report-file.ts';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    /** Run against PostgreSQL instead of PGlite (the database must hold the bench catalogue). */
    'database-url': { type: 'string' },
    /** Comma-separated substrings: only the targets whose name has one (plus the bare server); prints, writes no report. */
    only: { type: 'string' },
    /** Send `Accept-Encoding: br` (or gzip): the cached rows then measure the compressed hits (issue 29). */
    encoding: { type: 'string' },
  },
});
const only = values.only?.split(',').filter(Boolean) ?? null;
const videos = Number(values.videos);
const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(ROOT, 'tmp', `bench-${videos}`);

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function wrk(
  url: string,
  connections = values.connections,
  seconds = values.duration,
  script?: string,
  cookie?: string,
): WrkResult {
  const out = execFileSync(
    'taskset',
    [
      ...['-c', '1', 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency'],
      ...(values.encoding ? ['-H', `Accept-Encoding: ${values.encoding}`] : []),
      ...(cookie ? ['-H', `Cookie: ${cookie}`] : []),
      ...(script ? ['-s', script] : []),
      url,
    ],
    { encoding: 'utf8' },
  );
  const ms = (label: string) => {
    const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: ms('50'),
    p99: ms('99'),
    errors: Number(errors ?? 0),
  };
}

/** The length of a GET's body as sent, in the encoding --encoding asks for. */
function wireBytes(url: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = values.encoding ? { 'accept-encoding': values.encoding } : {};
    if (cookie) headers.cookie = cookie;
    get(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => {
        n += chunk.length;
      });
      res.on('end', () => resolve(n));
    }).on('error', reject);
  });
}

async function prepareData() {
  const databaseUrl = values['database-url'];
  if (databaseUrl) {
    // PostgreSQL: the catalogue goes into that database once (marked by the seeder); media stays in dataDir.
    const handle = await openDatabase({ dataDir, databaseUrl });
    try {
      await migrate(handle);
      const marker = await handle.db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', BENCH_VIDEOS_KEY)
        .executeTakeFirst();
      if (marker) return;
      const started = performance.now();
      await seedBench(handle, { videos, mediaDir: path.join(dataDir, 'media'), log: (m) => console.log(m) });
      console.log(`bench catalogue of ${videos} videos in ${Math.round(performance.now() - started)} ms`);
    } finally {
      await handle.close();
    }
    return;
  }
  if (existsSync(path.join(dataDir, 'bench-ready'))) return;
  mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ dataDir });
  await migrate(handle);
  const started = performance.now();
  await seedBench(handle, { videos, mediaDir: path.join(dataDir, 'media'), log: (m) => console.log(m) });
  console.log(`bench catalogue of ${videos} videos in ${Math.round(performance.now() - started)} ms`);
  await handle.close();
  writeFileSync(path.join(dataDir, 'bench-ready'), new Date().toISOString());
}

const BENCH_MEMBER = {
  username: 'benchmember',
  email: 'bench-member@example.test',
  password: 'bench-member-pass',
};

/** The bench member, made once in the bench database (cli/create-user.ts; "exists" the next time). */
function createBenchMember(dbEnv: Record<string, string>) {
  try {
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'cli', 'create-user.ts'),
        '--username',
        BENCH_MEMBER.username,
        '--email',
        BENCH_MEMBER.email,
        '--password',
        BENCH_MEMBER.password,
      ],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...dbEnv }, stdio: 'pipe' },
    );
  } catch (error) {
    const output =
      String((error as { stdout?: Buffer }).stdout ?? '') +
      String((error as { stderr?: Buffer }).stderr ?? '');
    if (!output.includes('exists')) throw error;
  }
}

/** The age-gate and session cookies of the bench member, signed in through the login call. */
async function memberCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ usr: BENCH_MEMBER.username, pwd: BENCH_MEMBER.password }),
  });
  const sid = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  if (!sid) throw new Error(`bench member login: ${response.status} ${await response.text()}`);
  return `_agv=1; ${sid}`;
}

async function main() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('wrk is missing: apt-get install wrk');
  }
  await prepareData();

  // Baseline: what this machine's Node does with no framework, no database, no rendering: `/{bytes}`
  // answers that many bytes, each row is compared with the bare server at its own body size.
  const basePort = await freePort();
  const baseline = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      '-e',
      `
    const bodies = new Map();
    require('node:http').createServer((q, s) => {
      const n = Number(q.url.slice(1)) || 20000;
      let body = bodies.get(n);
      if (!body) { body = Buffer.alloc(n, 120); bodies.set(n, body); }
      s.writeHead(200, {'content-type': 'application/json'}); s.end(body);
    }).listen(${basePort}, '127.0.0.1');
  `,
    ],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 500));

  const dbEnv: Record<string, string> = values['database-url']
    ? { DATABASE_URL: values['database-url'] }
    : {};
  createBenchMember(dbEnv);
  const start = async (env: Record<string, string>) => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The bench's wrk is one address sending thousands of writes a second: the write budget per
      // address (protection.test.ts tests it) would answer most of them 429 and measure the limiter.
      WRITE_RATE_LIMIT: '0',
      ...dbEnv,
      ...env,
    });
    execFileSync('taskset', ['-p', '-c', '0', String(server.process.pid)], { stdio: 'ignore' });
    return server;
  };
  const rows: string[] = [];
  // The bare server's req/s per body size, rounded to 1 KB: rows of about the same size share one run.
  const bare = new Map<number, number>();
  const bareAt = (bytes: number) => {
    const kb = Math.max(1, Math.round(bytes / 1024));
    let rps = bare.get(kb);
    if (rps === undefined) {
      rps = wrk(`http://127.0.0.1:${basePort}/${kb * 1024}`).rps;
      bare.set(kb, rps);
      const line = `| bare node:http, ${kb} KB | ${kb * 1024} | ${rps.toFixed(0)} | ${rps.toFixed(0)} | 1.000 | | | | |`;
      console.log(line);
      rows.push(line);
    }
    return rps;
  };
  const measure = async (name: string, url: string, alone = false, script?: string, cookie?: string) => {
    if (only && !only.some((o) => name.includes(o))) return;
    // The bytes on the wire (compressed ones with --encoding: fetch would decompress them); warms too.
    const bytes = script ? 0 : await wireBytes(url, cookie);
    const base = bareAt(bytes);
    const r = wrk(url, values.connections, values.duration, script, cookie);
    // Uncached targets also run with one connection: the latency of a request that does not queue. The
    // server first finishes the backlog the 50 connections left (up to a few hundred ms of queued
    // queries), which would otherwise land on the first requests of this run.
    let single = '';
    if (alone) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await fetch(url, cookie ? { headers: { cookie } } : {});
      await new Promise((resolve) => setTimeout(resolve, 500));
      const one = wrk(url, '1', '5', undefined, cookie);
      single = `${one.p50.toFixed(1)} / ${one.p99.toFixed(1)}`;
    }
    const line = `| ${name} | ${bytes || ''} | ${r.rps.toFixed(0)} | ${base.toFixed(0)} | ${(r.rps / base).toFixed(3)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${single} | ${r.errors} |`;
    console.log(line);
    rows.push(line);
  };

  // 1. Caches on (the default): pages, and JSON answered from the response cache.
  let server = await start({});
  const sample = await (await fetch(`${server.url}/videos/latest-updates/1/`)).text();
  const videoHref = sample.match(/href="(\/video\/\d+\/[^"]+\/)"/)?.[1] ?? '/';
  const videoId = Number(videoHref.split('/')[2] ?? 1);
  const related = (page: number) => relatedPath('str', videoId, page);
  const tags = (await (await fetch(`${server.url}/api/json/tags_mvp/86400/all.json`)).json()) as {
    tags: { dir: string; title: string; total_videos: number }[];
  };
  const tag = [...tags.tags].sort((a, b) => b.total_videos - a.total_videos)[0];
  const word = tag?.title.split(' ')[0] ?? 'video';
  const videos2 = (sort: string, page: number, section = 'videos', object = '') =>
    `/api/json/videos2/43200/str/${sort}/60/${section}.${object}.${page}.all.all.all.json`;
  const search = `/api/videos2.php?params=${encodeURIComponent('43200/str/most-relevant/60/search..1.all.all.all')}&s=${encodeURIComponent(word)}`;
  const suggest = `/api/suggester.php?c=${encodeURIComponent(word.slice(0, 4))}`;
  const cached: [string, string][] = [
    ['GET /healthz', '/healthz'],
    ['SSR home /', '/'],
    ['SSR listing /videos/latest-updates/1/', '/videos/latest-updates/1/'],
    ['SSR listing /videos/most-popular/7/', '/videos/most-popular/7/'],
    [`SSR tag page /tags/${tag?.dir}/1/`, `/tags/${tag?.dir}/1/`],
    [`SSR search /search/1/?s=${word}`, `/search/1/?s=${encodeURIComponent(word)}`],
    [`SSR video page ${videoHref}`, videoHref],
    ['JSON videos2 latest p1 (cached)', videos2('latest-updates', 1)],
    [`JSON search "${word}" (cached)`, search],
    ['JSON suggester (cached)', suggest],
    [`JSON related ${videoId} p1 (cached)`, related(1)],
  ];
  for (const [name, path] of cached) await measure(name, `${server.url}${path}`);
  // A signed-in member's pages (issue 30): never served from the guest page cache, each one renders.
  const member = await memberCookie(server.url);
  await measure(
    'SSR listing /videos/latest-updates/1/ as a member',
    `${server.url}/videos/latest-updates/1/`,
    true,
    undefined,
    member,
  );
  await measure(
    `SSR video page ${videoHref} as a member`,
    `${server.url}${videoHref}`,
    true,
    undefined,
    member,
  );
  // The view beacon: every request a new viewer (a new user agent), so each one stages a row; the
  // server's flusher moves them into the counters every 5 s meanwhile. Adds views to the bench database.
  const viewScript = path.join(ROOT, 'tmp', 'bench-view.lua');
  writeFileSync(
    viewScript,
    `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Origin"] = "${server.url}"
wrk.body = "act=view&section=video&object_id=${videoId}"
local n = 0
request = function()
  n = n + 1
  wrk.headers["User-Agent"] = "bench/" .. n .. "/" .. math.random(1000000000)
  return wrk.format()
end
`,
  );
  await measure(
    'POST /api/input.php act=view (a new viewer each)',
    `${server.url}/api/input.php`,
    false,
    viewScript,
  );
  await server.stop();

  // 2. Caches off (CATALOG_CACHE=off): every request goes to the database.
  server = await start({ CATALOG_CACHE: 'off' });
  const uncached: [string, string][] = [
    ['JSON videos2 latest p1 (uncached)', videos2('latest-updates', 1)],
    ['JSON videos2 most-popular p7 (uncached)', videos2('most-popular', 7)],
    [`JSON videos2 tag ${tag?.dir} p1 (uncached)`, videos2('latest-updates', 1, 'tags', tag?.dir)],
    [`JSON search "${word}" (uncached)`, search],
    ['JSON suggester (uncached)', suggest],
    ['SSR listing /videos/latest-updates/1/ (uncached)', '/videos/latest-updates/1/'],
    [`JSON related ${videoId} p1 (uncached)`, related(1)],
    [`SSR video page ${videoHref} (uncached)`, videoHref],
  ];
  for (const [name, path] of uncached) await measure(name, `${server.url}${path}`, true);
  await server.stop();
  baseline.kill();
  if (only) return;

  const database = values['database-url'] ? 'PostgreSQL' : 'PGlite';
  const section = [
    `## ${videos} videos (${database}) — ${new Date().toISOString()}`,
    '',
    `Server on core 0, wrk -t1 -c${values.connections} -d${values.duration}s on core 1. Command: \`npm run bench -- --videos ${videos}${values['database-url'] ? ` --database-url ${values['database-url']}` : ''}\`.`,
    '',
    `| target | bytes | req/s | bare node:http req/s, same size | × bare | p50 ms | p99 ms | 1 connection: p50 / p99 ms | non-2xx |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  // One results file per catalogue size and database; the report is all of them, smallest first.
  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, `${database.toLowerCase()}-${String(videos).padStart(8, '0')}.md`),
    section,
  );
  const sections = readdirSync(resultsDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readFileSync(path.join(resultsDir, f), 'utf8'));
  // bench/notes.md (reading of the figures, written by hand) closes the report.
  const notesFile = path.join(ROOT, 'bench', 'notes.md');
  const notes = existsSync(notesFile) ? [readFileSync(notesFile, 'utf8')] : [];
  // The other scripts' sections (Lighthouse, soak, fingerprints, …) stay as they were.
  const reportFile = path.join(ROOT, 'bench', 'report.md');
  const previous = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
  writeFileSync(reportFile, rebuildReport(previous, sections, notes.join('')));
  console.log('\nwritten bench/report.md');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
