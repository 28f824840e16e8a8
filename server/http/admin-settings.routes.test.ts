// /api/admin/settings.php through app.inject: guests 401, members and moderators 403, administrators
// 200; a secret never in a GET; bad values 400 with codes per key; a change shows on the site at once
// (root data, the age gate's resolver) and is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SETTINGS_PATH, type SettingsPage } from '../../contract/admin-settings.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
const SECRET = 'captcha-secret-from-env';

describe.each(databaseKinds())('/api/admin/settings.php on %s', (kind) => {
  let t: TestApp;
  const users = {} as Record<'member' | 'moderator' | 'administrator', SignedInUser>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ssr: false,
      env: {
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: SECRET,
        SMTP_URL: 'smtp://mailer:hidden-smtp-pass@mail.example:25',
        COUNTRY_HEADER: 'cf-ipcountry',
        AGE_GATE_COUNTRIES: 'de',
      },
    });
    for (const role of ['member', 'moderator', 'administrator'] as const)
      users[role] = await createSignedInUser(t, `settings_${role}`, role);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (who?: keyof typeof users) =>
    t.app.inject({ url: ADMIN_SETTINGS_PATH, headers: who ? { cookie: users[who].cookie } : {} });
  const post = (payload: unknown, who: keyof typeof users | null = 'administrator') =>
    t.app.inject({
      method: 'POST',
      url: ADMIN_SETTINGS_PATH,
      headers: { origin: ORIGIN, ...(who ? { cookie: users[who].cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });

  it('admits administrators only', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get()).json().code).toBe('login_required');
    expect((await get('member')).statusCode).toBe(403);
    expect((await get('moderator')).statusCode).toBe(403);
    const ok = await get('administrator');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    // Writes: refused before the input is read.
    expect((await post({ act: 'save', values: { site_name: 'X' } }, null)).statusCode).toBe(401);
    expect((await post({ act: 'save', values: { site_name: 'X' } }, 'member')).statusCode).toBe(403);
    const moderator = await post({ act: 'bogus' }, 'moderator');
    expect(moderator.statusCode).toBe(403);
    expect(moderator.json().code).toBe('forbidden');
    expect(t.services.site.name).toBe('TestTube');
  });

  it('never sends a secret', async () => {
    const res = await get('administrator');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('hidden-smtp-pass');
    const page = res.json() as SettingsPage;
    expect(page.settings.find((s) => s.key === 'captcha_secret')).toMatchObject({ secret: true, set: true });
    expect(page.settings.find((s) => s.key === 'smtp_url')).toMatchObject({
      secret: true,
      set: true,
      restart: false,
    });
    // The write budget is registered once at boot.
    expect(page.settings.find((s) => s.key === 'writes_per_minute')?.restart).toBe(true);
  });

  it('answers bad values with 400 and a code per key', async () => {
    const res = await post({
      act: 'save',
      values: { site_name: '', languages: ['fr'], upload_max_bytes: -1, link_rta: 'ftp://x.example/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual(
      expect.arrayContaining([
        { field: 'site_name', code: 'required' },
        { field: 'languages', code: 'must_include_default' },
        { field: 'upload_max_bytes', code: 'too_small' },
        { field: 'link_rta', code: 'invalid_url' },
      ]),
    );
    const act = await post({ act: 'burn' });
    expect(act.statusCode).toBe(400);
    expect(act.json().codes).toEqual([{ field: 'act', code: 'invalid' }]);
    const shape = await post({ act: 'save', values: { site_name: { nested: true } } });
    expect(shape.statusCode).toBe(400);
    expect(t.services.site.name).toBe('TestTube');
  });

  it('applies a change at once: site name, languages, age gate, upload limit; audited', async () => {
    const res = await post({
      act: 'save',
      values: {
        site_name: 'Harbour Clips',
        languages: ['en', 'de'],
        age_gate_countries: ['fr'],
        upload_max_bytes: 5000,
      },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SettingsPage).changed?.sort()).toEqual(
      ['age_gate_countries', 'languages', 'site_name', 'upload_max_bytes'].sort(),
    );
    expect(t.services.site.name).toBe('Harbour Clips');
    expect(t.services.site.languages).toEqual(['de', 'en']);
    expect(t.services.uploads.maxBytes).toBe(5000);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'setting.change')
      .execute();
    expect(audit.find((a) => a.target_id === 'site_name')?.details).toMatchObject({
      key: 'site_name',
      old: 'TestTube',
      new: 'Harbour Clips',
    });

    const reset = await post({
      act: 'reset',
      keys: ['site_name', 'languages', 'age_gate_countries', 'upload_max_bytes'],
    });
    expect(reset.statusCode).toBe(200);
    expect(t.services.site.name).toBe('TestTube');
    expect(t.services.uploads.maxBytes).toBe(10 * 1024 ** 3);
  });

  it('replaces a secret without ever echoing it; the audit says only that it changed', async () => {
    const res = await post({ act: 'save', values: { captcha_secret: 'replacement-secret-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('replacement-secret-1');
    const rows = await t.database.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('target_id', '=', 'captcha_secret')
      .execute();
    expect(JSON.stringify(rows)).not.toContain('replacement-secret-1');
    expect(rows.at(-1)?.details).toMatchObject({ old: '(secret changed)', new: '(secret changed)' });
  });
});
