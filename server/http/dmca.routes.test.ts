// The staff's DMCA workflow over HTTP (issue 15): a DMCA report naming a video becomes a case; the
// takedown makes the video's page say 'Video not found or has been recently deleted' and takes it out
// of the listings and the sitemap at once (the caches are warmed first), a counter-notice is recorded,
// the restore brings it back; the uploader's repeat-infringer count. Staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

const DMCA = 'DMCA / Copyright Infringement';
const LIST = '/api/json/videos2/43200/str/latest-updates/60/videos..1.all.all.all.json';

describe.each(databaseKinds())('DMCA cases on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let video: { id: number; dir: string };
  let other: { id: number; dir: string };
  let uploaderId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    roles = await createRoles(t, 'dmca');
    const db = t.database.handle.db;
    uploaderId = roles.users.member.userId;
    video = await insertVideo(db, { title: 'Harbour Lights Sample' });
    other = await insertVideo(db, { title: 'Mountain Path Sample' });
    await db
      .updateTable('videos')
      .set({ user_id: uploaderId })
      .where('id', 'in', [video.id, other.id])
      .execute();
    await db.updateTable('users').set({ videos_count: 2 }).where('id', '=', uploaderId).execute();
  });
  afterAll(() => t.close());

  const report = async (fields: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://tube.test' },
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
      payload: new URLSearchParams({ email: 'agent@example.com', ...fields }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().report_id as number;
  };
  const act = (who: RoleName, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/dmca.php',
      headers: {
        ...roles.headers(who),
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://tube.test',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const listed = async () => (await t.app.inject({ url: LIST })).body.includes('Harbour Lights Sample');
  /** The audit log's entries about a case, oldest first (issue 17). */
  const auditOf = (caseId: number | string) =>
    t.database.handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('target_type', '=', 'dmca_case')
      .where('target_id', '=', String(caseId))
      .orderBy('id')
      .execute();
  const inSitemap = async () =>
    (await t.app.inject({ url: '/sitemaps/videos-1.xml' })).body.includes(`/video/${video.id}/`);
  const page = () => t.app.inject({ url: `/video/${video.id}/${video.dir}/` });
  const videosCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('users')
          .select('videos_count')
          .where('id', '=', uploaderId)
          .executeTakeFirstOrThrow()
      ).videos_count,
    );

  it('is staff only: guests 401, members 403, before any input check', async () => {
    const reportId = await report({
      subject: DMCA,
      message: 'Copied work.',
      referrer: `http://tube.test/video/${video.id}/${video.dir}/`,
    });
    for (const [who, status] of [
      ['guest', 401],
      ['member', 403],
      ['other', 403],
    ] as const) {
      expect((await act(who, { act: 'open', report_id: String(reportId) })).statusCode).toBe(status);
      expect((await act(who, { act: 'nonsense' })).statusCode).toBe(status);
      expect(
        (await t.app.inject({ url: '/api/admin/dmca.php', headers: roles.headers(who) })).statusCode,
      ).toBe(status);
    }
    expect((await act('moderator', { act: 'nonsense' })).json()).toMatchObject({
      code: 'invalid',
      codes: [{ field: 'act', code: 'invalid' }],
    });
    expect((await act('moderator', { act: 'take_down' })).json().codes).toEqual([
      { field: 'case_id', code: 'required' },
    ]);
    expect((await act('moderator', { act: 'take_down', case_id: '999999' })).statusCode).toBe(404);
  });

  it('opens a case only for a DMCA report that names a video of this site', async () => {
    const notDmca = await report({
      subject: 'Technical Problems',
      message: 'The player stalls.',
      referrer: `http://tube.test/video/${video.id}/${video.dir}/`,
    });
    expect((await act('moderator', { act: 'open', report_id: String(notDmca) })).json().code).toBe(
      'not_dmca',
    );
    const noVideo = await report({ subject: DMCA, message: 'Something of ours is on your site.' });
    const res = await act('moderator', { act: 'open', report_id: String(noVideo) });
    expect([res.statusCode, res.json().code]).toEqual([409, 'no_video']);
    // The video named in the message, when the form was not sent from its page.
    const inMessage = await report({
      subject: DMCA,
      message: `Please remove http://tube.test/video/${other.id}/${other.dir}/ now.`,
    });
    const opened = await act('administrator', { act: 'open', report_id: String(inMessage) });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().case).toMatchObject({ state: 'open', video: { video_id: other.id } });
  });

  it('takes the video down (page, listings, sitemap), records a counter-notice, restores it', async () => {
    const reportId = await report({
      subject: DMCA,
      message: 'This copies our film.',
      referrer: `http://tube.test/video/${video.id}/${video.dir}/`,
    });
    // Warm every cache first: the takedown must not wait for them.
    expect(await listed()).toBe(true);
    expect(await inSitemap()).toBe(true);
    expect((await page()).statusCode).toBe(200);
    const before = await videosCount();

    const opened = await act('moderator', { act: 'open', report_id: String(reportId) });
    expect(opened.statusCode, opened.body).toBe(200);
    const kase = opened.json().case;
    expect(kase).toMatchObject({
      report_id: reportId,
      state: 'open',
      taken_down: false,
      video: { video_id: video.id, status: 1 },
      uploader: { user_id: uploaderId, takedowns: 0 },
    });
    // Opening again finds the same case.
    expect((await act('moderator', { act: 'open', report_id: String(reportId) })).json().case.case_id).toBe(
      kase.case_id,
    );
    const id = String(kase.case_id);

    const down = await act('moderator', { act: 'take_down', case_id: id });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().case).toMatchObject({
      state: 'taken_down',
      taken_down: true,
      video: { status: 5 },
      uploader: { takedowns: 1 },
    });
    expect(down.json().case.taken_down_at).toEqual(expect.any(String));
    const gone = await page();
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Video not found or has been recently deleted');
    expect(await listed()).toBe(false);
    expect(await inSitemap()).toBe(false);
    expect(await videosCount()).toBe(before - 1);
    // Twice is a conflict, not a second takedown.
    expect((await act('moderator', { act: 'take_down', case_id: id })).json().code).toBe('invalid_state');

    const notice = await act('administrator', {
      act: 'counter_notice',
      case_id: id,
      message: 'The uploader states they own the footage.',
      received: '2026-11-20',
    });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.json().case).toMatchObject({
      counter_notice: 'The uploader states they own the footage.',
      counter_notice_at: '2026-11-20',
    });
    expect((await act('moderator', { act: 'counter_notice', case_id: id })).json().codes).toEqual([
      { field: 'message', code: 'required' },
    ]);
    expect(
      (
        await act('moderator', { act: 'counter_notice', case_id: id, received: '20-11-2026', message: 'x' })
      ).json().codes,
    ).toEqual([{ field: 'received', code: 'invalid' }]);

    // The staff's list shows the case with the uploader's count.
    const list = await t.app.inject({ url: '/api/admin/dmca.php', headers: roles.headers('moderator') });
    expect(list.statusCode).toBe(200);
    expect(list.json().cases.find((c: { case_id: number }) => c.case_id === kase.case_id)).toMatchObject({
      uploader: { takedowns: 1 },
    });

    const restored = await act('moderator', { act: 'restore', case_id: id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().case).toMatchObject({
      state: 'restored',
      taken_down: false,
      video: { status: 1 },
      uploader: { takedowns: 0 },
    });
    expect((await page()).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect(await inSitemap()).toBe(true);
    expect(await videosCount()).toBe(before);
    expect((await act('moderator', { act: 'restore', case_id: id })).json().code).toBe('invalid_state');

    const closed = await act('moderator', { act: 'close', case_id: id });
    expect(closed.json().case).toMatchObject({ state: 'closed', closed_at: expect.any(String) });
    expect((await act('moderator', { act: 'take_down', case_id: id })).statusCode).toBe(409);

    // Every step that happened is in the audit log, by whom; the refused ones are not.
    const moderator = roles.users.moderator.userId;
    const onVideo = { video_id: video.id };
    expect(await auditOf(id)).toEqual([
      { actor_id: moderator, action: 'dmca.open', details: { report_id: reportId, video_id: video.id } },
      { actor_id: moderator, action: 'dmca.open', details: { report_id: reportId, video_id: video.id } },
      // The fixture video has no fingerprint: nothing goes on the block list (issue 31).
      {
        actor_id: moderator,
        action: 'dmca.takedown',
        details: { ...onVideo, blocked: false, block_id: null },
      },
      {
        actor_id: roles.users.administrator.userId,
        action: 'dmca.counter_notice',
        details: { ...onVideo, received: '2026-11-20' },
      },
      { actor_id: moderator, action: 'dmca.restore', details: { ...onVideo, blocks_lifted: 0 } },
      { actor_id: moderator, action: 'dmca.close', details: onVideo },
    ]);
  });

  it('parallel takedowns of one case: one wins, the count is one', async () => {
    const reportId = await report({
      subject: DMCA,
      message: 'Again.',
      referrer: `http://tube.test/video/${other.id}/${other.dir}/`,
    });
    const opened = (await act('moderator', { act: 'open', report_id: String(reportId) })).json().case;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        act('moderator', { act: 'take_down', case_id: String(opened.case_id) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const after = await t.app.inject({
      url: `/api/admin/dmca.php?case_id=${opened.case_id}`,
      headers: roles.headers('administrator'),
    });
    expect(after.json().cases[0].uploader.takedowns).toBe(1);
    const audit = await auditOf(opened.case_id);
    expect(audit.filter((e) => e.action === 'dmca.takedown')).toHaveLength(1);
  });
});
