// The audit log over HTTP (issue 17): administrators only (moderators too are refused, before the
// query is read), newest first, every filter (action exact or by prefix, actor by id or name, target,
// days), pages of 50, and the staff actions of the app landing in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contract/accounts.ts';
import { ADMIN_AUDIT_PATH, type AuditPage, auditTargetHref } from '../../contract/admin-audit.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

describe.each(databaseKinds())('GET /api/admin/audit.php on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let admin: CurrentUser;
  let moderator: CurrentUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'audit');
    const as = (who: 'administrator' | 'moderator'): CurrentUser => ({
      user_id: roles.users[who].userId,
      username: roles.users[who].username,
      avatar: null,
      role: roles.users[who].role,
    });
    admin = as('administrator');
    moderator = as('moderator');
    const { audit } = t.services;
    // Oldest first: each a millisecond apart is not guaranteed, so the days are set below.
    await audit.record(moderator, 'video.approve', { type: 'video', id: 11 });
    await audit.record(moderator, 'video.reject', { type: 'video', id: 12 }, { reason: 'blood' });
    await audit.record(admin, 'ad_zone.edit', { type: 'ad_zone', id: 'footer' }, { enabled: false });
    // `_` is not a wildcard of the prefix filter.
    await audit.record(admin, 'adxzone.edit', { type: 'ad_zone', id: 'pause' });
    await audit.record(admin, 'user.ban', { type: 'user', id: roles.users.member.userId }, { days: 7 });
    const db = t.database.handle.db;
    const day = (action: string, iso: string) =>
      db
        .updateTable('audit_log')
        .set({ at: new Date(iso) })
        .where('action', '=', action)
        .execute();
    await day('video.approve', '2030-01-01T10:00:00Z');
    await day('video.reject', '2030-01-02T23:59:00Z');
    await day('ad_zone.edit', '2030-01-03T00:00:00Z');
    await day('adxzone.edit', '2030-01-04T12:00:00Z');
    await day('user.ban', '2030-01-05T12:00:00Z');
  });
  afterAll(() => t.close());

  const get = (query = '', who: RoleName = 'administrator') =>
    t.app.inject({ method: 'GET', url: `${ADMIN_AUDIT_PATH}${query}`, headers: roles.headers(who) });
  const actionsOf = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AuditPage).items.map((e) => e.action);
  };

  it('guests 401, members and moderators 403, whatever the query; never cached', async () => {
    for (const query of ['', '?page=0&from=nonsense']) {
      const guest = await get(query, 'guest');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'login_required', codes: [] });
      expect(guest.headers['cache-control']).toBe('no-store');
      for (const who of ['member', 'moderator'] as const) {
        const res = await get(query, who);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: 'You do not have permission to view.',
          code: 'forbidden',
          codes: [],
        });
      }
    }
    await expect(t.services.audit.search(moderator, {})).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lists newest first with actor, target, details and the recorded actions', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as AuditPage;
    expect(body).toMatchObject({ total_count: 5, page: 1, pages: 1, per_page: 50 });
    expect(body.actions).toEqual([
      'ad_zone.edit',
      'adxzone.edit',
      'user.ban',
      'video.approve',
      'video.reject',
    ]);
    expect(body.items.map((e) => e.action)).toEqual([
      'user.ban',
      'adxzone.edit',
      'ad_zone.edit',
      'video.reject',
      'video.approve',
    ]);
    expect(body.items[3]).toEqual({
      id: expect.any(String),
      at: '2030-01-02T23:59:00.000Z',
      actor: { user_id: moderator.user_id, username: 'audit_moderator' },
      action: 'video.reject',
      target: { type: 'video', id: '12' },
      details: { reason: 'blood' },
    });
  });

  it('filters by action, exactly or by a prefix ending in a dot', async () => {
    expect(await actionsOf('?action=video.reject')).toEqual(['video.reject']);
    expect(await actionsOf('?action=video.')).toEqual(['video.reject', 'video.approve']);
    expect(await actionsOf('?action=ad_zone.')).toEqual(['ad_zone.edit']);
    expect(await actionsOf('?action=video')).toEqual([]);
  });

  it('filters by actor: a user id, or a username in any case, also after a rename', async () => {
    expect(await actionsOf(`?actor=${moderator.user_id}`)).toEqual(['video.reject', 'video.approve']);
    expect(await actionsOf('?actor=AUDIT_moderator')).toEqual(['video.reject', 'video.approve']);
    expect(await actionsOf('?actor=nobody_here')).toEqual([]);
    const db = t.database.handle.db;
    await db
      .updateTable('users')
      .set({ username: 'audit_renamed' })
      .where('id', '=', moderator.user_id)
      .execute();
    try {
      expect(await actionsOf('?actor=audit_renamed')).toEqual(['video.reject', 'video.approve']);
    } finally {
      await db
        .updateTable('users')
        .set({ username: 'audit_moderator' })
        .where('id', '=', moderator.user_id)
        .execute();
    }
  });

  it('filters by target and by days (inclusive, UTC); empty fields of the form mean any', async () => {
    expect(await actionsOf('?target_type=ad_zone')).toEqual(['adxzone.edit', 'ad_zone.edit']);
    expect(await actionsOf('?target_type=ad_zone&target_id=footer')).toEqual(['ad_zone.edit']);
    expect(await actionsOf(`?target_type=user&target_id=${roles.users.member.userId}`)).toEqual(['user.ban']);
    expect(await actionsOf('?from=2030-01-02&to=2030-01-03')).toEqual(['ad_zone.edit', 'video.reject']);
    expect(await actionsOf('?from=2030-01-05')).toEqual(['user.ban']);
    expect(await actionsOf('?to=2030-01-01')).toEqual(['video.approve']);
    expect(await actionsOf('?action=&actor=&target_type=&target_id=&from=&to=&page=')).toHaveLength(5);
    expect(await actionsOf('?action=video.&actor=audit_administrator')).toEqual([]);
  });

  it('answers bad filters with 400 and the field', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?action=Video.Approve', 'action'],
      ['?action=video..', 'action'],
      ['?from=2030-02-31', 'from'],
      ['?to=tomorrow', 'to'],
      ['?from=2030-01-05&to=2030-01-04', 'to'],
      [`?actor=${'x'.repeat(65)}`, 'actor'],
      ['?target_type=Video', 'target_type'],
      ['?action=a&action=b', 'action'],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'invalid', codes: [{ field, code: 'invalid' }] });
    }
  });

  it('pages by 50, newest first, and a page past the end is empty', async () => {
    const { audit } = t.services;
    await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        audit.record(admin, 'setting.change', { type: 'setting', id: `k${i}` }),
      ),
    );
    const first = (await get('?action=setting.change')).json() as AuditPage;
    expect(first).toMatchObject({ total_count: 55, pages: 2, page: 1 });
    expect(first.items).toHaveLength(50);
    const second = (await get('?action=setting.change&page=2')).json() as AuditPage;
    expect(second.items).toHaveLength(5);
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(55);
    expect((await get('?action=setting.change&page=3')).json().items).toEqual([]);
  });
});

describe('auditTargetHref', () => {
  it('links the targets that have a page, and nothing else', () => {
    expect(auditTargetHref({ type: 'video', id: '12' })).toBe('/video/12/v/');
    expect(auditTargetHref({ type: 'user', id: '3' })).toBe('/members/3/');
    expect(auditTargetHref({ type: 'dmca_case', id: '4' })).toBe('/admin/reports/');
    expect(auditTargetHref({ type: 'ad_zone', id: 'footer' })).toBe('/admin/ads/');
    expect(auditTargetHref({ type: 'video', id: '../x' })).toBeNull();
    expect(auditTargetHref({ type: 'setting', id: 'site_name' })).toBeNull();
    expect(auditTargetHref(null)).toBeNull();
  });
});

describe('the /admin/audit/ page', () => {
  let t: TestApp;
  let roles: RoleFixture;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    roles = await createRoles(t, 'auditpage');
    const moderator: CurrentUser = {
      user_id: roles.users.moderator.userId,
      username: roles.users.moderator.username,
      avatar: null,
      role: 'moderator',
    };
    await t.services.audit.record(moderator, 'video.reject', { type: 'video', id: 12 }, { reason: 'blood' });
    await t.services.audit.record(
      moderator,
      'report.handle',
      { type: 'report', id: 5 },
      { state: 'handled' },
    );
    await t.services.audit.record(
      moderator,
      'setting.change',
      { type: 'setting', id: 'site_name' },
      {
        fields: ['site_name', 'footer_text'],
      },
    );
  });
  afterAll(() => t.close());

  const page = (query: string, who: RoleName = 'administrator') =>
    t.app.inject({
      method: 'GET',
      url: `/admin/audit/${query}`,
      headers: { ...roles.headers(who), host: 'tube.test' },
    });
  const rows = (html: string) => [...html.matchAll(/<tr data-audit-id="\d+"/g)].length;

  it('shows an administrator the entries: who, action, linked target, details; the filter form', async () => {
    const res = await page('');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<h1 class="console__title">Audit log</h1>');
    expect(html).toContain('3 entries');
    expect(rows(html)).toBe(3);
    expect(html).toContain('<code>video.reject</code>');
    expect(html).toContain('href="/video/12/v/"');
    expect(html).toContain('href="/admin/reports/"');
    // A target without a page is plain text.
    expect(html).toMatch(/<td>setting #site_name<\/td>/);
    expect(html).toMatch(/<dt>reason<\/dt><dd>blood<\/dd>/);
    expect(html).toMatch(/<dt>fields<\/dt><dd>site_name, footer_text<\/dd>/);
    expect(html).toContain(`href="/admin/audit/?actor=${roles.users.moderator.userId}"`);
    // The GET form with the recorded actions, grouped, and each prefix.
    expect(html).toMatch(
      /<form[^>]* method="get"[^>]* action="\/admin\/audit\/"|<form[^>]* action="\/admin\/audit\/"[^>]* method="get"/,
    );
    expect(html).toContain('<option value="video.">video.* (all)</option>');
    expect(html).toContain('<option value="report.handle">report.handle</option>');
    expect(html).toContain('class="console__nav"');
  });

  it('filters by the query, and answers a bad filter with 400 and the field’s message', async () => {
    const filtered = await page('?action=video.&actor=&target_type=&target_id=&from=&to=');
    expect(filtered.statusCode).toBe(200);
    expect(rows(filtered.body)).toBe(1);
    expect(filtered.body).toContain('1 entry');
    expect(filtered.body).toMatch(/<option value="video\." selected="">/);
    const none = await page('?actor=nobody_here');
    expect(none.body).toContain('No entries match.');
    const bad = await page('?from=2030-01-05&to=2030-01-04');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('To: a date as YYYY-MM-DD, not before From.');
    expect(rows(bad.body)).toBe(0);
  });

  it('refuses guests, members and moderators with the 403 page', async () => {
    for (const who of ['guest', 'member', 'moderator'] as const) {
      const res = await page('', who);
      expect(res.statusCode).toBe(403);
      expect(res.body.replace(/&#x27;/g, "'")).toContain('You do not have permission to view.');
      expect(res.body).not.toContain('data-audit-id');
    }
  });
});
