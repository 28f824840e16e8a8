// Issue 12 in Chromium: the staff queues write through the API (/api/admin/*.php, app/lib/staff-api.ts),
// as the rest of the console does, and still show what the page-form actions showed: a field error on
// the card, the notice, the item leaving its list. Moderation (a reject without a reason, then with
// one, then an approval) and reports (handled, then reopened); the age-verification and DMCA flows are
// e2e/uk-gate.test.ts's and e2e/dmca.test.ts's. Screenshots of the three pages at 1280 and 375 px:
// /tmp/shots/staff-*.png (E2E_SCREENSHOTS to change the folder).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { insertUploadedVideo, makeClipFiles } from '../server/test/moderation-fixtures.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';
const PASSWORD = 'secret12';

describe('the staff queues write through the API, in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-staff-'));
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Queue Tube', SEED_DEMO: 'false', CATALOG_CACHE: 'off' };
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const videos: Record<string, number> = {};
  let reportId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      await services.accounts.createUser({
        username: 'queue_moderator',
        email: 'queue-mod@example.com',
        password: PASSWORD,
        role: 'moderator',
      });
      const uploader = await services.accounts.createUser({
        username: 'queue_uploader',
        email: 'queue-up@example.com',
        password: PASSWORD,
        role: 'member',
      });
      const clip = await makeClipFiles(4);
      for (const [key, title, minutesAgo] of [
        ['rejected', 'Canal Test Pattern', 30],
        ['approved', 'Orchard Test Pattern', 20],
        ['waiting', 'Quarry Test Pattern', 10],
      ] as const) {
        videos[key] = (
          await insertUploadedVideo(handle.db, services.storage, clip, {
            title,
            userId: uploader.user_id,
            minutesAgo,
          })
        ).id;
      }
      reportId = (
        await services.reports.submit({
          fields: {
            subject: 'Support Request',
            email: 'visitor@example.com',
            message: 'The sound of the test pattern is missing.',
          },
          file: null,
          ip: '192.0.2.10',
          user: null,
          publicUrl: config.publicUrl,
        })
      ).report_id;
      // A member's photo waiting for review, for the age-verification page's screenshots.
      const sid = await services.accounts.startSession(uploader.user_id, { ip: null, userAgent: null });
      const member = (await services.accounts.userForSession(sid))?.user ?? null;
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8f5a' } })
        .png()
        .toBuffer();
      await services.ageVerification.submit(member, photo);
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    browser = await launchChromium();
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function moderator(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/signin/`);
    await waitForHydration(page, 'main input[name="usr"]');
    await page.locator('main input[name="usr"]').fill('queue_moderator');
    await page.locator('main input[name="pwd"]').fill(PASSWORD);
    await page.locator('main button[type="submit"]').first().click();
    await page.locator('header .user-menu__toggle').waitFor();
    return page;
  }

  it('moderation: a reject without a reason shows the field error; with one, and an approval, the notices', async () => {
    const page = await moderator(1280);
    const res = await page.goto(`${server.url}/admin/moderation/`);
    expect(res?.status()).toBe(200);
    await page.screenshot({ path: path.join(SHOTS, 'staff-moderation-1280.png'), fullPage: true });
    const card = (key: string) => page.locator(`article[data-video-id="${videos[key]}"]`);

    // No reason chosen: the API's field code shows under the reason, and the video stays.
    await card('rejected').getByRole('button', { name: 'Reject' }).click();
    await card('rejected').locator('.form-field__error', { hasText: 'This field is required' }).waitFor();

    await card('rejected').locator('select[name="reason"]').selectOption('violence');
    await card('rejected').getByRole('button', { name: 'Reject' }).click();
    await page.getByText('“Canal Test Pattern” was rejected.').waitFor();
    await card('rejected').waitFor({ state: 'detached' });

    await card('approved').getByRole('button', { name: 'Approve' }).click();
    await page.getByText('“Orchard Test Pattern” was approved and is now listed.').waitFor();
    await card('approved').waitFor({ state: 'detached' });
    await expect(card('waiting').isVisible()).resolves.toBe(true);

    // Approved: its files are public now.
    const video = await page.request.get(`${server.url}/api/videofile.php?video_id=${videos.approved}`);
    expect(video.status()).toBe(200);
  });

  it('reports: mark handled, then reopen, each with its notice', async () => {
    const page = await moderator(1280);
    await page.goto(`${server.url}/admin/reports/`);
    const card = page.locator(`article[data-report-id="${reportId}"]`);
    await card.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'staff-reports-1280.png'), fullPage: true });
    await card.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText(`Report #${reportId} was marked handled.`).waitFor();
    await card.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/admin/reports/?status=handled`);
    await card.waitFor();
    await expect(card.innerText()).resolves.toContain('Handled by queue_moderator');
    await card.getByRole('button', { name: 'Reopen' }).click();
    await page.getByText(`Report #${reportId} is open again.`).waitFor();
    await card.waitFor({ state: 'detached' });
  });

  it('the three pages at 375 px, and the age-verification queue at 1280 px', async () => {
    const page = await moderator(375);
    for (const [name, url, item] of [
      ['moderation', '/admin/moderation/', 'article[data-video-id]'],
      ['reports', '/admin/reports/', 'article[data-report-id]'],
      ['age-verification', '/admin/age-verification/', 'article[data-verification-id]'],
    ] as const) {
      const res = await page.goto(`${server.url}${url}`);
      expect(res?.status()).toBe(200);
      await page.locator(item).first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, `staff-${name}-375.png`), fullPage: true });
    }
    const wide = await moderator(1280);
    await wide.goto(`${server.url}/admin/age-verification/`);
    await wide.locator('article[data-verification-id]').waitFor();
    await wide.screenshot({ path: path.join(SHOTS, 'staff-age-verification-1280.png'), fullPage: true });
  });
});
