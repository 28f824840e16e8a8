// The console's dashboard on a real database and the real pg-boss queue (PGlite; PostgreSQL too when
// TEST_DATABASE_URL is set): counts, the time series with its empty days, a failed video.process job
// listed with its error, retried and run again, and a stuck video reprocessed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { VideoStatus } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { defineJob } from '../../jobs/job.ts';
import { PgBossQueue } from '../../jobs/pg-boss-queue.ts';
import { processVideoJob, processVideoKey } from '../../pipeline/definitions.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService, type DashboardService, utcDay } from './dashboard.service.ts';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

let counter = 0;
async function video(db: DB, status: VideoStatus, minutesAgo = 0): Promise<number> {
  counter += 1;
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const { id } = await db
    .insertInto('videos')
    .values({ dir: `dash-${counter}`, title: `Dashboard clip ${counter}`, status, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function user(db: DB, role: CurrentUser['role'], name: string): Promise<CurrentUser> {
  const { id } = await db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.com`, status: 'active', role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user_id: Number(id), username: name, avatar: null, role };
}

describe.each(databaseKinds())('console dashboard on %s', (kind) => {
  let database: TestDatabase;
  let db: DB;
  let queue: PgBossQueue;
  let dashboard: DashboardService;
  let moderator: CurrentUser;
  let member: CurrentUser;
  // The pipeline's job, once per attempt: fails while `broken`, as a storage outage would make it.
  let broken = true;
  let hold: Promise<void> | null = null;
  const runs: { videoId: number; retryCount: number }[] = [];
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
    queue = new PgBossQueue(database.handle, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    // No retries of its own: the first failure is final, so the job shows as failed at once.
    const once = defineJob({
      ...processVideoJob,
      retry: { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false },
    });
    await queue.register([once]);
    await queue.work(once, async ({ videoId }, context) => {
      runs.push({ videoId, retryCount: context.retryCount });
      if (hold) await hold;
      if (broken) throw new Error('storage unreachable: connect ECONNREFUSED 10.0.0.9:9000');
    });
    dashboard = createDashboardService({
      repo: createDashboardRepository(db),
      jobs: queue,
      audit: createAuditService(createAuditRepository(db)),
      storage: { kind: 'local' },
      disk: async () => ({ free: 5 * 1024 ** 3, total: 20 * 1024 ** 3 }),
      now: () => now,
    });
    moderator = await user(db, 'moderator', 'dash_moderator');
    member = await user(db, 'member', 'dash_member');
  }, 60_000);

  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await database?.dispose();
  });

  it('is for staff only', async () => {
    expect(await codeOf(dashboard.overview(null, 30))).toBe('login_required');
    expect(await codeOf(dashboard.overview(member, 30))).toBe('forbidden');
    expect(await codeOf(dashboard.act(member, { act: 'reprocess', videoId: 1 }))).toBe('forbidden');
    expect(await codeOf(dashboard.act(undefined, { act: 'retry', jobId: crypto.randomUUID() }))).toBe(
      'login_required',
    );
  });

  it('counts the work waiting and the site’s size', async () => {
    const before = (await dashboard.overview(moderator, 30)).counts;
    await video(db, 3);
    await video(db, 3);
    await video(db, 1);
    const deleted = await video(db, 3);
    await db.updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
    await db
      .insertInto('reports')
      .values([
        { subject: 'Abuse', email: 'a@example.com', message: 'One' },
        { subject: 'Abuse', email: 'b@example.com', message: 'Two', status: 'resolved' },
      ])
      .execute();
    await db.insertInto('age_verifications').values({ user_id: member.user_id, provider: 'photo' }).execute();
    const after = (await dashboard.overview(moderator, 30)).counts;
    expect(after.waiting_moderation - before.waiting_moderation).toBe(2);
    expect(after.videos_listed - before.videos_listed).toBe(1);
    expect(after.videos - before.videos).toBe(3);
    expect(after.reports_open - before.reports_open).toBe(1);
    expect(after.age_verifications_pending - before.age_verifications_pending).toBe(1);
    expect(after.members).toBeGreaterThanOrEqual(2);
  });

  it('gives one point per day, zeros on days without rows', async () => {
    const today = utcDay(now);
    const threeAgo = utcDay(now, 3);
    await db
      .insertInto('stats_daily')
      .values([
        { day: today, metric: 'page_view', name: 'home', count: 40 },
        { day: today, metric: 'page_view', name: 'video', count: 2 },
        { day: today, metric: 'video_view', name: '', count: 7 },
        { day: today, metric: 'goal', name: 'tablink_click', count: 3 },
        { day: today, metric: 'goal', name: 'player_play', count: 1 },
        { day: threeAgo, metric: 'page_view', name: 'home', count: 5 },
        // Outside a 7-day window.
        { day: utcDay(now, 10), metric: 'page_view', name: 'home', count: 999 },
      ])
      .execute();
    const result = await dashboard.overview(moderator, 7);
    expect(result.days).toBe(7);
    expect(result.series.map((p) => p.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((back) => utcDay(now, back)));
    const last = result.series.at(-1)!;
    expect(last).toMatchObject({ day: today, page_views: 42, video_views: 7, goals: 4 });
    // Sign-ups and uploads come from their own tables: the users and videos made today.
    expect(last.signups).toBeGreaterThanOrEqual(2);
    expect(last.uploads).toBeGreaterThanOrEqual(4);
    expect(result.series.find((p) => p.day === threeAgo)).toEqual({
      day: threeAgo,
      page_views: 5,
      video_views: 0,
      signups: 0,
      uploads: 0,
      goals: 0,
    });
    for (const back of [6, 5, 4, 2, 1]) {
      expect(result.series.find((p) => p.day === utcDay(now, back))?.page_views).toBe(0);
    }
    expect((await dashboard.overview(moderator, 365)).series).toHaveLength(365);
    expect((await dashboard.overview(moderator, 1)).series.map((p) => p.day)).toEqual([today]);
  });

  it('sums storage by kind and reports the free disk', async () => {
    const id = await video(db, 1);
    await db
      .insertInto('video_files')
      .values([
        {
          video_id: id,
          kind: 'mp4',
          format: '480p',
          storage_key: `videos/${id}/480p.mp4`,
          mime: 'video/mp4',
          size_bytes: 3000,
        },
        {
          video_id: id,
          kind: 'mp4',
          format: '240p',
          storage_key: `videos/${id}/240p.mp4`,
          mime: 'video/mp4',
          size_bytes: 1000,
        },
        {
          video_id: id,
          kind: 'poster',
          format: '',
          storage_key: `videos/${id}/poster.jpg`,
          mime: 'image/jpeg',
          size_bytes: 50,
        },
      ])
      .execute();
    const { storage } = await dashboard.overview(moderator, 7);
    expect(storage.by_kind.find((k) => k.kind === 'mp4')).toMatchObject({ files: 2, bytes: 4000 });
    expect(storage.total_bytes).toBeGreaterThanOrEqual(4050);
    expect(storage).toMatchObject({ kind: 'local', free_bytes: 5 * 1024 ** 3, disk_bytes: 20 * 1024 ** 3 });
  });

  it('lists a failed job with its error, retries it, and the job runs again', async () => {
    const videoId = await video(db, 2);
    const jobId = await queue.enqueue(
      processVideoJob,
      { videoId },
      { singletonKey: processVideoKey(videoId) },
    );
    expect(jobId).toBeTruthy();
    const failed = await waitFor('the job to fail', async () => {
      const { jobs } = await dashboard.overview(moderator, 7);
      return jobs.failed.find((j) => j.id === jobId);
    });
    expect(failed).toMatchObject({
      name: 'video.process',
      state: 'failed',
      video_id: videoId,
      error: 'storage unreachable: connect ECONNREFUSED 10.0.0.9:9000',
    });
    const overview = await dashboard.overview(moderator, 7);
    expect(overview.jobs.available).toBe(true);
    expect(overview.jobs.queues.find((q) => q.name === 'video.process')?.failed).toBeGreaterThanOrEqual(1);
    // Its video has no live job left: it is stuck too.
    expect(overview.stuck).toEqual([]); // younger than the grace period
    const later = createDashboardService({
      repo: createDashboardRepository(db),
      jobs: queue,
      audit: { record: async () => {} },
      storage: { kind: 's3' },
      now: () => new Date(Date.now() + 10 * 60_000),
    });
    const stuck = (await later.overview(moderator, 7)).stuck.find((v) => v.video_id === videoId);
    expect(stuck).toMatchObject({ last_job_state: 'failed' });
    expect((await later.overview(moderator, 7)).storage.free_bytes).toBeNull();

    // The outage is over: two staff members press Retry at once; one re-queues it.
    broken = false;
    const attempts = runs.filter((r) => r.videoId === videoId).length;
    const results = await Promise.allSettled([
      dashboard.act(moderator, { act: 'retry', jobId: jobId! }),
      dashboard.act(moderator, { act: 'retry', jobId: jobId! }),
    ]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    expect((ok[0] as PromiseFulfilledResult<unknown>).value).toMatchObject({
      status: 'success',
      act: 'retry',
      job_id: jobId,
      video_id: videoId,
    });
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'invalid_state', status: 409 });

    await waitFor('the retried job to complete', async () => {
      const { jobs } = await dashboard.overview(moderator, 7);
      return jobs.recent.find((j) => j.id === jobId && j.state === 'completed');
    });
    expect(runs.filter((r) => r.videoId === videoId).length).toBe(attempts + 1);
    expect((await dashboard.overview(moderator, 7)).jobs.failed.map((j) => j.id)).not.toContain(jobId);

    // Completed now: not failed, so another retry is refused.
    expect(await codeOf(dashboard.act(moderator, { act: 'retry', jobId: jobId! }))).toBe('invalid_state');
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'job.retry')
      .where('target_id', '=', jobId!)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: moderator.user_id, target_type: 'job' });
  });

  it('refuses an unknown job, and a retry next to a live job of the same video', async () => {
    expect(await codeOf(dashboard.act(moderator, { act: 'retry', jobId: crypto.randomUUID() }))).toBe(
      'job_not_found',
    );
    broken = true;
    const videoId = await video(db, 2);
    const first = await queue.enqueue(
      processVideoJob,
      { videoId },
      { singletonKey: processVideoKey(videoId) },
    );
    await waitFor(
      'the job to fail',
      async () => (await queue.info(processVideoJob, first!))?.state === 'failed',
    );
    // Meanwhile another job of the video waits (the sweep enqueued one, say): the failed one stays.
    let release: () => void = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const second = await queue.enqueue(
      processVideoJob,
      { videoId },
      { singletonKey: processVideoKey(videoId) },
    );
    expect(second).toBeTruthy();
    expect(await codeOf(dashboard.act(moderator, { act: 'retry', jobId: first! }))).toBe('already_queued');
    expect((await queue.info(processVideoJob, first!))?.state).toBe('failed');
    hold = null;
    release();
    await waitFor('the second job to end', async () => {
      const state = (await queue.info(processVideoJob, second!))?.state;
      return state === 'failed' || state === 'completed';
    });
  });

  it('reprocesses a stuck video once, and only a stuck one', async () => {
    broken = false;
    const stuckId = await video(db, 2, 30);
    const listedId = await video(db, 1, 30);
    const stuck = (await dashboard.overview(moderator, 7)).stuck;
    expect(stuck.find((v) => v.video_id === stuckId)).toMatchObject({
      title: expect.stringContaining('Dashboard clip'),
      last_job_state: null,
    });
    expect(stuck.map((v) => v.video_id)).not.toContain(listedId);

    expect(await codeOf(dashboard.act(moderator, { act: 'reprocess', videoId: 99_999_999 }))).toBe(
      'video_not_found',
    );
    expect(await codeOf(dashboard.act(moderator, { act: 'reprocess', videoId: listedId }))).toBe(
      'invalid_state',
    );

    let release: () => void = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const result = await dashboard.act(moderator, { act: 'reprocess', videoId: stuckId });
    expect(result).toMatchObject({ status: 'success', act: 'reprocess', video_id: stuckId });
    expect(result.job_id).toBeTruthy();
    // While its job waits or runs, a second press is refused and the video is no longer listed as stuck.
    expect(await codeOf(dashboard.act(moderator, { act: 'reprocess', videoId: stuckId }))).toBe(
      'already_queued',
    );
    expect((await dashboard.overview(moderator, 7)).stuck.map((v) => v.video_id)).not.toContain(stuckId);
    hold = null;
    release();
    await waitFor('the job to run', async () => runs.some((r) => r.videoId === stuckId));
    await waitFor(
      'the job to complete',
      async () => (await queue.info(processVideoJob, result.job_id!))?.state === 'completed',
    );
    const { rows } = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM audit_log WHERE action = 'video.reprocess' AND target_id = ${String(stuckId)}`.execute(
      db,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
