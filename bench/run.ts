// Load benchmark on loopback: the server on core 0, wrk on core 1 (taskset), every figure next to a bare
// node:http server answering a cached 20 KB body in the same run. Usage:
//   npm run bench [-- --videos 100000 --duration 10 --connections 50]
// Needs wrk (apt-get install wrk). Writes bench/report.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startServer } from '../e2e/server.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedBench } from '../server/modules/seed/seed-bench.ts';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const videos = Number(values.videos);
const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(ROOT, 'tmp', `bench-${videos}`);

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function wrk(url: string): WrkResult {
  const out = execFileSync(
    'taskset',
    ['-c', '1', 'wrk', '-t1', `-c${values.connections}`, `-d${values.duration}s`, '--latency', url],
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

async function prepareData() {
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

async function main() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('wrk is missing: apt-get install wrk');
  }
  await prepareData();

  // Baseline: what this machine's Node does with no framework, no database, no rendering.
  const body = Buffer.from(JSON.stringify({ pad: 'x'.repeat(20_000) }));
  const basePort = await freePort();
  const baseline = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      '-e',
      `
    const body = Buffer.alloc(${body.length}, 120);
    require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'application/json'}); s.end(body); }).listen(${basePort}, '127.0.0.1');
  `,
    ],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 500));

  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  execFileSync('taskset', ['-p', '-c', '0', String(server.process.pid)], { stdio: 'ignore' });
  const sample = await (await fetch(`${server.url}/videos/latest-updates/1/`)).text();
  const videoHref = sample.match(/href="(\/video\/\d+\/[^"]+\/)"/)?.[1] ?? '/';

  const targets: [string, string][] = [
    ['bare node:http, 20 KB', `http://127.0.0.1:${basePort}/`],
    ['GET /healthz', `${server.url}/healthz`],
    ['SSR home /', `${server.url}/`],
    ['SSR listing /videos/latest-updates/1/', `${server.url}/videos/latest-updates/1/`],
    ['SSR listing /videos/most-popular/7/', `${server.url}/videos/most-popular/7/`],
    [`SSR video page ${videoHref}`, `${server.url}${videoHref}`],
  ];
  const rows: string[] = [];
  let base = 0;
  for (const [name, url] of targets) {
    await fetch(url); // warm
    const r = wrk(url);
    if (base === 0) base = r.rps;
    const line = `| ${name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(3)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`;
    console.log(line);
    rows.push(line);
  }
  await server.stop();
  baseline.kill();

  const report = [
    `# Benchmark — ${new Date().toISOString()}`,
    '',
    `${videos} videos (PGlite), server on core 0, wrk -t1 -c${values.connections} -d${values.duration}s on core 1.`,
    '',
    '| target | req/s | × bare node | p50 ms | p99 ms | non-2xx |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(path.join(ROOT, 'bench', 'report.md'), report);
  console.log('\nwritten bench/report.md');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
