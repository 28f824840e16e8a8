// The console's dashboard and job calls through app.inject on both databases: guests 401, members
// 403, staff 200; bad days 400; a retry of an unknown job 404 and of a job that is not failed 409; a
// failed job retried over HTTP; a stuck video reprocessed; the Origin check of the write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, type Dashboard, JOBS_PATH } from '../../contract/admin-dashboard.ts';
import { defineJob } from '../jobs/job.ts';
import { PgBossQueue } from '../jobs/pg-boss-queue.ts';
import { processVideoJob, processVideoKey } from '../pipeline/definitions.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createSignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databaseKinds())('/api/admin/dashboard.php and jobs.php on %s', (kind) => {
  let t: TestApp;
  let queue: PgBossQueue;
  const cookie = { member: '', moderator: '', administrator: '' };
  let fail = true;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, env: { CATALOG_CACHE: 'off' } });
    cookie.member = (await createSignedInUser(t, 'dash_member')).cookie;
    cookie.moderator = (await createSignedInUser(t, 'dash_moderator', 'moderator')).cookie;
    cookie.administrator = (await createSignedInUser(t, 'dash_admin', 'administrator')).cookie;
    queue = new PgBossQueue(t.database.handle, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    const once = defineJob({
      ...processVideoJob,
      retry: { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false },
    });
    await queue.register([once]);
    await queue.work(once, async () => {
      if (fail) throw new Error('transcoder crashed: exit code 137');
    });
    t.services.jobs.attach(queue);
  }, 60_000);

  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await t?.close();
  });

  const get = (url: string, as?: keyof typeof cookie) =>
    t.app.inject({ method: 'GET', url, headers: as ? { cookie: cookie[as] } : {} });
  const post = (
    form: Record<string, string>,
    as?: keyof typeof cookie,
    headers: Record<string, string> = FORM,
  ) =>
    t.app.inject({
      method: 'POST',
      url: JOBS_PATH,
      headers: { ...headers, ...(as ? { cookie: cookie[as] } : {}) },
      payload: new URLSearchParams(form).toString(),
    });

  async function statusTwoVideo(title: string, minutesAgo = 30): Promise<number> {
    const { id } = await t.database.handle.db
      .insertInto('videos')
      .values({
        dir: title.toLowerCase().replace(/\W+/g, '-'),
        title,
        status: 2,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  it('answers staff only, before any input check, never cached', async () => {
    for (const url of [DASHBOARD_PATH, `${DASHBOARD_PATH}?days=0`]) {
      const guest = await get(url);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe('login_required');
      const member = await get(url, 'member');
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('forbidden');
    }
    expect((await post({ act: 'retry', job_id: crypto.randomUUID() })).json().code).toBe('login_required');
    expect((await post({}, 'member')).statusCode).toBe(403);
    for (const as of ['moderator', 'administrator'] as const) {
      const res = await get(DASHBOARD_PATH, as);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as Dashboard;
      expect(body.days).toBe(30);
      expect(body.series).toHaveLength(30);
      expect(body.jobs.available).toBe(true);
    }
  });

  it('refuses bad days with 400 on the field, takes 1 to 365', async () => {
    for (const bad of ['0', '366', '-1', 'x', '7.5', '030', '1e2']) {
      const res = await get(`${DASHBOARD_PATH}?days=${encodeURIComponent(bad)}`, 'moderator');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', codes: [{ field: 'days', code: 'invalid' }] });
    }
    for (const days of [1, 7, 90, 365]) {
      const res = await get(`${DASHBOARD_PATH}?days=${days}`, 'moderator');
      expect(res.statusCode).toBe(200);
      expect((res.json() as Dashboard).series).toHaveLength(days);
    }
  });

  it('refuses bad job input with field codes', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{}, 'act', 'required'],
      [{ act: 'explode' }, 'act', 'invalid'],
      [{ act: 'retry' }, 'job_id', 'required'],
      [{ act: 'retry', job_id: '42' }, 'job_id', 'invalid'],
      [{ act: 'reprocess' }, 'video_id', 'required'],
      [{ act: 'reprocess', video_id: '0' }, 'video_id', 'invalid'],
    ];
    for (const [form, field, code] of cases) {
      const res = await post(form, 'moderator');
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.json().codes).toEqual([{ field, code }]);
    }
    const foreign = await post({ act: 'retry', job_id: crypto.randomUUID() }, 'moderator', {
      ...FORM,
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('bad_origin');
  });

  it('retries: 404 for an unknown job, 409 for one not failed, 200 for a failed one', async () => {
    const unknown = await post({ act: 'retry', job_id: crypto.randomUUID() }, 'moderator');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('job_not_found');

    fail = true;
    const videoId = await statusTwoVideo('Retry Route Clip');
    const jobId = (await queue.enqueue(
      processVideoJob,
      { videoId },
      { singletonKey: processVideoKey(videoId) },
    )) as string;
    await waitFor(
      'the job to fail',
      async () => (await queue.info(processVideoJob, jobId))?.state === 'failed',
    );
    const listed = (await get(DASHBOARD_PATH, 'moderator')).json() as Dashboard;
    expect(listed.jobs.failed.find((j) => j.id === jobId)).toMatchObject({
      name: 'video.process',
      video_id: videoId,
      error: 'transcoder crashed: exit code 137',
    });

    fail = false;
    const retried = await post({ act: 'retry', job_id: jobId }, 'administrator');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      status: 'success',
      act: 'retry',
      job_id: jobId,
      video_id: videoId,
    });
    await waitFor(
      'the retried job to complete',
      async () => (await queue.info(processVideoJob, jobId))?.state === 'completed',
    );
    const again = await post({ act: 'retry', job_id: jobId }, 'moderator');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_state', info: { state: 'completed' } });
  });

  it('reprocesses a stuck video: 200, then 409 while its job is queued; 404 for an unknown one', async () => {
    const videoId = await statusTwoVideo('Stuck Route Clip');
    const before = (await get(DASHBOARD_PATH, 'moderator')).json() as Dashboard;
    expect(before.stuck.map((v) => v.video_id)).toContain(videoId);
    // Two presses at once: one job.
    const [a, b] = await Promise.all([
      post({ act: 'reprocess', video_id: String(videoId) }, 'moderator'),
      post({ act: 'reprocess', video_id: String(videoId) }, 'moderator'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe('already_queued');
    const audited = await t.database.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'video.reprocess')
      .where('target_id', '=', String(videoId))
      .execute();
    expect(audited).toHaveLength(1);
    const unknown = await post({ act: 'reprocess', video_id: '99999999' }, 'moderator');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('video_not_found');
  });
});
