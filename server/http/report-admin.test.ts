// The staff view of the contact/report form through app.inject on both databases: permissions per
// role before any input check, a sent report listed with its fields and its image, handle and reopen
// moving it between the lists (twice is a no-op), 404 and 400; then the /admin/reports/ page.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReportList } from '../../contract/report-admin.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';

const URL = '/api/admin/reports.php';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Role = 'member' | 'moderator' | 'administrator';

async function makeUser(t: TestApp, name: string, role: Role) {
  const user = await t.services.accounts.createUser({
    username: name,
    email: `${name}@example.com`,
    password: 'secret1',
    role,
  });
  return {
    id: user.user_id,
    sid: await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null }),
  };
}

/** Sends the public form (multipart), as a browser does. */
async function sendReport(
  t: TestApp,
  fields: Record<string, string>,
  options: { file?: Buffer; sid?: string; ip?: string } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (options.file)
    form.set('file', new Blob([new Uint8Array(options.file)], { type: 'image/png' }), 'a.png');
  const request = new Request('http://tube.test/api/report.php', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/report.php',
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      origin: 'http://tube.test',
      ...(options.sid ? { cookie: `sid=${options.sid}` } : {}),
    },
    remoteAddress: options.ip ?? '203.0.113.20',
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return res.json().report_id as number;
}

describe.each(databaseKinds())('/api/admin/reports.php on %s', (kind) => {
  let t: TestApp;
  const sid = { member: '', moderator: '', admin: '' };
  let memberId = 0;
  let moderatorId = 0;
  let video: { id: number; dir: string };
  let png: Buffer;
  let withImage = 0;
  let guestReport = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, env: { CATALOG_CACHE: 'off' } });
    const member = await makeUser(t, 'reporter', 'member');
    memberId = member.id;
    sid.member = member.sid;
    const moderator = await makeUser(t, 'reportmod', 'moderator');
    moderatorId = moderator.id;
    sid.moderator = moderator.sid;
    sid.admin = (await makeUser(t, 'reportboss', 'administrator')).sid;
    video = await insertVideo(t.database.handle.db, { title: 'Reported Lighthouse Clip' });
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    guestReport = await sendReport(t, {
      subject: 'Technical Problems',
      email: 'guest@example.com',
      message: 'The player stops.',
    });
    // Sent a moment later: the newest, first in the list.
    await t.database.handle.db
      .updateTable('reports')
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where('id', '=', guestReport)
      .execute();
    withImage = await sendReport(
      t,
      {
        subject: 'DMCA / Copyright Infringement',
        email: 'owner@example.com',
        message: 'This is my film.\nSecond line.',
        referrer: `http://tube.test/video/${video.id}/${video.dir}/`,
      },
      { file: png, sid: sid.member },
    );
  });
  afterAll(() => t.close());

  const get = (cookie?: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${URL}${query}`,
      headers: cookie ? { cookie: `sid=${cookie}` } : {},
    });
  const post = (cookie: string | undefined, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...FORM, origin: 'http://tube.test', ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
      payload: new URLSearchParams(form).toString(),
    });
  const idsOf = async (status: 'open' | 'handled', who = sid.moderator) =>
    ((await get(who, `?status=${status}`)).json() as AdminReportList).reports.map((r) => r.report_id);

  it('asks a guest to sign in (401) and refuses a member (403), whatever the input', async () => {
    for (const query of ['', '?status=nonsense&page=0']) {
      const guest = await get(undefined, query);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'login_required', codes: [] });
      expect(guest.headers['cache-control']).toBe('no-store');
      const member = await get(sid.member, query);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({
        error: 'You do not have permission to view.',
        code: 'forbidden',
        codes: [],
      });
    }
    const forms: Record<string, string>[] = [
      { act: 'handle', report_id: String(withImage) },
      { act: 'nonsense' },
    ];
    for (const form of forms) {
      expect((await post(undefined, form)).statusCode).toBe(401);
      expect((await post(sid.member, form)).statusCode).toBe(403);
    }
    const row = await t.database.handle.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', withImage)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    // Nothing refused reaches the audit log (issue 17).
    const audit = await t.database.handle.db.selectFrom('audit_log').select('id').execute();
    expect(audit).toEqual([]);
  });

  it('lists open reports newest first with their fields and the image for staff', async () => {
    const res = await get(sid.moderator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as AdminReportList;
    expect(list).toMatchObject({ status: 'open', total_count: 2, page: 1, per_page: 20 });
    expect(list.reports.map((r) => r.report_id)).toEqual([withImage, guestReport]);
    const [first, second] = list.reports;
    expect(first).toMatchObject({
      report_id: withImage,
      subject: 'DMCA / Copyright Infringement',
      email: 'owner@example.com',
      // A multipart form sends line breaks as CRLF, as browsers do.
      message: 'This is my film.\r\nSecond line.',
      referrer: `http://tube.test/video/${video.id}/${video.dir}/`,
      video: { video_id: video.id, title: 'Reported Lighthouse Clip', dir: video.dir },
      user: { user_id: memberId, username: 'reporter' },
      status: 'open',
      handled_at: null,
      handled_by: null,
    });
    expect(Date.parse(first?.created_at ?? '')).not.toBeNaN();
    expect(first?.attachment).toMatch(/^\/media\/reports\/[^/]+\.png$/);
    expect(second).toMatchObject({ user: null, video: null, attachment: null, referrer: null });
    // The URL works for staff and for nobody else.
    const url = first?.attachment ?? '';
    const staff = await t.app.inject({ method: 'GET', url, headers: { cookie: `sid=${sid.moderator}` } });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(png)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { cookie: `sid=${sid.member}` } })).statusCode,
    ).toBe(404);
    // Administrators see the same list.
    expect(await idsOf('open', sid.admin)).toEqual([withImage, guestReport]);
    expect(await idsOf('handled')).toEqual([]);
  });

  it('handle moves a report to the handled list, reopen moves it back; twice changes nothing', async () => {
    const handled = await post(sid.moderator, { act: 'handle', report_id: String(withImage) });
    expect(handled.statusCode).toBe(200);
    expect(handled.headers['cache-control']).toBe('no-store');
    expect(handled.json()).toEqual({ status: 'success', report_id: withImage, state: 'handled' });
    expect(await idsOf('open')).toEqual([guestReport]);
    expect(await idsOf('handled')).toEqual([withImage]);
    const list = (await get(sid.moderator, '?status=handled')).json() as AdminReportList;
    expect(list.total_count).toBe(1);
    expect(list.reports[0]).toMatchObject({
      status: 'handled',
      handled_by: { user_id: moderatorId, username: 'reportmod' },
    });
    expect(Date.parse(list.reports[0]?.handled_at ?? '')).not.toBeNaN();

    // Again, by someone else: still handled, by the first moderator.
    const again = await post(sid.admin, { act: 'handle', report_id: String(withImage) });
    expect(again.json()).toEqual({ status: 'success', report_id: withImage, state: 'handled' });
    const row = await t.database.handle.db
      .selectFrom('reports')
      .select(['status', 'resolved_by'])
      .where('id', '=', withImage)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'resolved', resolved_by: moderatorId });

    const reopened = await post(sid.admin, { act: 'reopen', report_id: String(withImage) });
    expect(reopened.json()).toEqual({ status: 'success', report_id: withImage, state: 'open' });
    expect((await post(sid.admin, { act: 'reopen', report_id: String(withImage) })).statusCode).toBe(200);
    expect(await idsOf('open')).toEqual([withImage, guestReport]);
    expect(await idsOf('handled')).toEqual([]);
    const open = ((await get(sid.moderator)).json() as AdminReportList).reports[0];
    expect(open).toMatchObject({ status: 'open', handled_at: null, handled_by: null });
    // Each staff action is in the audit log (issue 17), repeats too: who clicked what, and when.
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['actor_name', 'action', 'target_type', 'target_id', 'details'])
      .where('target_type', '=', 'report')
      .orderBy('id')
      .execute();
    const entry = (actor_name: string, verb: string, state: string) => ({
      actor_name,
      action: `report.${verb}`,
      target_type: 'report',
      target_id: String(withImage),
      details: { state },
    });
    expect(audit).toEqual([
      entry('reportmod', 'handle', 'handled'),
      entry('reportboss', 'handle', 'handled'),
      entry('reportboss', 'reopen', 'open'),
      entry('reportboss', 'reopen', 'open'),
    ]);
  });

  it('answers 404 for an unknown report and 400 with codes for bad input', async () => {
    const missing = await post(sid.moderator, { act: 'handle', report_id: '999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'report_not_found', codes: [] });

    for (const [form, codes] of [
      [
        {},
        [
          { field: 'act', code: 'required' },
          { field: 'report_id', code: 'required' },
        ],
      ],
      [{ act: 'delete', report_id: '1' }, [{ field: 'act', code: 'invalid' }]],
      [{ act: 'handle', report_id: '0' }, [{ field: 'report_id', code: 'invalid' }]],
      [{ act: 'reopen', report_id: 'x1' }, [{ field: 'report_id', code: 'invalid' }]],
    ] as const) {
      const res = await post(sid.moderator, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', codes });
    }
    for (const [query, field] of [
      ['?status=closed', 'status'],
      ['?status=', 'status'],
      ['?page=0', 'page'],
      ['?page=01', 'page'],
      ['?page=1001', 'page'],
      ['?page=abc', 'page'],
      ['?status=open&status=handled', 'status'],
    ] as const) {
      const res = await get(sid.moderator, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', codes: [{ field, code: 'invalid' }] });
    }
  });

  it('pages by 20, newest first', async () => {
    const db = t.database.handle.db;
    const base = Date.now() - 3_600_000;
    await db
      .insertInto('reports')
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          subject: 'Support Request',
          email: `bulk${i}@example.com`,
          message: `Bulk ${i}`,
          created_at: new Date(base - i * 1000),
        })),
      )
      .execute();
    const first = (await get(sid.moderator)).json() as AdminReportList;
    expect(first.total_count).toBe(23);
    expect(first.reports).toHaveLength(20);
    expect(first.reports.slice(0, 3).map((r) => r.message)).toEqual([
      'This is my film.\r\nSecond line.',
      'The player stops.',
      'Bulk 0',
    ]);
    const second = (await get(sid.moderator, '?status=open&page=2')).json() as AdminReportList;
    expect(second).toMatchObject({ page: 2, total_count: 23 });
    expect(second.reports.map((r) => r.message)).toEqual(['Bulk 18', 'Bulk 19', 'Bulk 20']);
    expect(((await get(sid.moderator, '?page=3')).json() as AdminReportList).reports).toEqual([]);
  });
});

// The page through the real SSR build. PGlite only: the SQL is covered on both databases above.
describe('/admin/reports/ page', () => {
  let t: TestApp;
  const sid: Record<string, string> = {};
  let reportId = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CATALOG_CACHE: 'off' } });
    for (const [name, role] of [
      ['pagemember', 'member'],
      ['pagemod', 'moderator'],
    ] as const) {
      sid[name] = (await makeUser(t, name, role)).sid;
    }
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#224488' } })
      .png()
      .toBuffer();
    reportId = await sendReport(
      t,
      { subject: 'Support Request', email: 'page@example.com', message: 'First line\nSecond line' },
      { file: png },
    );
  });
  afterAll(() => t.close());

  const page = (url: string, who?: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: `sid=${sid[who]}` } : {} });
  /** The page's buttons go to the API (lib/staff-api.ts), form-encoded as the card's form holds them. */
  const act = (form: Record<string, string>, who: string, url = URL) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, cookie: `sid=${sid[who]}`, origin: 'http://tube.test', host: 'tube.test' },
      payload: new URLSearchParams(form).toString(),
    });

  it('answers guests and members with the 403 page', async () => {
    for (const who of [undefined, 'pagemember']) {
      const res = await page('/admin/reports/', who);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('You do not have permission to view.');
      expect(res.body).not.toContain('page@example.com');
    }
    expect((await act({ act: 'handle', report_id: String(reportId) }, 'pagemember')).statusCode).toBe(403);
  });

  it('shows a moderator the open reports, and handling one moves it to the other tab', async () => {
    const res = await page('/admin/reports/', 'pagemod');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('Support Request');
    expect(res.body).toContain('page@example.com');
    // The message keeps its line breaks (the class has white-space: pre-line).
    expect(res.body).toMatch(/<p class="watch__description">First line\r?\nSecond line<\/p>/);
    expect(res.body).toMatch(/<img[^>]+src="\/media\/reports\/[^"]+\.png"/);
    expect(res.body).toContain(`data-report-id="${reportId}"`);
    expect(res.body).toContain('Mark handled');
    expect(res.body).toContain('href="/admin/reports/?status=handled"');
    expect((await page('/admin/reports/?status=bogus', 'pagemod')).statusCode).toBe(404);

    // The page itself takes no writes (issue 12: the console writes through the API only).
    const onPage = await act({ act: 'handle', report_id: String(reportId) }, 'pagemod', '/admin/reports/');
    expect(onPage.statusCode).toBe(405);
    expect((await page('/admin/reports/', 'pagemod')).body).toContain(`data-report-id="${reportId}"`);

    const done = await act({ act: 'handle', report_id: String(reportId) }, 'pagemod');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ report_id: reportId, state: 'handled' });
    expect((await page('/admin/reports/', 'pagemod')).body).not.toContain(`data-report-id="${reportId}"`);
    const handled = await page('/admin/reports/?status=handled', 'pagemod');
    expect(handled.statusCode).toBe(200);
    expect(handled.body).toContain(`data-report-id="${reportId}"`);
    expect(handled.body).toContain('Handled by pagemod');
    expect(handled.body).toContain('Reopen');
    const missing = await act({ act: 'reopen', report_id: '999999999' }, 'pagemod');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('report_not_found');
  });
});
