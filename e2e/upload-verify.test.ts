// Uploaders verified once (issue 31) in Chromium: with UPLOAD_RECORDS and UPLOADER_VERIFICATION required
// (this suite only; the e2e server turns the verification off), a member who just signed up finds the
// upload page asking them to verify, sends a photo on /upload-video/verify/ and sees it wait; a
// moderator approves it in the console's age-verification queue; the member then reads "verified" and
// opens the upload form. Screenshots of the verify page at 1280 and 375 px.
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { openSuiteSite, prepareSite, type SuiteSite, signUpThroughMail } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

describe('an uploader verifies their age once, in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-verify-'));
  const photo = path.join(dataDir, 'face.png');
  const env = {
    DATA_DIR: dataDir,
    SITE_NAME: 'Verify Tube',
    SEED_DEMO: 'false',
    CATALOG_CACHE: 'off',
    UPLOAD_RECORDS: 'required',
    UPLOADER_VERIFICATION: 'required',
  };
  let site: SuiteSite;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A synthetic "face": a plain square, nothing real (the server checks it is an image, 240 px or more).
    await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c96' } })
      .png()
      .toFile(photo);
    await prepareSite(env, async ({ user }) => {
      await user('verify_moderator', 'moderator');
    });
    site = await openSuiteSite(env);
  }, 180_000);

  afterAll(() => site?.close());

  const shoot = async (page: Page, name: string) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  it('not verified → photo sent, pending → approved by staff → verified, the upload form opens', async () => {
    const member = await site.page(1280);
    await member.goto(site.url('/'));
    await signUpThroughMail(member, site, dataDir, {
      username: 'new_uploader',
      email: 'new-uploader@example.com',
    });

    // The upload page: not verified, a link to verify, no form.
    await member.goto(site.url('/upload-video/'));
    const state = member.locator('.uploader-verification');
    await expect(state.getAttribute('data-verification')).resolves.toBe('none');
    await expect(state.innerText()).resolves.toContain('To upload videos, verify your age once');
    await expect(member.locator('input[name="file"]').count()).resolves.toBe(0);
    await waitForHydration(member, '.uploader-verification a');
    await member.getByRole('link', { name: 'Verify my age' }).click();
    await member.waitForURL(/\/upload-video\/verify\/$/);

    // The verify page: the photo form; sent, the page shows the wait.
    const page = member.locator('.verify-page');
    await expect(page.getAttribute('data-verification')).resolves.toBe('none');
    await waitForHydration(member, '.verify-form button[type="submit"]');
    await shoot(member, 'upload-verify-none');
    await member.locator('.verify-form input[type="file"]').setInputFiles(photo);
    await member.getByRole('button', { name: 'Send for review' }).click();
    await member.locator('.verify-page[data-verification="pending"]').waitFor();
    await expect(member.locator('.verify-page').innerText()).resolves.toContain(
      'Your photo is waiting for review',
    );
    await expect(member.locator('.verify-form').count()).resolves.toBe(0);
    await shoot(member, 'upload-verify-pending');
    // Uploading is still refused by the server, whatever the page shows.
    const refused = await member.request.post(site.url('/api/video_edit.php'), {
      multipart: { title: 'Too early', link: 'https://example.com/clip.mp4' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'uploader_not_verified' });

    // Staff approve in the console's queue.
    const moderator = await site.signedIn('verify_moderator');
    const res = await moderator.goto(site.url('/admin/age-verification/'));
    expect(res?.status()).toBe(200);
    const item = moderator.locator('article[data-verification-id]', { hasText: 'new_uploader' });
    await item.waitFor();
    await waitForHydration(moderator, 'article[data-verification-id] button');
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached' });

    // The member: verified, and the way to the upload form.
    await member.goto(site.url('/upload-video/verify/'));
    await member.locator('.verify-page[data-verification="approved"]').waitFor();
    await expect(member.locator('.verify-page').innerText()).resolves.toContain('Your age is verified.');
    await shoot(member, 'upload-verify-approved');
    await waitForHydration(member, '.verify-page__upload');
    await member.getByRole('link', { name: 'Go to the upload form' }).click();
    await member.waitForURL(/\/upload-video\/$/);
    await member.locator('input[name="file"]').waitFor();
    await expect(member.locator('.uploader-verification').getAttribute('data-verification')).resolves.toBe(
      'approved',
    );
  });
});
