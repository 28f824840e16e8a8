// Issue 15 in Chromium: the age gate (shell.md §2, §4) for a visitor from Germany (the trusted country
// header the test server names, COUNTRY_HEADER) and from Japan, at 1280 and 375 px; the gate stays gone
// after entering and never paints for a visitor with _agv; the legal pages and the contact form they
// open with the matching subject, including the 429 refusal the form used to swallow. Screenshots:
// /tmp/age-gate-1280.png, /tmp/age-gate-375.png, /tmp/info-2257.png.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const GATE = '[data-age-gate]';

describe('age gate and legal pages in Chromium', () => {
  const dataDir = seededDataDir('age-gate');
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(country: string, width: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 740 : 900 },
      extraHTTPHeaders: { 'CF-IPCountry': country },
    });
    contexts.push(context);
    return context.newPage();
  }

  const open = async (page: Page, url: string) => {
    await page.goto(`${server.url}${url}`);
    await waitForHydration(page, 'header .logo');
  };

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      SITE_NAME: 'Gate Tube',
      COUNTRY_HEADER: 'CF-IPCountry',
      OPERATOR_NAME: 'Gate Tube Media Ltd',
      OPERATOR_ADDRESS: '7 Example Lane, Testville',
      CUSTODIAN_OF_RECORDS: 'Records Office, Gate Tube Media Ltd, 7 Example Lane, Testville',
    });
    browser = await launchChromium();
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([1280, 375])(
    'a visitor from Germany sees the gate at %i px, enters, and it stays gone',
    async (width) => {
      const page = await visitor('DE', width);
      // Hydration over the server's gate (and the <html> class its script sets) logs nothing.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await open(page, '/');
      const gate = page.locator(GATE);
      await expect(gate.isVisible()).resolves.toBe(true);
      await expect(page.locator('.age-gate__badge').textContent()).resolves.toBe('18+');
      await expect(page.locator('#age-gate-title').textContent()).resolves.toBe('Adults only');
      // The page is rendered underneath: the gate lies over it.
      await expect(page.locator('main#main').textContent()).resolves.not.toBe('');
      const enter = page.getByRole('button', { name: 'I am 18 or older – Enter' });
      // Focus is on the enter button: keyboard users enter with Enter; Tab stays in the gate.
      await expect(enter.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('Tab');
      await expect(enter.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `age-gate-${width}.png`) });
      if (width === 1280) await enter.click();
      else await page.keyboard.press('Enter');
      await gate.waitFor({ state: 'detached' });
      await expect(page.evaluate(() => window.localStorage.getItem('_agv'))).resolves.toBe('1');
      // After a reload or on another page the server still sends it (it cannot read _agv): hidden by
      // CSS before the first paint, then removed once the page is live.
      for (const url of [null, '/information/terms/']) {
        if (url) await page.goto(`${server.url}${url}`);
        else await page.reload();
        await expect(page.locator(GATE).isVisible()).resolves.toBe(false);
        await waitForHydration(page, 'header .logo');
        await page.locator(GATE).waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);
    },
  );

  it('with _agv set the gate never paints, even before the scripts run (no flash)', async () => {
    const page = await visitor('DE', 1280);
    // Block the app's scripts: only the server's HTML and the gate's inline script run.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/information/dmca/`);
    await expect(page.locator(GATE).isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.localStorage.setItem('_agv', '1'));
    await page.reload();
    // The server still sends the gate (it cannot read browser storage); CSS hides it before paint.
    await expect(page.locator(GATE).count()).resolves.toBe(1);
    await expect(page.locator(GATE).isVisible()).resolves.toBe(false);
    await expect(page.locator('h1').textContent()).resolves.toBe('DMCA');
  });

  it.each([1280, 375])('a visitor from Japan never sees the gate at %i px', async (width) => {
    const page = await visitor('JP', width);
    await open(page, '/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
    await open(page, '/information/privacy/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
  });

  it('a German visitor right after a Japanese one on the same page still gets the gate (page cache)', async () => {
    const japan = await visitor('JP', 1280);
    const germany = await visitor('DE', 1280);
    await japan.goto(`${server.url}/information/support/?probe=cache`);
    await germany.goto(`${server.url}/information/support/?probe=cache`);
    await expect(japan.locator(GATE).count()).resolves.toBe(0);
    await expect(germany.locator(GATE).count()).resolves.toBe(1);
  });

  it('the 2257 page names the custodian of records; screenshot', async () => {
    const page = await visitor('JP', 1280);
    await open(page, '/information/2257/');
    await expect(page.locator('h1').textContent()).resolves.toBe('18 U.S.C. 2257 statement');
    await expect(page.locator('.legal__details').textContent()).resolves.toContain(
      'Records Office, Gate Tube Media Ltd',
    );
    await expect(page.title()).resolves.toBe('18 U.S.C. 2257 statement - Gate Tube');
    await page.screenshot({ path: path.join(SHOTS, 'info-2257.png'), fullPage: true });
  });

  it('the DMCA and Support pages open the contact form with their subject; a 429 shows its message', async () => {
    const page = await visitor('JP', 1280);
    for (const [section, subject] of [
      ['dmca', 'dmca'],
      ['support', 'support'],
    ] as const) {
      await open(page, `/information/${section}/`);
      await page.locator('[data-action="contact"]').click();
      const modal = page.locator('.modal.contact');
      await modal.waitFor();
      await expect(modal.locator('select[name="subject"]').inputValue()).resolves.toBe(subject);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    }
    // Sends from this address until the server refuses (5 per 10 minutes): the refusal is shown.
    const modal = page.locator('.modal.contact');
    for (let i = 0; i < 6; i++) {
      await page.locator('[data-action="contact"]').click();
      await modal.waitFor();
      await modal.locator('input[name="email"]').fill('visitor@example.test');
      await modal.locator('textarea[name="message"]').fill(`Question number ${i + 1} about the site.`);
      await modal.locator('button[type="submit"]').click();
      const outcome = page.locator('.notify').last();
      await outcome.waitFor();
      const text = await outcome.textContent();
      await outcome.click();
      if (text === 'Too many messages. Try again later.') {
        await expect(modal.isVisible()).resolves.toBe(true);
        return;
      }
      expect(text).toBe('Thank you, your message has been sent.');
      await modal.waitFor({ state: 'detached' });
    }
    throw new Error('the server never refused');
  });
});
