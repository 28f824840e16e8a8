// The pipeline's work folders, `{workRoot}/video-{id}-{pid}-{random}` (default `$TMPDIR/tube-pipeline`):
// one per run of 'video.process', removed by the run itself when it ends. A worker killed mid-run
// (SIGKILL, the OOM killer, a power cut) leaves its folder behind, often gigabytes of half-made
// renditions. A run of the same video on the same machine removes it as it starts (process-video.ts);
// the sweep here removes the rest: at each working process's start and every 10 minutes, every folder
// whose process is gone (no process of its pid on this machine) and whose video has no active
// 'video.process' job in the database. The first rule keeps the folders of live runs of other sites (or
// test files) sharing the machine's temp folder with other databases; the second, those of a machine
// sharing the folder across process namespaces. A per-process timer, not a pg-boss schedule: the
// folders are on each machine's own disk, and a scheduled job runs on one machine a tick.
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DB } from '../db/database.ts';
import { processVideoJob } from './definitions.ts';
import { createPipelineRepository } from './pipeline.repository.ts';

export const WORK_FOLDER_SWEEP_INTERVAL_MS = 10 * 60_000;

const FOLDER = /^video-(\d+)-(\d+)-[0-9a-f]+$/;

/** Whether a process of that pid runs on this machine (EPERM: it does, under another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder the runs' work folders go in: `workDir`, else `{os tmp}/tube-pipeline`. */
export function workRootOf(workDir?: string): string {
  return workDir ?? path.join(os.tmpdir(), 'tube-pipeline');
}

/** The name of a run's work folder (its pid and a random part: every run has its own). */
export function workFolderName(videoId: number, random: string): string {
  return `video-${videoId}-${process.pid}-${random}`;
}

/**
 * The work folders of `videoId`'s earlier runs on this machine that are over: their process is gone, or
 * is this one (a video has one run at a time). Live runs of another database's video of the same id
 * (another site, another test file on the same temp folder) are not among them.
 */
export async function leftoverFoldersOf(workRoot: string, videoId: number): Promise<string[]> {
  const names = await readdir(workRoot).catch(() => [] as string[]);
  return names.filter((name) => {
    const match = FOLDER.exec(name);
    if (match?.[1] !== String(videoId)) return false;
    const pid = Number(match[2]);
    return pid === process.pid || !processAlive(pid);
  });
}

export interface WorkFolderSweepOptions {
  db: DB;
  workRoot: string;
  /** pg-boss's schema (PgBossQueueOptions.schema). */
  schema?: string;
}

/**
 * Removes every work folder whose process is gone and whose video has no active 'video.process' job;
 * resolves their names. The folders are listed before the jobs are read: a run's job is active before
 * its folder exists, so a folder made after the listing is not looked at, and one listed is kept if its
 * job is active then. The folder of a run killed while its job is still active (until its missed
 * heartbeat fails it, and while its retry runs on another machine) stays until a later sweep, or until
 * the next run of that video on this machine removes it.
 */
export async function sweepWorkFolders(options: WorkFolderSweepOptions): Promise<string[]> {
  const names = (await readdir(options.workRoot).catch(() => [] as string[])).filter((name) => {
    const match = FOLDER.exec(name);
    return match !== null && !processAlive(Number(match[2]));
  });
  if (names.length === 0) return [];
  const active = new Set(
    await createPipelineRepository(options.db).videosWithActiveJob(
      processVideoJob.name,
      options.schema ?? 'pgboss',
    ),
  );
  const removed: string[] = [];
  for (const name of names) {
    const videoId = Number(FOLDER.exec(name)?.[1]);
    if (active.has(videoId)) continue;
    await rm(path.join(options.workRoot, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

export interface WorkFolderSweeper {
  /** No further runs; resolves once a running one is done. */
  stop(): Promise<void>;
}

/**
 * sweepWorkFolders now and every `intervalMs` (default 10 minutes) until stopped; a slow run is never
 * overlapped, a failed one is logged and the next tick tries again.
 */
export function startWorkFolderSweeper(
  options: WorkFolderSweepOptions & {
    log: { error(details: object, message: string): void; info?(details: object, message: string): void };
    intervalMs?: number;
  },
): WorkFolderSweeper {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweepWorkFolders(options)
      .then((removed) => {
        if (removed.length > 0)
          options.log.info?.({ folders: removed }, 'removed work folders of runs no longer active');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'work folder sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? WORK_FOLDER_SWEEP_INTERVAL_MS);
  // The timer alone never keeps a process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
