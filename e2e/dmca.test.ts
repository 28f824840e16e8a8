// Issue 15's DMCA workflow in Chromium: a visitor reports a video from its page (the Report button opens
// the contact form with DMCA chosen), a moderator opens the report as a case at /admin/reports/ and takes
// the video down (its page says 'Video not found or has been recently deleted'), then restores it. The
// server keeps its caches on (CATALOG_CACHE): the takedown must reach the page at once. Screenshots:
// /tmp/dmca-case-1280.png, /tmp/dmca-case-375.png, /tmp/dmca-gone.png.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughPage, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { openSuiteSite, prepareSite, type SuiteSite } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const GONE = 'Video not found or has been recently deleted';
const MESSAGE = 'This upload copies a short film our studio holds the rights to.';

describe('the DMCA workflow in Chromium', () => {
  const dataDir = seededDataDir('dmca');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Notice Tube' };
  let suite: SuiteSite;
  let video = { id: 0, dir: '', title: '' };
  let guest: Page;
  let moderator: Page;

  beforeAll(async () => {
    video = await prepareSite(env, async ({ db, user }) => {
      await user('e2e_dmca_mod', 'moderator', 'dmca-mod@example.com');
      const row = await db
        .selectFrom('videos')
        .select(['id', 'dir', 'title'])
        .where('status', '=', 1)
        .where('is_private', '=', false)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), dir: row.dir, title: row.title };
    });
    // The copied demo uploads go through the pipeline at start: slow on a busy machine.
    suite = await openSuiteSite(env, 300_000);
    guest = await suite.page();
    moderator = await suite.page();
  }, 400_000);

  afterAll(() => suite?.close());

  const site = () => suite.url();
  // The video's address as the site names it (PUBLIC_URL defaults to http://localhost:PORT); the browser
  // uses 127.0.0.1, so the referrer is not the site's and the message names the video, as a notice does.
  const publicVideoUrl = () =>
    `${suite.url().replace('127.0.0.1', 'localhost')}/video/${video.id}/${video.dir}/`;
  const videoUrl = () => `${site()}/video/${video.id}/${video.dir}/`;
  const caseCard = () => moderator.locator('article.moderation-item', { hasText: MESSAGE });

  it("a visitor reports the video from its page; the form starts on 'DMCA'", async () => {
    await guest.goto(videoUrl());
    await waitForHydration(guest, 'header .logo');
    await guest.locator('[data-action="report"]').click();
    const modal = guest.locator('.modal.contact');
    await modal.waitFor();
    await expect(modal.locator('select[name="subject"]').inputValue()).resolves.toBe('dmca');
    await modal.locator('input[name="email"]').fill('rights@example.test');
    await modal.locator('textarea[name="message"]').fill(`${MESSAGE} ${publicVideoUrl()}`);
    await modal.locator('button[type="submit"]').click();
    const outcome = guest.locator('.notify').last();
    await outcome.waitFor();
    await expect(outcome.textContent()).resolves.toBe('Thank you, your message has been sent.');
  });

  it('a moderator opens the case and takes the video down; its page says it is gone', async () => {
    await signInThroughPage(moderator, site(), 'e2e_dmca_mod');

    await moderator.goto(`${site()}/admin/reports/`);
    await waitForHydration(moderator, 'header .logo');
    await caseCard().getByRole('button', { name: 'Open a DMCA case' }).click();
    await moderator.locator('.moderation__notice', { hasText: /DMCA case #\d+ is open\./ }).waitFor();
    // The card follows once the loaders ran again (the notice comes with the action's answer).
    await caseCard().locator('.dmca-case', { hasText: 'Repeat-infringer count: 0' }).waitFor();
    await expect(caseCard().locator('.dmca-case').innerText()).resolves.toContain(video.title);

    await caseCard().getByRole('button', { name: 'Take the video down' }).click();
    await moderator.locator('.moderation__notice', { hasText: 'was taken down' }).waitFor();
    const panel = caseCard().locator('.dmca-case', { hasText: 'Video taken down' });
    await panel.waitFor();
    await expect(panel.innerText()).resolves.toContain('Repeat-infringer count: 1');
    await panel.scrollIntoViewIfNeeded();
    await moderator.screenshot({ path: path.join(SHOTS, 'dmca-case-1280.png') });
    await moderator.setViewportSize({ width: 375, height: 800 });
    await panel.scrollIntoViewIfNeeded();
    await moderator.screenshot({ path: path.join(SHOTS, 'dmca-case-375.png') });
    await moderator.setViewportSize({ width: 1280, height: 900 });

    const res = await guest.goto(videoUrl());
    expect(res?.status()).toBe(410);
    await expect(guest.locator('main').innerText()).resolves.toContain(GONE);
    await guest.screenshot({ path: path.join(SHOTS, 'dmca-gone.png') });
  });

  it('the moderator records a counter-notice and restores the video; its page is back', async () => {
    const panel = caseCard().locator('.dmca-case');
    await panel.locator('textarea[name="message"]').fill('The uploader states the film is their own work.');
    await panel.locator('input[name="received"]').fill('2026-11-25');
    await panel.getByRole('button', { name: 'Record the counter-notice' }).click();
    await moderator.locator('.moderation__notice', { hasText: 'counter-notice' }).waitFor();
    await caseCard().locator('.dmca-case', { hasText: '2026-11-25' }).waitFor();

    await caseCard().getByRole('button', { name: 'Restore the video' }).click();
    await moderator.locator('.moderation__notice', { hasText: 'was restored' }).waitFor();
    await caseCard().locator('.dmca-case', { hasText: 'Video restored' }).waitFor();

    // The visitor who saw it gone sees it back (the 410 is no-cache: the browser asks again).
    const res = await guest.goto(videoUrl());
    expect(res?.status()).toBe(200);
    await expect(guest.locator('h1').first().innerText()).resolves.toBe(video.title);
  });
});
