// Upload budget (issue 4): a 2 GB file through tus on loopback, the server's memory staying under
// 300 MB, and a resume after the connection is cut half-way. Run: `node bench/upload.ts [sizeMiB]`.
// The server is the real `node server/main.ts` (embedded database, local disk) in a temp data dir;
// the body is generated on the fly (random 1 MiB blocks), so only the server writes to disk. It only
// goes through tus: no video_edit.php (the bytes are not a video).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';

const MiB = 1024 * 1024;
const size = Number(process.argv[2] ?? 2048) * MiB;
const block = randomBytes(MiB);

const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** Sends bytes [from, to) of the generated body in one PATCH; cuts the socket at `cutAt` if given. */
function patch(url: string, cookie: string, from: number, to: number, cutAt?: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        origin: new URL(url).origin,
        cookie,
        'upload-offset': String(from),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(to - from),
      },
    });
    let sent = from;
    let done = false;
    const finish = (status: number) => {
      if (!done) resolve(status);
      done = true;
    };
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on('error', () => finish(0));
    const pump = () => {
      while (sent < to) {
        if (cutAt !== undefined && sent >= cutAt) {
          req.destroy();
          return;
        }
        const n = Math.min(MiB - (sent % MiB), to - sent);
        const chunk = block.subarray(sent % MiB, (sent % MiB) + n);
        sent += n;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-bench-upload-'));
  // DATABASE_URL (an empty PostgreSQL database) measures the server without the embedded database's WASM heap.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SITE_NAME: 'Upload Bench',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  };
  let server: RunningServer | null = null;
  try {
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    let cookie = '';
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      const user = await services.accounts.createUser({
        username: 'bench_uploader',
        email: 'bench@example.com',
        password: 'secret12',
        role: 'member',
      });
      cookie = `sid=${await services.accounts.startSession(user.user_id, { ip: '127.0.0.1', userAgent: null })}`;
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    const pid = server.process.pid!;
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = rssMiB(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 50);

    const created = await fetch(`${server.url}/api/upload/`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        origin: server.url,
        cookie,
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from('bench2gb.mp4').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const location = `${server.url}${created.headers.get('location')}`;
    const id = location.split('/').pop()!;

    const t0 = performance.now();
    const first = await patch(location, cookie, 0, size, Math.floor(size / 2));
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 500));
    const head = await fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', cookie } });
    const offset = Number(head.headers.get('upload-offset'));
    const t2 = performance.now();
    const second = await patch(location, cookie, offset, size);
    const t3 = performance.now();
    clearInterval(sampler);
    const final = await fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', cookie } });
    const onDisk = statSync(path.join(dataDir, 'uploads', id)).size;

    const seconds = (t1 - t0 + (t3 - t2)) / 1000;
    const report = {
      sizeMiB: size / MiB,
      cutAfterMiB: Math.round(offset / MiB),
      firstPatchStatus: first,
      headStatus: head.status,
      resumeStatus: second,
      finalOffset: Number(final.headers.get('upload-offset')),
      onDiskBytes: onDisk,
      complete: onDisk === size && Number(final.headers.get('upload-offset')) === size,
      seconds: Math.round(seconds * 10) / 10,
      MiBPerSecond: Math.round(((size - 0) / MiB / seconds) * 10) / 10,
      serverRssBaselineMiB: Math.round(baseline),
      serverRssPeakMiB: Math.round(peak),
      serverRssGrowthMiB: Math.round(peak - baseline),
    };
    console.log(JSON.stringify(report, null, 2));
    if (!report.complete) process.exitCode = 1;
  } finally {
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
