// The work-folder sweep (issue 28): a folder left by a run whose process is gone goes, unless its video's
// job is active (its retry may be running elsewhere); a folder of a live process stays, whatever the
// database says (another site, or another test file, sharing the temp folder).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { JobRegistry } from '../jobs/registry.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { processVideoJob, processVideoKey } from './definitions.ts';
import { leftoverFoldersOf, sweepWorkFolders } from './work-folders.ts';

// Above Linux's largest pid (2^22): no process can have it.
const DEAD_PID = 4_194_305;

describe.each(databaseKinds())('work folder sweep on %s', (kind) => {
  let database: TestDatabase;
  let queue: JobQueue;
  let root: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    root = await mkdtemp(path.join(tmpdir(), 'work-folders-'));
    queue = await startJobs(database.handle, {
      work: false,
      log: { error: () => {} },
      registry: new JobRegistry().define(processVideoJob).handle(processVideoJob, async () => {}),
    } as unknown as Parameters<typeof startJobs>[1]);
  }, 60_000);

  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await database?.dispose();
    await rm(root, { recursive: true, force: true });
  });

  const folder = async (name: string) => {
    await mkdir(path.join(root, name, 'mp4'), { recursive: true });
    await writeFile(path.join(root, name, 'mp4', '240p.mp4'), 'partial');
  };

  it('removes the folders of dead runs whose video has no active job, and only those', async () => {
    const db = database.handle.db;
    await queue.enqueue(processVideoJob, { videoId: 71 }, { singletonKey: processVideoKey(71) });
    await sql`UPDATE pgboss.job SET state = 'active', started_on = now()
      WHERE singleton_key = ${processVideoKey(71)}`.execute(db);
    const deadIdle = `video-70-${DEAD_PID}-0a0a0a0a`;
    const deadActive = `video-71-${DEAD_PID}-0b0b0b0b`;
    const live = `video-72-${process.pid}-0c0c0c0c`;
    for (const name of [deadIdle, deadActive, live, 'not-a-work-folder']) await folder(name);

    expect(await sweepWorkFolders({ db, workRoot: root })).toEqual([deadIdle]);
    expect((await readdir(root)).sort()).toEqual([deadActive, live, 'not-a-work-folder'].sort());

    // Its job over (completed, or failed for good), the dead run's folder goes at the next sweep.
    await sql`UPDATE pgboss.job SET state = 'completed', completed_on = now()
      WHERE singleton_key = ${processVideoKey(71)}`.execute(db);
    expect(await sweepWorkFolders({ db, workRoot: root })).toEqual([deadActive]);
    expect(await sweepWorkFolders({ db, workRoot: root })).toEqual([]);
  });

  it("a new run of a video finds its dead runs' folders, not another process's live one", async () => {
    const dead = `video-80-${DEAD_PID}-0d0d0d0d`;
    const own = `video-80-${process.pid}-0e0e0e0e`;
    // pid 1 is always alive: a run of another site's video 80.
    const otherLive = 'video-80-1-0f0f0f0f';
    for (const name of [dead, own, otherLive, `video-8-${DEAD_PID}-01010101`]) await folder(name);
    expect((await leftoverFoldersOf(root, 80)).sort()).toEqual([dead, own].sort());
  });
});
