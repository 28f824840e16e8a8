// The site settings service on a real database: defaults from the environment, an override, a reset,
// validation per field, and two processes (two service instances on one database): a change made by
// one is seen by the other within the refresh interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { loadConfig } from '../../config.ts';
import type { DomainError } from '../../errors.ts';
import { ladderFor } from '../../media/ladder.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService, SECRET_CHANGED, type SettingsService } from './settings.service.ts';
import {
  liveCommentLimits,
  liveSite,
  liveVisitorResolver,
  switchingMailer,
  withLiveUploadLimits,
} from './settings.wiring.ts';
import { defaultsOf, type SettingValues, snapshotOf, transcodeHeightsOf } from './settings-values.ts';

const config = loadConfig({
  DATA_DIR: '/tmp/settings-test',
  SITE_NAME: 'EnvTube',
  AGE_GATE_COUNTRIES: 'de,fr',
  OPERATOR_NAME: 'Env Operator Ltd',
  CAPTCHA_PROVIDER: 'turnstile',
  CAPTCHA_SITE_KEY: 'site-key-env',
  CAPTCHA_SECRET: 'secret-env-value',
  LOG_LEVEL: 'silent',
});
const admin = { user_id: 1, username: 'boss', role: 'administrator' } as CurrentUser;
const moderator = { user_id: 2, username: 'mod', role: 'moderator' } as CurrentUser;
const member = { user_id: 3, username: 'member', role: 'member' } as CurrentUser;

interface Entry {
  action: string;
  details: Record<string, unknown>;
}

function build(database: TestDatabase, entries: Entry[], notified: { n: number }, refreshMs = 200) {
  const service = createSettingsService({
    repository: createSettingsRepository(database.handle.db),
    config,
    audit: {
      record: async (_actor, action, _target, details = {}) => {
        entries.push({ action, details });
      },
    },
    notify: async () => {
      notified.n++;
    },
    refreshMs,
  });
  service.onReload(() => {
    notified.n++;
  });
  return service;
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return error as DomainError;
}

describe.each(databaseKinds())('settings service on %s', (kind) => {
  let database: TestDatabase;
  let a: SettingsService;
  let b: SettingsService;
  const entries: Entry[] = [];
  const notifiedA = { n: 0 };
  const notifiedB = { n: 0 };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    a = build(database, entries, notifiedA);
    b = build(database, [], notifiedB);
    await a.fresh();
    await b.fresh();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('starts from the environment', async () => {
    const now = a.current();
    expect(now.siteName).toBe('EnvTube');
    expect(now.ageGateCountries).toEqual(['de', 'fr']);
    expect(now.operator.name).toBe('Env Operator Ltd');
    expect(now.captcha).toMatchObject({ provider: 'turnstile', siteKey: 'site-key-env' });
    expect(now.languages).toContain('en');
    expect(now.languages).toHaveLength(20);
    const page = await a.page(admin);
    const name = page.settings.find((s) => s.key === 'site_name');
    expect(name).toMatchObject({ value: 'EnvTube', default: 'EnvTube', overridden: false });
  });

  it('never lists a secret, only whether one is set', async () => {
    const page = await a.page(admin);
    const secret = page.settings.find((s) => s.key === 'captcha_secret');
    expect(secret).toMatchObject({ secret: true, set: true, default_set: true });
    expect(secret).not.toHaveProperty('value');
    expect(JSON.stringify(page)).not.toContain('secret-env-value');
  });

  it('refuses members and moderators', async () => {
    expect((await refusal(a.page(null))).status).toBe(401);
    expect((await refusal(a.page(member))).status).toBe(403);
    expect((await refusal(a.page(moderator))).status).toBe(403);
    const write = await refusal(a.change(moderator, { act: 'save', values: { site_name: 'Nope' } }));
    expect(write.status).toBe(403);
    expect(a.current().siteName).toBe('EnvTube');
  });

  it('overrides a value, audits it and purges the caches; the other process sees it within the interval', async () => {
    const before = notifiedA.n;
    const page = await a.change(admin, { act: 'save', values: { site_name: '  Harbour Clips  ' } });
    expect(page.changed).toEqual(['site_name']);
    expect(a.current().siteName).toBe('Harbour Clips');
    expect(page.settings.find((s) => s.key === 'site_name')).toMatchObject({
      value: 'Harbour Clips',
      default: 'EnvTube',
      overridden: true,
    });
    expect(notifiedA.n).toBe(before + 1);
    expect(entries.at(-1)).toEqual({
      action: 'setting.change',
      details: { key: 'site_name', old: 'EnvTube', new: 'Harbour Clips' },
    });

    // The other instance: its next check after the interval reloads (and purges its own caches).
    const deadline = Date.now() + 5000;
    while (b.current().siteName !== 'Harbour Clips' && Date.now() < deadline) {
      await b.fresh();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(b.current().siteName).toBe('Harbour Clips');
    expect(notifiedB.n).toBeGreaterThan(0);
  });

  it('does not check the database again within the interval', async () => {
    const slow = build(database, [], { n: 0 }, 60_000);
    await slow.fresh();
    await a.change(admin, { act: 'save', values: { site_name: 'Quay Videos' } });
    await slow.fresh();
    expect(slow.current().siteName).toBe('Harbour Clips');
    await slow.reload();
    expect(slow.current().siteName).toBe('Quay Videos');
  });

  it('saving the value in effect changes nothing and records nothing', async () => {
    const count = entries.length;
    const page = await a.change(admin, { act: 'save', values: { site_name: 'Quay Videos' } });
    expect(page.changed).toEqual([]);
    expect(entries.length).toBe(count);
  });

  it('resets to the default by deleting the stored value', async () => {
    await a.change(admin, { act: 'reset', keys: ['site_name'] });
    expect(a.current().siteName).toBe('EnvTube');
    const row = await database.handle.db
      .selectFrom('site_settings')
      .select('key')
      .where('key', '=', 'setting:site_name')
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(entries.at(-1)?.details).toEqual({
      key: 'site_name',
      old: 'Quay Videos',
      new: 'EnvTube',
      reset: true,
    });
  });

  it('answers a bad value with its code on the key, and stores nothing of the form', async () => {
    const error = await refusal(
      a.change(admin, {
        act: 'save',
        values: {
          site_name: 'x'.repeat(61),
          languages: ['de', 'fr'],
          age_gate_countries: ['deu'],
          link_partner: 'javascript:alert(1)',
          upload_max_bytes: 11 * 1024 ** 3,
          transcode_renditions: [],
          dmca_agent_email: 'nobody',
          captcha_provider: 'cloud',
          operator_name: 'Fine Name',
          nonsense: 'x',
        },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.codes).toEqual(
      expect.arrayContaining([
        { field: 'site_name', code: 'too_long' },
        { field: 'languages', code: 'must_include_default' },
        { field: 'age_gate_countries', code: 'invalid' },
        { field: 'link_partner', code: 'invalid_url' },
        { field: 'upload_max_bytes', code: 'too_large' },
        { field: 'transcode_renditions', code: 'required' },
        { field: 'dmca_agent_email', code: 'invalid_email' },
        { field: 'captcha_provider', code: 'unknown_option' },
        { field: 'nonsense', code: 'unknown_setting' },
      ]),
    );
    expect(a.current().operator.name).toBe('Env Operator Ltd');
    expect((await refusal(a.change(admin, { act: 'save', values: {} }))).codes).toEqual([
      { field: 'values', code: 'required' },
    ]);
    expect((await refusal(a.change(admin, { act: 'reset', keys: ['nope'] }))).codes).toEqual([
      { field: 'nope', code: 'unknown_setting' },
    ]);
  });

  it('keeps the captcha whole: a provider needs its site key and secret', async () => {
    const error = await refusal(a.change(admin, { act: 'save', values: { captcha_secret: '' } }));
    expect(error.codes).toEqual([{ field: 'captcha_secret', code: 'required' }]);
    // Off: the secret may go.
    await a.change(admin, { act: 'save', values: { captcha_provider: 'none', captcha_secret: '' } });
    expect(a.current().captcha).toBeNull();
    await a.change(admin, {
      act: 'save',
      values: { captcha_provider: 'hcaptcha', captcha_site_key: 'k2', captcha_secret: 'new-secret-value' },
    });
    expect(a.current().captcha).toMatchObject({
      provider: 'hcaptcha',
      siteKey: 'k2',
      secret: 'new-secret-value',
    });
    const secretEntry = entries.findLast((e) => e.details.key === 'captcha_secret');
    expect(secretEntry?.details).toEqual({ key: 'captcha_secret', old: SECRET_CHANGED, new: SECRET_CHANGED });
    expect(JSON.stringify(entries)).not.toContain('new-secret-value');
    await a.change(admin, { act: 'reset', keys: ['captcha_provider', 'captcha_site_key', 'captcha_secret'] });
    expect(a.current().captcha).toMatchObject({ provider: 'turnstile', secret: 'secret-env-value' });
  });

  it('stores lists, languages, limits and the ladder clean', async () => {
    await a.change(admin, {
      act: 'save',
      values: {
        languages: ['ru', 'en', 'de'],
        age_gate_countries: [' GB ', 'us', 'us'],
        network_sites: ['Sister Site|https://sister.example/', ''],
        upload_max_open: '7',
        transcode_renditions: ['720', '240'],
        link_tv_app: '',
      },
    });
    const now = a.current();
    // In the menu's order (contract/catalog.ts LANGUAGES), whatever order the form sent.
    expect(now.languages).toEqual(['de', 'en', 'ru']);
    expect(now.ageGateCountries).toEqual(['gb', 'us']);
    expect(now.links.sites).toEqual([{ name: 'Sister Site', url: 'https://sister.example/' }]);
    expect(now.links.tvApp).toBeNull();
    expect(now.upload.maxOpen).toBe(7);
    expect(now.transcodeHeights).toEqual([240, 720]);
    const stored = await database.handle.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'setting:transcode_renditions')
      .executeTakeFirstOrThrow();
    expect(transcodeHeightsOf(stored.value)).toEqual([240, 720]);
  });

  it('parallel saves from two processes both land', async () => {
    await Promise.all([
      a.change(admin, { act: 'save', values: { operator_address: '1 Quay Street' } }),
      b.change(admin, { act: 'save', values: { custodian_of_records: 'Records Office' } }),
    ]);
    await a.reload();
    expect(a.current().operator).toMatchObject({
      address: '1 Quay Street',
      custodianOfRecords: 'Records Office',
    });
  });
});

describe('views over the settings in effect', () => {
  let current = snapshotOf(defaultsOf(config), config);
  const settings = { current: () => current };
  const withValues = (values: Partial<SettingValues>) => {
    current = snapshotOf({ ...defaultsOf(config), ...values }, config);
  };

  it('services.site follows a change without being built again', () => {
    const site = liveSite(config, settings);
    expect(site.name).toBe('EnvTube');
    withValues({ site_name: 'Quay Videos', languages: ['en', 'fr'], captcha_provider: 'none' });
    expect(site.name).toBe('Quay Videos');
    expect(site.languages).toEqual(['en', 'fr']);
    expect(site.captcha).toBeNull();
    expect(JSON.stringify(site)).not.toContain('secret-env-value');
  });

  it('the age gate follows the countries setting', () => {
    withValues({ age_gate_countries: ['de'] });
    const visitorOf = liveVisitorResolver(
      { countryHeader: 'cf-ipcountry', trustProxy: false },
      () => settings.current().ageGateCountries,
    );
    const from = (country: string) => ({ headers: { 'cf-ipcountry': country }, remoteAddress: '127.0.0.1' });
    expect(visitorOf(from('DE')).ageGateCountry).toBe(true);
    expect(visitorOf(from('FR')).ageGateCountry).toBe(false);
    withValues({ age_gate_countries: ['fr'] });
    expect(visitorOf(from('DE')).ageGateCountry).toBe(false);
    expect(visitorOf(from('FR')).ageGateCountry).toBe(true);
  });

  it('upload and comment limits are read at each use', () => {
    const options = withLiveUploadLimits({ dataDir: '/x' }, settings);
    const comments = liveCommentLimits(settings);
    withValues({ upload_max_bytes: 1234, comments_per_member: 2 });
    expect(options.maxBytes).toBe(1234);
    expect(options.dataDir).toBe('/x');
    expect(comments.perMember).toBe(2);
    withValues({ upload_max_bytes: 999, comments_per_member: 9 });
    expect(options.maxBytes).toBe(999);
    expect(comments.perMember).toBe(9);
  });

  it('the ladder a job makes follows the renditions setting, never above the source', () => {
    const names = (heights: number[] | undefined, width: number, height: number) =>
      ladderFor({ width, height }, heights).map((r) => r.name);
    expect(names(undefined, 1920, 1080)).toEqual(['240p', '360p', '480p', '720p', '1080p']);
    expect(names(transcodeHeightsOf(['720', '240']) ?? undefined, 1920, 1080)).toEqual(['240p', '720p']);
    expect(names([720, 1080], 1280, 720)).toEqual(['720p']);
    // Below every chosen rung: the largest standard one it reaches, so the video still plays.
    expect(names([720, 1080], 854, 480)).toEqual(['480p']);
    expect(names([1080], 320, 180)).toEqual(['180p']);
    expect(transcodeHeightsOf(['9000'])).toBeNull();
    expect(transcodeHeightsOf(undefined)).toBeNull();
  });

  it('mail follows the sender and SMTP settings: a new mailer when they change', async () => {
    const built: string[] = [];
    const sent: string[] = [];
    const mailer = switchingMailer(
      () => ({ smtpUrl: settings.current().smtpUrl, mailFrom: settings.current().mailFrom }),
      (smtpUrl, from) => {
        built.push(`${smtpUrl ?? 'outbox'} ${from}`);
        return { send: async (m) => void sent.push(`${from}:${m.to}`), close: () => {} };
      },
    );
    withValues({ mail_from: 'one@example.com', smtp_url: null });
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't' });
    await mailer.send({ to: 'b@example.com', subject: 's', text: 't' });
    withValues({ mail_from: 'two@example.com', smtp_url: 'smtp://mail.example:25' });
    await mailer.send({ to: 'c@example.com', subject: 's', text: 't' });
    expect(built).toEqual(['outbox one@example.com', 'smtp://mail.example:25 two@example.com']);
    expect(sent).toEqual([
      'one@example.com:a@example.com',
      'one@example.com:b@example.com',
      'two@example.com:c@example.com',
    ]);
  });
});
