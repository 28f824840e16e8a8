// Issue 4 budget: "the site stays responsive while it transcodes". The embedded default (PGlite,
// WORKERS=inline: the web process works the queue, ffmpeg in child processes) serves an uncached
// listing call under wrk, first idle, then while a 1080p upload transcodes; the p50/p99 of both.
// Run: `node bench/transcode-load.ts [--videos 10000] [--seconds 20]` (needs wrk and ffmpeg).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { binaryPath } from '../server/media/runner.ts';
import { seedBench } from '../server/seed/seed-bench.ts';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '4' },
  },
});

interface Latency {
  rps: number;
  p50: number;
  p99: number;
}

function wrk(url: string): Latency {
  const out = execFileSync(
    'wrk',
    ['-t1', `-c${values.connections}`, `-d${values.seconds}s`, '--latency', url],
    { encoding: 'utf8' },
  );
  const ms = (label: string) => {
    const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0), p50: ms('50'), p99: ms('99') };
}

/** ffmpeg processes whose parent is the server: the transcode really runs while wrk measures. */
function ffmpegChildren(serverPid: number): number {
  const out = execFileSync('ps', ['-eo', 'ppid=,comm='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([ppid, comm]) => Number(ppid) === serverPid && comm === 'ffmpeg').length;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-bench-transcode-load-'));
  const dataDir = path.join(dir, 'data');
  const source = path.join(dir, 'source1080.mp4');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SITE_NAME: 'Transcode Load Bench',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    CATALOG_CACHE: 'off',
    WORKERS: 'inline',
  };
  let server: RunningServer | null = null;
  try {
    // An exclusive upload may be 6 minutes: a 1080p test pattern of 361 s (15 fps keeps making it short).
    console.log('making a 6-minute 1080p source…');
    execFileSync(binaryPath('ffmpeg'), [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=15:duration=361'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=361'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source],
    ]);
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    let cookie = '';
    let category = 0;
    try {
      await migrate(handle);
      console.log(`seeding ${values.videos} videos…`);
      await seedBench(handle, {
        videos: Number(values.videos),
        mediaDir: config.mediaDir,
        clipDurations: Array(12).fill(30),
        segmentSeconds: 5,
      });
      const services = createServices(config, handle);
      const user = await services.accounts.createUser({
        username: 'load_uploader',
        email: 'load@example.com',
        password: 'secret12',
        role: 'member',
      });
      cookie = `sid=${await services.accounts.startSession(user.user_id, { ip: '127.0.0.1', userAgent: null })}`;
      category = (await handle.db.selectFrom('categories').select('id').limit(1).executeTakeFirstOrThrow())
        .id;
      await services.accounts.close();
    } finally {
      await handle.close();
    }

    server = await startServer(env);
    const pid = server.process.pid!;
    const listing = `${server.url}/api/json/videos2/43200/str/most-popular/60/videos..2.all.all.all.json`;
    const check = await fetch(listing);
    if (check.status !== 200) throw new Error(`listing answered ${check.status}`);
    // Warm-up (plans, caches, JIT) so that "idle" is the steady state, not the cold start.
    wrk(listing);
    console.log('idle…');
    const idle = wrk(listing);

    // The upload: tus create + one PATCH, then the form.
    const size = statSync(source).size;
    const created = await fetch(`${server.url}/api/upload/`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        origin: server.url,
        cookie,
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from('source1080.mp4').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`tus create answered ${created.status}`);
    const location = `${server.url}${created.headers.get('location')}`;
    const patched = await fetch(location, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        origin: server.url,
        cookie,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: readFileSync(source),
    });
    if (patched.status !== 204) throw new Error(`tus patch answered ${patched.status}`);
    const form = new URLSearchParams({
      title: 'Load bench test pattern',
      description: 'A 1080p test pattern transcoded while the listing is measured.',
      exclusive: '1',
      preview: 'auto',
      upload_id: location.split('/').pop() ?? '',
    });
    form.append('categories', String(category));
    const edit = await fetch(`${server.url}/api/video_edit.php`, {
      method: 'POST',
      headers: { origin: server.url, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (edit.status !== 200) throw new Error(`video_edit answered ${edit.status}: ${await edit.text()}`);

    // Wait until ffmpeg runs under the server, then measure while it transcodes.
    const until = Date.now() + 60_000;
    while (ffmpegChildren(pid) === 0) {
      if (Date.now() > until) throw new Error('the transcode did not start within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log('while transcoding…');
    const busy = wrk(listing);
    const stillTranscoding = ffmpegChildren(pid) > 0;
    const report = {
      catalogue: Number(values.videos),
      call: 'videos2 most-popular page 2 (cache off)',
      connections: Number(values.connections),
      idle,
      transcoding: busy,
      ffmpegStillRunningAtEnd: stillTranscoding,
      cores: os.cpus().length,
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
