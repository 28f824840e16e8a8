import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createSignedInUser } from '../test/roles.ts';

// Issue 15 through the real SSR build: the legal pages with their texts, operator details and SEO; the
// footer's configured links; the age gate's markup for a listed country only, never through the
// shared guest page cache to a visitor from elsewhere. PGlite only: no SQL of their own.
const OPERATOR = {
  OPERATOR_NAME: 'Lumen Harbour Media Ltd',
  OPERATOR_ADDRESS: '12 Quay Street, Harbourtown',
  DMCA_AGENT_NAME: 'Rights Desk',
  DMCA_AGENT_EMAIL: 'rights@lumen-harbour.test',
  CUSTODIAN_OF_RECORDS: 'Records Office, 12 Quay Street, Harbourtown',
};

describe('legal and information pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        ...OPERATOR,
        TV_APP_URL: 'https://tv.lumen-harbour.test/',
        NETWORK_SITES:
          'Sister One|https://one.lumen-harbour.test/,Sister Two|https://two.lumen-harbour.test/',
      },
    });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each([
    ['dmca', 'DMCA', ['Sending a notice', 'Counter-notice', 'Rights Desk', 'rights@lumen-harbour.test']],
    ['terms', 'Terms of service', ['Adults only', 'Lumen Harbour Media Ltd', '12 Quay Street, Harbourtown']],
    ['privacy', 'Privacy policy', ['kt_lang', 'kt_gender', 'sid', '_agv', 'tc_history', 'history_search']],
    [
      '2257',
      '18 U.S.C. 2257 statement',
      ['Records Office, 12 Quay Street, Harbourtown', 'at least 18 years old'],
    ],
    ['support', 'Support', ['Forgot password', 'Open the contact form']],
  ])('/information/%s/: 200, its texts with the site name, and its SEO', async (section, title, texts) => {
    const res = await get(`/information/${section}/`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>${title} - TestTube</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title.replace(/\./g, '\\.')}</h1>`));
    expect(html).toMatch(/<meta name="description" content="[^"]*TestTube[^"]*"/);
    expect(html).toContain(`<link rel="canonical" href="http://tube.test/information/${section}/"/>`);
    expect(html).toContain('<meta name="robots" content="all, index, follow"/>');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    // Texts are templated with the site name: no placeholder is left.
    expect(html).toMatch(/<p>[^<]*TestTube[^<]*<\/p>/);
    expect(html).not.toContain('{{');
    for (const text of texts) expect(html).toContain(text);
  });

  it('the DMCA and Support pages offer the contact form; the others do not', async () => {
    for (const section of ['dmca', 'support']) {
      expect((await get(`/information/${section}/`)).body).toContain('data-action="contact"');
    }
    for (const section of ['terms', 'privacy', '2257']) {
      expect((await get(`/information/${section}/`)).body).not.toContain('data-action="contact"');
    }
  });

  it('/information/ lists the five pages', async () => {
    const res = await get('/information/');
    expect(res.statusCode).toBe(200);
    for (const section of ['dmca', 'terms', 'privacy', '2257', 'support']) {
      expect(res.body).toContain(`href="/information/${section}/"`);
    }
  });

  it('the footer shows the configured links only, and no example.com', async () => {
    const html = (await get('/information/terms/')).body;
    expect(html).toContain('href="https://tv.lumen-harbour.test/"');
    expect(html).toContain('>Sister One</a>');
    expect(html).toContain('href="https://two.lumen-harbour.test/"');
    expect(html).toContain('href="https://www.rtalabel.org/"');
    expect(html).not.toContain('example.com');
    expect(html).not.toContain('>Partners</a>');
    expect(html).not.toContain('>Live cams</a>');
  });
});

describe('a fresh site (nothing configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('names the site as operator, hides unset links, and never shows example.com', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/information/2257/' })).body;
    expect(html).toMatch(/Custodian of records<\/dt><dd>TestTube<\/dd>/);
    expect(html).not.toContain('example.com');
    expect(html).not.toContain('>TV app</a>');
    const dmca = (await t.app.inject({ method: 'GET', url: '/information/dmca/' })).body;
    expect(dmca).toContain('The contact form on this page');
  });

  it('with no country header configured, a sent one means nothing (inject comes from 127.0.0.1)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'cf-ipcountry': 'DE' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-age-gate');
  });
});

describe('the age gate on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { COUNTRY_HEADER: 'CF-IPCountry' } });
  });
  afterAll(() => t.close());
  const page = (url: string, country?: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(country ? { 'cf-ipcountry': country } : {}), ...(cookie ? { cookie } : {}) },
    });

  it('a guest from a listed country gets the gate over the full page; its script carries the nonce', async () => {
    const res = await page('/information/terms/', 'DE');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-age-gate');
    expect(res.body).toContain('Adults only');
    // The content is rendered underneath (crawlers index it).
    expect(res.body).toContain('What you upload and post');
    const nonce = /&#x27;nonce-([^&]+)&#x27;/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">try{if(localStorage.getItem("_agv"))`);
    // Before the gate's markup, so a visitor with _agv never sees it painted.
    expect(res.body.indexOf('localStorage.getItem("_agv")')).toBeLessThan(res.body.indexOf('data-age-gate'));
  });

  it('no gate for an unlisted or unknown country, nor for a signed-in member', async () => {
    expect((await page('/information/terms/', 'JP')).body).not.toContain('data-age-gate');
    expect((await page('/information/terms/')).body).not.toContain('data-age-gate');
    const member = await createSignedInUser(t, 'gate_member');
    const res = await page('/information/terms/', 'DE', member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-age-gate');
  });

  it('the shared guest page cache never gives one guest the gate decision of another', async () => {
    // Same URL, same cookies, within the cache's 10 s: only the country differs.
    const url = '/information/privacy/?cache-probe=1';
    const order = ['DE', 'JP', 'FR', 'JP', 'DE', 'US', 'JP'];
    for (const country of order) {
      const res = await page(url, country);
      expect(res.statusCode).toBe(200);
      expect(res.body.includes('data-age-gate'), country).toBe(country !== 'JP');
    }
    // In parallel too: both variants render at once and each visitor gets its own.
    const answers = await Promise.all(
      ['JP', 'DE', 'JP', 'DE'].map((c) => page('/information/dmca/?cache-probe=2', c)),
    );
    expect(answers.map((a) => a.body.includes('data-age-gate'))).toEqual([false, true, false, true]);
  });

  it('the HTML carries the gate bit only, never the country: two listed countries get the same page', async () => {
    // Nonces and the request time differ per render; nothing else may.
    const normal = (html: string) =>
      html
        .replace(/nonce-[^&]+&/g, 'nonce-N&')
        .replace(/nonce="[^"]+"/g, 'nonce="N"')
        .replace(/\d{13}/g, 'T');
    const german = (await page('/information/support/?n=1', 'DE')).body;
    const american = (await page('/information/support/?n=2', 'US')).body;
    expect(german).toContain('ageGate');
    expect(normal(german).replaceAll('?n=1', '?n=2')).toBe(normal(american));
  });
});
