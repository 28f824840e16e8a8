// What an uploader does, in Chromium: a guest is sent home from /upload-video/; a member signs in,
// fills the form, attaches a generated clip (10 min 10 s, tiny), watches the progress bar go to 100
// (the upload is throttled so the bar is seen moving) and gets the success state; the video row waits
// for the pipeline and moderation.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { binaryPath } from '../server/media/runner.ts';
import { insertCategories } from '../server/test/fixtures.ts';
import { launchChromium } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOT = '/tmp/h2-upload.png';

describe('uploading a video in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-upload-'));
  const clip = path.join(dataDir, 'pattern01.mp4');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Upload Tube', SEED_DEMO: 'false', CATALOG_CACHE: 'off' };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    execFileSync(binaryPath('ffmpeg'), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=160x90:rate=1:duration=610'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
    ]);
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      await services.accounts.createUser({
        username: 'e2e_uploader',
        email: 'uploader@example.com',
        password: 'secret12',
        role: 'member',
      });
      await insertCategories(handle.db, ['test-patterns', 'colour-bars']);
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a guest home', async () => {
    await page.goto(`${server.url}/upload-video/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('uploads a clip with a progress bar and ends in the success state', async () => {
    await page.goto(`${server.url}/signin/`);
    await page.waitForLoadState('networkidle');
    await page.locator('main input[name="usr"]').fill('e2e_uploader');
    await page.locator('main input[name="pwd"]').fill('secret12');
    await page.locator('main button[type="submit"]').first().click();
    await page.locator('header .user-menu__toggle').waitFor();

    const res = await page.goto(`${server.url}/upload-video/`);
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { name: 'Upload video' }).waitFor();

    // Client-side rules first: nothing filled in.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.locator('input[name="title"]').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('.form-field__error').first().innerText()).resolves.toBe(
      'This field is required',
    );

    await page.locator('input[name="file"]').setInputFiles(clip);
    await page.locator('input[name="title"]').fill('Test pattern at sunrise');
    await page.locator('textarea[name="description"]').fill('Ten minutes of a synthetic test pattern.');
    await page.getByLabel('test patterns').check();
    await page.getByLabel('Choose a frame for me').check();

    // Record every value the bar shows; throttle the upload so it is seen moving.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = Number(bar?.getAttribute('aria-valuenow') ?? Number.NaN);
        if (Number.isFinite(value) && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const v = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
      return v > 0 && v < 100;
    });
    await page.screenshot({ path: SHOT, fullPage: true });
    await page
      .getByText('Your video was uploaded. It appears after moderation.')
      .waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(seen.at(-1)).toBe(100);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    // Never backwards.
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  }, 120_000);
});
