// Issue 31 through app.inject on both databases: a performer's removal request takes the video down at
// once (the listed counts move, the staff are mailed) and the staff confirm or reinstate it; the
// complaint clock on the reports list and the dashboard's due-soon / overdue counts; appeals of a
// removal, a rejection and a DMCA takedown: owner checks, once per decision under parallel posts, the
// staff's answer (audit log, the uploader's mail in their language, the video's earlier status back).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoAppeals } from '../../contract/appeals.ts';
import { clockBounds, complaintClock } from '../../contract/complaint-clock.ts';
import type { AdminReportList } from '../../contract/report-admin.ts';
import { PERFORMER_SUBJECT } from '../../contract/report-values.ts';
import { saveFingerprint } from '../modules/integrity/fingerprints.service.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { readOutbox } from '../test/mail.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(databaseKinds())('complaint clock, removal requests and appeals on %s', (kind) => {
  let t: TestApp;
  const sid = { uploader: '', other: '', moderator: '' };
  let uploaderId = 0;
  let ip = 10;

  const makeUser = async (
    name: string,
    role: 'member' | 'moderator' | 'administrator',
    language?: string,
  ) => {
    const user = await t.services.accounts.createUser({
      username: name,
      email: `${name}@example.com`,
      password: 'secret1',
      role,
    });
    if (language)
      await t.database.handle.db
        .updateTable('users')
        .set({ language })
        .where('id', '=', user.user_id)
        .execute();
    return {
      id: user.user_id,
      sid: await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null }),
    };
  };
  const db = () => t.database.handle.db;
  const video = async (title: string, status: 1 | 4 = 1) => {
    const v = await insertVideo(db(), { title, status });
    await db().updateTable('videos').set({ user_id: uploaderId }).where('id', '=', v.id).execute();
    if (status === 1)
      await sql`UPDATE users SET videos_count = videos_count + 1 WHERE id = ${uploaderId}`.execute(db());
    return { id: Number(v.id), dir: v.dir };
  };
  const statusOf = async (id: number) =>
    (await db().selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const videosCount = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select('videos_count')
          .where('id', '=', uploaderId)
          .executeTakeFirstOrThrow()
      ).videos_count,
    );

  const report = (fields: Record<string, string>, addr?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { ...FORM, origin: 'http://tube.test' },
      remoteAddress: addr ?? `198.51.100.${ip++}`,
      payload: new URLSearchParams(fields).toString(),
    });
  const removal = (v: { id: number; dir: string }, addr?: string, extra: Record<string, string> = {}) =>
    report(
      {
        subject: PERFORMER_SUBJECT,
        name: 'Alex Example',
        email: 'alex@example.com',
        message: 'I am the person in this clip and never agreed to its publication.',
        referrer: `http://tube.test/video/${v.id}/${v.dir}/`,
        ...extra,
      },
      addr,
    );
  const post = (url: string, cookie: string | undefined, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, origin: 'http://tube.test', ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
      payload: new URLSearchParams(form).toString(),
    });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie: `sid=${cookie}` } : {} });
  const reports = async () =>
    ((await get('/api/admin/reports.php', sid.moderator)).json() as AdminReportList).reports;
  const auditActions = async (prefix: string) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', `${prefix}%`)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, env: { CATALOG_CACHE: 'off' } });
    const uploader = await makeUser('clipmaker', 'member', 'de');
    uploaderId = uploader.id;
    sid.uploader = uploader.sid;
    sid.other = (await makeUser('bystander', 'member')).sid;
    sid.moderator = (await makeUser('clockmod', 'moderator')).sid;
  });
  afterAll(() => t.close());

  it('refuses a removal request without a name or a video of this site', async () => {
    const v = await video('Refused Request Clip');
    const noName = await removal(v, undefined, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().codes).toEqual([{ field: 'name', code: 'required' }]);
    const noVideo = await removal(v, undefined, { referrer: 'http://tube.test/videos/' });
    expect(noVideo.statusCode).toBe(400);
    expect(noVideo.json().codes).toEqual([{ field: 'subject', code: 'no_video' }]);
    expect(await statusOf(v.id)).toBe(1);
  });

  it('takes the video down at once, tells the staff, and the staff confirm or reinstate it', async () => {
    const a = await video('Removal Confirmed Clip');
    const b = await video('Removal Reinstated Clip');
    // A's content has a fingerprint (as a processed upload has): confirming its removal blocks it.
    const frames = Array.from({ length: 12 }, (_, i) => 0x0f0f_3c3c_a5a5_0000n + BigInt(i * 7919));
    await saveFingerprint(db(), a.id, { intervalMs: 1000, frames });
    const blocksOf = async (id: number) =>
      (
        await db()
          .selectFrom('content_blocks')
          .select(['source', 'lifted_at'])
          .where('video_id', '=', id)
          .execute()
      ).map((r) => ({ source: r.source, lifted: r.lifted_at !== null }));
    const before = await videosCount();
    const sent = await removal(a);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'success', taken_down: true });
    expect(await statusOf(a.id)).toBe(5);
    expect(await videosCount()).toBe(before - 1);
    // Every moderator and administrator is mailed.
    expect(
      readOutbox(t.config.dataDir).some(
        (m) => m.to.includes('clockmod@example.com') && m.text.includes(`#${a.id}`),
      ),
    ).toBe(true);

    const reportA = sent.json().report_id as number;
    const listed = (await reports()).find((r) => r.report_id === reportA);
    expect(listed).toMatchObject({
      reporter_name: 'Alex Example',
      removal: { state: 'down', taken_down: true, video_status: 5 },
      clock: { state: 'ok', days: 7 },
    });

    const confirm = await post('/api/admin/reports.php', sid.moderator, {
      act: 'confirm_removal',
      report_id: String(reportA),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ state: 'handled', removal_state: 'confirmed' });
    expect(await statusOf(a.id)).toBe(5);
    expect(await blocksOf(a.id)).toEqual([{ source: 'operator', lifted: false }]);

    const reportB = (await removal(b)).json().report_id as number;
    expect(await statusOf(b.id)).toBe(5);
    const members = await post('/api/admin/reports.php', sid.other, {
      act: 'reinstate',
      report_id: String(reportB),
    });
    expect(members.statusCode).toBe(403);
    const reinstate = await post('/api/admin/reports.php', sid.moderator, {
      act: 'reinstate',
      report_id: String(reportB),
    });
    expect(reinstate.json()).toMatchObject({ removal_state: 'reinstated' });
    expect(await statusOf(b.id)).toBe(1);
    expect(await blocksOf(b.id)).toEqual([]);
    expect(await videosCount()).toBe(before - 1);
    // Twice changes nothing; confirming a reinstated request is a 409; a report that is none a 404.
    expect(
      (await post('/api/admin/reports.php', sid.moderator, { act: 'reinstate', report_id: String(reportB) }))
        .statusCode,
    ).toBe(200);
    const late = await post('/api/admin/reports.php', sid.moderator, {
      act: 'confirm_removal',
      report_id: String(reportB),
    });
    expect(late.statusCode).toBe(409);
    const plain = (await report({ subject: 'Support Request', email: 'x@example.com', message: 'Hi' })).json()
      .report_id;
    expect(
      (await post('/api/admin/reports.php', sid.moderator, { act: 'reinstate', report_id: String(plain) }))
        .statusCode,
    ).toBe(404);
    expect(await auditActions('removal.')).toEqual(['removal.confirm', 'removal.reinstate']);
  });

  it('limits removal requests per address in 24 hours', async () => {
    const addr = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await removal(await video(`Limited Clip ${i}`), addr)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('shows each open report its clock, and the dashboard counts due-soon and overdue complaints', async () => {
    const count = async () => (await get('/api/admin/dashboard.php', sid.moderator)).json().counts;
    const base = await count();
    const now = Date.now();
    const bounds = clockBounds(now);
    const make = async (created: Date) => {
      const id = (
        await report({ subject: 'Support Request', email: 'c@example.com', message: 'Clock' })
      ).json().report_id;
      await db().updateTable('reports').set({ created_at: created }).where('id', '=', id).execute();
      return id as number;
    };
    const overdue = await make(new Date(now - 30 * 86_400_000));
    const soon = await make(
      new Date(Math.max(bounds.overdue.getTime(), bounds.dueSoon.getTime() - 3_600_000)),
    );
    const after = await count();
    expect(after.complaints_overdue - base.complaints_overdue).toBe(1);
    expect(after.complaints_due_soon - base.complaints_due_soon).toBe(
      complaintClock(bounds.dueSoon.getTime() - 3_600_000, now).state === 'due_soon' ? 1 : 0,
    );
    const listed = await reports();
    expect(listed.find((r) => r.report_id === overdue)?.clock).toMatchObject({ state: 'overdue' });
    expect(listed.find((r) => r.report_id === soon)?.clock?.state).not.toBe('ok');
    // Handled: no clock, not counted.
    await post('/api/admin/reports.php', sid.moderator, { act: 'handle', report_id: String(overdue) });
    expect((await count()).complaints_overdue).toBe(base.complaints_overdue);
  });

  it('lets only the uploader appeal, once per decision even with parallel posts, and staff answer it', async () => {
    const v = await video('Appealed Removal Clip');
    const reportId = (await removal(v)).json().report_id as number;
    const url = `/api/appeals.php?video_id=${v.id}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, sid.other)).statusCode).toBe(403);
    expect(
      (await post('/api/appeals.php', sid.other, { video_id: String(v.id), message: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await get('/api/appeals.php?video_id=999999', sid.uploader)).statusCode).toBe(404);
    const view = (await get(url, sid.uploader)).json() as VideoAppeals;
    expect(view).toEqual({ video_id: v.id, appealable: { kind: 'removal', open: true }, appeals: [] });
    const empty = await post('/api/appeals.php', sid.uploader, { video_id: String(v.id), message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().codes).toEqual([{ field: 'message', code: 'required' }]);

    const sends = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post('/api/appeals.php', sid.uploader, {
          video_id: String(v.id),
          message: `I own every right, try ${i}`,
        }),
      ),
    );
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(sends.find((r) => r.statusCode === 409)?.json().codes).toEqual([
      { field: 'notify', code: 'already_appealed' },
    ]);
    const appealId = sends.find((r) => r.statusCode === 200)?.json().appeal.appeal_id as number;
    expect((await get(url, sid.uploader)).json().appealable).toEqual({ kind: 'removal', open: false });

    // The staff list it with its clock; members cannot answer.
    const list = (await get('/api/admin/appeals.php', sid.moderator)).json();
    expect(list.appeals.find((a: { appeal_id: number }) => a.appeal_id === appealId)).toMatchObject({
      kind: 'removal',
      decision: { report_id: reportId },
      clock: { state: 'ok' },
      uploader: { username: 'clipmaker' },
    });
    expect((await get('/api/admin/appeals.php', sid.uploader)).statusCode).toBe(403);
    const answer = {
      appeal_id: String(appealId),
      act: 'overturn',
      answer: 'Your licence checks out; the clip is back.',
    };
    expect((await post('/api/admin/appeals.php', sid.uploader, answer)).statusCode).toBe(403);
    expect(
      (await post('/api/admin/appeals.php', sid.moderator, { ...answer, answer: '' })).json().codes,
    ).toEqual([{ field: 'answer', code: 'required' }]);
    const [first, second] = await Promise.all([
      post('/api/admin/appeals.php', sid.moderator, answer),
      post('/api/admin/appeals.php', sid.moderator, { ...answer, act: 'uphold' }),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const won = (first.statusCode === 200 ? first : second).json().appeal;
    const expected = won.state === 'overturned' ? 1 : 5;
    expect(await statusOf(v.id)).toBe(expected);
    // The uploader reads the answer, and gets it by mail in their language (German).
    const seen = (await get(url, sid.uploader)).json() as VideoAppeals;
    expect(seen.appeals[0]).toMatchObject({ state: won.state, answer: won.answer });
    const mineRes = await get('/api/my_appeals.php', sid.uploader);
    expect(mineRes.statusCode, mineRes.body).toBe(200);
    const mine = mineRes.json().appeals;
    expect(mine.find((a: { appeal_id: number }) => a.appeal_id === appealId)).toMatchObject({
      answer: won.answer,
    });
    expect((await get('/api/my_appeals.php', sid.other)).json().appeals).toEqual([]);
    expect((await get('/api/my_appeals.php')).statusCode).toBe(401);
    const mail = readOutbox(t.config.dataDir).find((m) => m.to.includes('clipmaker@example.com'));
    expect(mail?.text).toContain(won.answer);
    expect(mail?.subject).toContain('Einspruch');
    expect((await auditActions('appeal.')).length).toBe(1);
  });

  it('overturns a rejection back into the moderation queue, and upholds a DMCA takedown', async () => {
    const rejected = await video('Rejected Appeal Clip', 4);
    await db()
      .updateTable('videos')
      .set({ reject_reason: 'low_quality' })
      .where('id', '=', rejected.id)
      .execute();
    const sent = await post('/api/appeals.php', sid.uploader, {
      video_id: String(rejected.id),
      message: 'It is sharp now',
    });
    expect(sent.json().appeal).toMatchObject({ kind: 'rejection', state: 'open' });
    const done = await post('/api/admin/appeals.php', sid.moderator, {
      appeal_id: String(sent.json().appeal.appeal_id),
      act: 'overturn',
      answer: 'Back in the queue.',
    });
    expect(done.statusCode).toBe(200);
    expect(await statusOf(rejected.id)).toBe(3);
    // Nothing holds a waiting video: nothing to appeal.
    const nothing = await post('/api/appeals.php', sid.uploader, {
      video_id: String(rejected.id),
      message: 'Again',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('not_appealable');

    const listed = await video('Dmca Appeal Clip');
    const dmcaReport = (
      await report({
        subject: 'DMCA / Copyright Infringement',
        email: 'rights@example.com',
        message: 'Mine',
        referrer: `http://tube.test/video/${listed.id}/${listed.dir}/`,
      })
    ).json().report_id as number;
    const opened = await post('/api/admin/dmca.php', sid.moderator, {
      act: 'open',
      report_id: String(dmcaReport),
    });
    const caseId = opened.json().case.case_id as number;
    await post('/api/admin/dmca.php', sid.moderator, { act: 'take_down', case_id: String(caseId) });
    expect(await statusOf(listed.id)).toBe(5);
    const appeal = await post('/api/appeals.php', sid.uploader, {
      video_id: String(listed.id),
      message: 'Licensed',
    });
    expect(appeal.json().appeal.kind).toBe('dmca');
    const list = (await get('/api/admin/appeals.php', sid.moderator)).json();
    expect(
      list.appeals.find((a: { appeal_id: number }) => a.appeal_id === appeal.json().appeal.appeal_id)
        .decision,
    ).toEqual({
      report_id: null,
      case_id: caseId,
      reason: null,
    });
    const upheld = await post('/api/admin/appeals.php', sid.moderator, {
      appeal_id: String(appeal.json().appeal.appeal_id),
      act: 'uphold',
      answer: 'The notice is valid.',
    });
    expect(upheld.json().appeal.state).toBe('upheld');
    expect(await statusOf(listed.id)).toBe(5);
    const answered = (await get('/api/admin/appeals.php?status=answered', sid.moderator)).json();
    expect(answered.total_count).toBeGreaterThanOrEqual(3);
    expect((await get('/api/admin/appeals.php?status=nope', sid.moderator)).statusCode).toBe(400);
  });

  it("a DMCA restore leaves down a video that a performer's removal request holds", async () => {
    const held = await video('Held Clip');
    const notice = (
      await report({
        subject: 'DMCA / Copyright Infringement',
        email: 'rights@example.com',
        message: 'Mine too',
        referrer: `http://tube.test/video/${held.id}/${held.dir}/`,
      })
    ).json().report_id as number;
    const caseId = (
      await post('/api/admin/dmca.php', sid.moderator, { act: 'open', report_id: String(notice) })
    ).json().case.case_id as number;
    await post('/api/admin/dmca.php', sid.moderator, { act: 'take_down', case_id: String(caseId) });
    expect((await removal(held)).statusCode).toBe(200);
    const restored = await post('/api/admin/dmca.php', sid.moderator, {
      act: 'restore',
      case_id: String(caseId),
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().case.state).toBe('restored');
    expect(await statusOf(held.id)).toBe(5);
  });
});
