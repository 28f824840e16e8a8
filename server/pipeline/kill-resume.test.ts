// A worker (`npm run worker`, a real process) killed with SIGKILL in the middle of a transcode (the
// worker alone, as the OOM killer does: its ffmpeg dies with it), then another started on another
// machine: the job is taken up again and completes once, the video ends waiting for moderation with
// exactly one row per (kind, format) and no file that no row names; a worker started again on the first
// machine sweeps the dead run's work folder away. PostgreSQL only: an embedded PGlite database opens in
// one process at a time.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PgBossQueue } from '../jobs/pg-boss-queue.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { createPostgresDatabase } from '../test/db.ts';
import { insertProcessingVideo, makeSource, orphanFiles } from '../test/test-media.ts';
import { processVideoJob, processVideoKey } from './definitions.ts';

const WORKER = path.join(import.meta.dirname, '..', '..', 'cli', 'worker.ts');

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startWorker(env: Record<string, string>) {
  // Its own process group, so that SIGKILL takes its ffmpeg too (a machine or container going down).
  const child = spawn(process.execPath, [WORKER], {
    // Made with whatever ffmpeg the machine has, the packaged one too (otherwise uploads wait for a current one).
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      MEDIA_ALLOW_BUNDLED_FFMPEG: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = { text: '' };
  child.stdout.on('data', (c: Buffer) => {
    log.text += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    log.text += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    log,
    exited,
    /** The worker process alone: what it started is left to the kernel (or not). */
    killAlone: async () => {
      if (!running()) return;
      child.kill('SIGKILL');
      await exited;
    },
    /** The whole process group (cleanup). */
    kill: async (signal: NodeJS.Signals) => {
      if (!running()) return;
      try {
        process.kill(-child.pid!, signal);
      } catch {}
      await exited;
    },
  };
}

/** Pids of the processes whose command line names `folder` (the ffmpeg of a run writing there). */
function processesUsing(folder: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(folder)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

async function workFolders(tmp: string, videoId: number): Promise<string[]> {
  const root = path.join(tmp, 'tube-pipeline');
  return (await readdir(root).catch(() => [])).filter((n) => n.startsWith(`video-${videoId}-`));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed mid-transcode', () => {
  it('is resumed by another worker: the video finishes, no duplicate rows, no orphan files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pipeline-kill-'));
    const database = await createPostgresDatabase();
    const dataDir = path.join(dir, 'data');
    // Two machines: each its own temp folder (the work folders are on each machine's disk).
    const workerTmp = path.join(dir, 'tmp');
    const otherTmp = path.join(dir, 'tmp-other');
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, TMPDIR: workerTmp };
    const storage = new LocalStorage({ root: path.join(dataDir, 'media') });
    // The test process does the queue's upkeep every second. The job keeps its 12 h timeout: the dead
    // worker is noticed by its missed heartbeat (the minimum, 10 s), then retried after 1 s.
    const definition = {
      ...processVideoJob,
      heartbeatSeconds: 10,
      retry: { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false },
    };
    expect(definition.timeoutSeconds).toBeGreaterThan(3600);
    const queue = new PgBossQueue(database.handle, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    const first = startWorker(env);
    let second: ReturnType<typeof startWorker> | null = null;
    let third: ReturnType<typeof startWorker> | null = null;
    try {
      const source = await makeSource(path.join(dir, 'source.mp4'), {
        width: 640,
        height: 360,
        fps: 15,
        seconds: 30,
      });
      const videoId = await insertProcessingVideo(database.handle.db, storage, source);
      await waitFor('the first worker', async () => first.log.text.includes('worker started'), 30_000);
      // After the worker registered the queue: this definition's timeout goes into the job.
      await queue.register([definition]);
      const jobId = await queue.enqueue(definition, { videoId }, { singletonKey: processVideoKey(videoId) });

      // Mid-transcode: ffmpeg is writing the renditions into the run's work folder.
      await waitFor(
        'the transcode to start',
        async () => {
          for (const folder of await workFolders(workerTmp, videoId)) {
            const partial = path.join(workerTmp, 'tube-pipeline', folder, 'mp4', '240p.mp4');
            if (existsSync(partial) && (await stat(partial)).size > 0) return true;
          }
          return false;
        },
        60_000,
      );
      const [deadFolder] = await workFolders(workerTmp, videoId);
      const deadRun = path.join(workerTmp, 'tube-pipeline', deadFolder!);
      expect(processesUsing(deadRun).length).toBeGreaterThan(0);
      await first.killAlone();
      // Its ffmpeg dies with it (runner.ts: setpriv --pdeathsig), instead of transcoding on for nobody.
      if (existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv')) {
        await waitFor(
          'the dead worker’s ffmpeg to end',
          async () => processesUsing(deadRun).length === 0,
          5_000,
        );
      } else {
        // No setpriv here: what the service manager (cgroup) or container would do.
        for (const pid of processesUsing(deadRun)) process.kill(pid, 'SIGKILL');
      }
      const rowsAtKill = await database.handle.db
        .selectFrom('video_files')
        .select('kind')
        .where('video_id', '=', videoId)
        .where('kind', '=', 'mp4')
        .execute();
      expect(rowsAtKill).toEqual([]);
      expect((await queue.info(definition, jobId!))?.state).toBe('active');
      expect(await workFolders(workerTmp, videoId)).toHaveLength(1);

      second = startWorker({ ...env, TMPDIR: otherTmp });
      const status = async () =>
        (
          await database.handle.db
            .selectFrom('videos')
            .select('status')
            .where('id', '=', videoId)
            .executeTakeFirstOrThrow()
        ).status;
      await waitFor('the video to finish in the second worker', async () => (await status()) !== 2, 150_000);
      expect(await status()).toBe(3);
      await waitFor(
        'the job to complete',
        async () => (await queue.info(definition, jobId!))?.state === 'completed',
        10_000,
      );
      expect((await queue.info(definition, jobId!))?.retryCount).toBe(1);
      // Taken up again, not sent again: one job, completed once.
      const { rows: jobs } = await sql<{ state: string }>`
        SELECT state::text AS state FROM pgboss.job
        WHERE name = ${processVideoJob.name} AND singleton_key = ${processVideoKey(videoId)}`.execute(
        database.handle.db,
      );
      expect(jobs).toEqual([{ state: 'completed' }]);

      const rows = await database.handle.db
        .selectFrom('video_files')
        .select(['kind', 'format'])
        .where('video_id', '=', videoId)
        .execute();
      const pairs = rows.map((r) => `${r.kind}:${r.format}`).sort();
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(pairs.filter((p) => p.startsWith('mp4:'))).toEqual(['mp4:240p', 'mp4:360p']);
      expect(pairs).toContain('vtt:');
      expect(pairs).toContain('preview:');
      expect(pairs).toContain('poster:');
      expect(await orphanFiles(database.handle.db, storage.root, videoId)).toEqual([]);
      // The second run's folder went when it ended; the killed run's is still on the first machine...
      expect(await workFolders(otherTmp, videoId)).toEqual([]);
      expect(await workFolders(workerTmp, videoId)).toEqual([deadFolder]);
      // ...until a worker starts there again: its start-up sweep removes it (the job is over).
      third = startWorker(env);
      await waitFor(
        'the work folder sweep',
        async () => (await workFolders(workerTmp, videoId)).length === 0,
        20_000,
      );
      await waitFor(
        'the sweep’s log line',
        async () => third!.log.text.includes('removed work folders of runs no longer active'),
        5_000,
      );
    } finally {
      await first.kill('SIGKILL');
      await second?.kill('SIGTERM');
      await third?.kill('SIGTERM');
      await queue.stop({ timeoutMs: 1000 });
      await database.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
