// Issue 15 in Chromium: the UK gate (shell.md §2, §4) for visitors from gb (the trusted country header
// the test server names, COUNTRY_HEADER), at 1280 and 375 px. A guest is offered Sign in and Sign up and
// is not gated on the sign-in page nor with a promo query; a member uploads a photo, sees it waiting, a
// moderator approves it at /admin/age-verification/ and the gate is gone; at 375 px a rejection's reason
// reaches the member, who sends another photo. The accounts are made before the server starts (no demo
// seed: the gate needs no catalogue). Screenshots: /tmp/uk-gate-*.png.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const GATE = '[data-uk-gate]';
const PASSWORD = 'secret12';

describe('the UK gate and the moderators’ review in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-ukgate-'));
  const env = {
    DATA_DIR: dataDir,
    SITE_NAME: 'Gate Tube',
    SEED_DEMO: 'false',
    COUNTRY_HEADER: 'CF-IPCountry',
  };
  const photoFile = path.join(dataDir, 'photo.png');
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

  /** Signs in on /signin/ (never gated), as a person does. */
  async function signIn(page: Page, username: string) {
    await open(page, '/signin/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
    await waitForHydration(page, 'main input[name="usr"]');
    await page.locator('main input[name="usr"]').fill(username);
    await page.locator('main input[name="pwd"]').fill(PASSWORD);
    await page.locator('main button[type="submit"]').first().click();
    await page.locator('header .user-menu__toggle').waitFor();
  }

  /** The moderator decides the member's waiting photo on /admin/age-verification/. */
  async function decide(username: string, act: 'approve' | 'reject', reason = '') {
    const mod = await visitor('JP', 1280);
    await signIn(mod, 'uk_moderator');
    const res = await mod.goto(`${server.url}/admin/age-verification/`);
    expect(res?.status()).toBe(200);
    await waitForHydration(mod, 'header .logo');
    const item = mod.locator('article[data-verification-id]', { hasText: username });
    await item.waitFor();
    await waitForHydration(mod, 'article[data-verification-id] textarea');
    // The photo is shown to the moderator (decrypted by the staff call).
    await expect(
      item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).resolves.toBe(true);
    if (act === 'approve') await mod.screenshot({ path: path.join(SHOTS, 'uk-gate-review.png') });
    if (reason) await item.locator('textarea[name="reason"]').fill(reason);
    await item.getByRole('button', { name: act === 'approve' ? 'Approve' : 'Reject' }).click();
    await mod.locator('.moderation__notice[role="status"]').waitFor();
    // The queue is read again after the decision: the request has left it.
    await item.waitFor({ state: 'detached' });
    await mod.context().close();
  }

  async function uploadPhoto(page: Page) {
    await page.locator(`${GATE} input[type="file"]`).setInputFiles(photoFile);
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await page.locator('[data-uk-gate="pending"]').waitFor();
  }

  beforeAll(async () => {
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      for (const [username, role] of [
        ['uk_member_wide', 'member'],
        ['uk_member_narrow', 'member'],
        ['uk_moderator', 'moderator'],
      ] as const) {
        await services.accounts.createUser({
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
          role,
        });
      }
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    writeFileSync(
      photoFile,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5a7fa8' } })
        .png()
        .toBuffer(),
    );
    server = await startServer(env);
    browser = await launchChromium();
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([1280, 375])('a guest from the UK is offered Sign in and Sign up at %i px', async (width) => {
    const page = await visitor('GB', width);
    await open(page, '/');
    const gate = page.locator(GATE);
    await expect(gate.isVisible()).resolves.toBe(true);
    await expect(page.locator('#uk-gate-title').textContent()).resolves.toBe('Age verification required');
    const signInLink = gate.getByRole('link', { name: 'Sign in' });
    await expect(signInLink.isVisible()).resolves.toBe(true);
    await expect(gate.getByRole('link', { name: 'Sign up' }).isVisible()).resolves.toBe(true);
    // Keyboard: focus starts in the gate, and Tab cycles inside it.
    await expect(signInLink.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(signInLink.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `uk-gate-guest-${width}.png`) });
    // Sign in leads to a page the gate never covers.
    await signInLink.click();
    await page.locator('main input[name="usr"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
    // Nor a promo landing, nor information pages; another country never sees it.
    await open(page, '/?utm_source=partner');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
    await open(page, '/information/privacy/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
    const japan = await visitor('JP', width);
    await open(japan, '/');
    await expect(japan.locator(GATE).count()).resolves.toBe(0);
  });

  it('a UK member uploads a photo, a moderator approves, the gate is gone (1280 px)', async () => {
    const page = await visitor('GB', 1280);
    await signIn(page, 'uk_member_wide');
    await open(page, '/');
    await page.locator('[data-uk-gate="none"]').waitFor();
    await waitForHydration(page, `${GATE} form`);
    await page.screenshot({ path: path.join(SHOTS, 'uk-gate-member-1280.png') });
    await uploadPhoto(page);
    await page.screenshot({ path: path.join(SHOTS, 'uk-gate-pending-1280.png') });
    await page.reload();
    await page.locator('[data-uk-gate="pending"]').waitFor();

    await decide('uk_member_wide', 'approve');

    await open(page, '/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
    const me = await page.request.get(`${server.url}/api/me.php`);
    expect(((await me.json()) as { user: { age_verified: boolean } }).user.age_verified).toBe(true);
  });

  it('a rejection’s reason reaches the member, who sends another photo (375 px)', async () => {
    const page = await visitor('GB', 375);
    await signIn(page, 'uk_member_narrow');
    await open(page, '/');
    await waitForHydration(page, `${GATE} form`);
    // A file that is no image: the server's error is shown.
    await page.locator(`${GATE} input[type="file"]`).setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await expect(page.locator('.uk-gate__error').textContent()).resolves.toBe('File type not allowed');
    await uploadPhoto(page);

    await decide('uk_member_narrow', 'reject', 'The date of birth cannot be read');

    await open(page, '/');
    await page.locator('[data-uk-gate="rejected"]').waitFor();
    await expect(page.locator('.uk-gate__reason').textContent()).resolves.toContain(
      'The date of birth cannot be read',
    );
    await page.screenshot({ path: path.join(SHOTS, 'uk-gate-member-375.png') });
    await waitForHydration(page, `${GATE} form`);
    await uploadPhoto(page);
    await decide('uk_member_narrow', 'approve');
    await open(page, '/');
    await expect(page.locator(GATE).count()).resolves.toBe(0);
  });
});
