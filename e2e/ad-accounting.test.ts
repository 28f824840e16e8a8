// Ad accounting in Chromium (issue 32): a guest's page counts the footer's house ad when it is at least
// half in view and a click on it; the page sends them in a batch to /api/ads/events.php, the server
// stages them and its flusher writes ad_stats_daily; an administrator then sees the counts in the
// admin API and on /admin/ads/ (its table, chart and CSV link). Screenshots of the console's counts at
// 1280 and 375 px in /tmp/shots/ (or E2E_SCREENSHOTS).
import { mkdirSync, rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AD_STATS_PATH, type AdStatsReport } from '../contract/ads-stats.ts';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

describe('ad accounting in Chromium', () => {
  const dataDir = seededDataDir('ad-accounting');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Counting Tube' };
  let server: RunningServer;
  let browser: Browser;
  let sid = '';
  const contexts: BrowserContext[] = [];
  const sent: Array<{ zone: string; creative: string; event: string }> = [];

  async function newPage(width: number, cookies: Array<{ name: string; value: string }> = []): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    await context.addCookies(
      [{ name: '_agv', value: '1' }, ...cookies].map((c) => ({ ...c, url: server.url })),
    );
    return context.newPage();
  }

  /** The footer's counts today, as the admin API answers them. */
  async function footerTotals() {
    const res = await fetch(`${server.url}${ADMIN_AD_STATS_PATH}?days=7`, {
      headers: { cookie: `sid=${sid}` },
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as AdStatsReport;
    return report.zones.find((z) => z.zone === 'footer')?.totals;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await createServices(config, handle).accounts.createUser({
        username: 'ads_e2e_admin',
        email: 'ads-admin@example.com',
        password: 'secret12',
        role: 'administrator',
      });
    } finally {
      await handle.close();
    }
    server = await startServer(env, 300_000);
    browser = await launchChromium();
    const login = await fetch(`${server.url}/api/login.php`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'usr=ads_e2e_admin&pwd=secret12',
    });
    sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(sid).not.toBe('');
  }, 320_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts the house ad’s impression and click, and the admin API shows them', async () => {
    expect(await footerTotals()).toMatchObject({ impression: 0, click: 0 });
    const page = await newPage(1280);
    page.on('request', (request: Request) => {
      if (!request.url().endsWith('/api/ads/events.php')) return;
      sent.push(...((JSON.parse(request.postData() ?? '{}').events ?? []) as typeof sent));
    });
    await page.goto(`${server.url}/`);
    const house = page.locator('footer [data-house-ad]');
    await waitForHydration(page, 'footer [data-house-ad]');
    await house.scrollIntoViewIfNeeded();
    await house.click();
    await page.waitForURL(/\/advertising\/$/);
    // The batch goes within a few seconds; the flusher writes it within five more.
    await expect
      .poll(footerTotals, { timeout: 30_000, interval: 500 })
      .toMatchObject({ impression: expect.any(Number), click: 1 });
    const totals = await footerTotals();
    expect(totals?.impression).toBeGreaterThanOrEqual(1);
    expect(sent).toContainEqual({ zone: 'footer', creative: 'house-300x250', event: 'impression' });
    expect(sent).toContainEqual({ zone: 'footer', creative: 'house-300x250', event: 'click' });
  }, 60_000);

  for (const width of [1280, 375]) {
    it(`shows the footer's counts on /admin/ads/ at ${width} px`, async () => {
      const page = await newPage(width, [{ name: 'sid', value: sid }]);
      await page.goto(`${server.url}/admin/ads/`);
      const row = page.locator('[data-testid="ad-stats"] tr[data-zone="footer"]');
      await row.waitFor();
      expect(Number(await row.locator('[data-count="click"]').innerText())).toBe(1);
      expect(Number(await row.locator('[data-count="impression"]').innerText())).toBeGreaterThanOrEqual(1);
      expect(await page.locator('.ad-stats__zone[data-zone="footer"] svg').count()).toBe(1);
      expect(await page.locator('a.ad-stats__csv').getAttribute('href')).toBe(
        '/api/admin/ads/stats.csv?days=7',
      );
      await page.locator('[data-testid="ad-stats"]').screenshot({ path: `${SHOTS}/ad-stats-${width}.png` });
      await page.screenshot({ path: `${SHOTS}/ad-stats-page-${width}.png` });
    }, 60_000);
  }
});
