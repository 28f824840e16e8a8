// Audit F16: the headers of a page, an embed and an API answer, and the pages' script policy, whose
// nonce each inline script carries (a guest page answered again from the cache keeps its own pair).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers.ts';

/** The nonce of the page's policy, and the attributes of each <script> tag, in document order. */
function scriptsOf(html: string) {
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy.replaceAll('&#x27;', "'"))?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
  return { policy: policy.replaceAll('&#x27;', "'"), nonce, scripts, policyAt: html.indexOf(policy) };
}

describe('security headers over https (real HTTP)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://tube.test' } });
    await seedCatalogueFixture(t.database.handle.db);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('a page: HSTS, permissions, opener policy, framing by the site only', async () => {
    const page = await fetch(`${base}/videos/latest-updates/1/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(page.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    await page.text();
    // Answered again by the front door from the page cache: the same headers.
    const again = await fetch(`${base}/videos/latest-updates/1/`);
    expect(again.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(again.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('the embed: HSTS, framed by anyone, no opener policy', async () => {
    const embed = await fetch(`${base}/embed/1/`);
    await embed.text();
    expect(embed.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(embed.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(embed.headers.get('permissions-policy')).toBeNull();
  });

  it('an API answer and a front-door hit carry the same headers', async () => {
    const path = videos2Path({
      lifetime: 3600,
      gender: 'str',
      sort: 'most-viewed',
      count: 3,
      section: 'videos',
      page: 1,
    });
    const url = base + path;
    const first = await fetch(url);
    await first.text();
    const second = await fetch(url);
    await second.text();
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
      expect(answer.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
      expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    }
  });

  it.each([
    ['/videos/latest-updates/1/', 2],
    ['/embed/1/', 3],
  ])('%s: a script policy with a fresh nonce, carried by every inline script', async (path, nonces) => {
    const seen = new Set<string>();
    for (const query of ['', '?a=1', '']) {
      const html = await (await fetch(`${base}${path}${query}`)).text();
      const { policy, nonce, scripts, policyAt } = scriptsOf(html);
      expect(policy).toBe(
        `script-src 'self' 'nonce-${nonce}'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'`,
      );
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const executable = scripts.filter((attrs) => !attrs.includes('application/ld+json'));
      expect(executable.length).toBeGreaterThan(0);
      for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
      // The policy comes before the first script it governs.
      expect(policyAt).toBeLessThan(html.indexOf('<script'));
      seen.add(nonce ?? '');
    }
    // A cached guest page (the listing) is answered again with the nonce and policy of its render.
    expect(seen.size).toBe(nonces);
  });
});

describe('security headers over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
  });
  afterAll(() => t.close());

  it('sends no HSTS when PUBLIC_URL is http', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${base}/api/nothing.php`);
    await answer.text();
    expect(answer.status).toBe(404);
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});
