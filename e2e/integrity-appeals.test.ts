// Issue 31 in Chromium: a visitor files a performer's removal request from a video's page ("I appear in
// this video and did not consent"), the video is down at once, a moderator sees it on /admin/reports/
// with its complaint clock, the uploader appeals from their uploads page, the moderator overturns the
// appeal at /admin/appeals/, and the uploader sees the answer (the video is back). Waits for what shows,
// never for a time. Screenshots (1280 and 375 px) in E2E_SCREENSHOTS (default /tmp).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { launchChromium, signInThroughPage, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const GONE = 'Video not found or has been recently deleted';
const STATEMENT = 'I am the person shown in this clip and I never agreed to its publication.';
const APPEAL = 'Every performer signed a release before filming; I can send the forms.';
const ANSWER = 'The releases check out: your video is back.';

describe("a performer's removal request and an appeal in Chromium", () => {
  const dataDir = seededDataDir('appeals');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Appeal Tube' };
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let video = { id: 0, dir: '', title: '' };
  let uploaderId = 0;
  let guest: Page;
  let moderator: Page;
  let uploader: Page;

  beforeAll(async () => {
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      await services.accounts.createUser({
        username: 'e2e_appeal_mod',
        email: 'appeal-mod@example.com',
        password: 'secret12',
        role: 'moderator',
      });
      const owner = await services.accounts.createUser({
        username: 'e2e_appeal_up',
        email: 'appeal-up@example.com',
        password: 'secret12',
        role: 'member',
      });
      uploaderId = owner.user_id;
      const row = await handle.db
        .selectFrom('videos')
        .select(['id', 'dir', 'title'])
        .where('status', '=', 1)
        .where('is_private', '=', false)
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      video = { id: Number(row.id), dir: row.dir, title: row.title };
      // The member is its uploader (the demo's videos have seeded uploaders).
      await handle.db.updateTable('videos').set({ user_id: uploaderId }).where('id', '=', video.id).execute();
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env, 300_000);
    browser = await launchChromium();
    const context = async (width: number) => {
      const c = await browser.newContext({ viewport: { width, height: 900 } });
      await c.addInitScript(() => localStorage.setItem('_agv', '1'));
      contexts.push(c);
      return c.newPage();
    };
    guest = await context(1280);
    moderator = await context(1280);
    uploader = await context(1280);
  }, 400_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The site's own address (PUBLIC_URL defaults to http://localhost:PORT): a removal request names the
  // video of the page it is sent from, so the visitor browses the site under that name.
  const publicSite = () => server.url.replace('127.0.0.1', 'localhost');
  const videoPath = () => `/video/${video.id}/${video.dir}/`;
  const uploadsUrl = () => `${server.url}/members/${uploaderId}/uploaded_videos/1/`;
  const reportCard = () => moderator.locator('article.moderation-item', { hasText: STATEMENT });
  const appealCard = () => moderator.locator('article.moderation-item', { hasText: APPEAL });
  const appealBox = () => uploader.locator(`[data-card-id="${video.id}"] .upload-appeal`);

  const signIn = (page: Page, username: string) => signInThroughPage(page, server.url, username);

  it('a visitor files a removal request from the video page; the video is down at once', async () => {
    await guest.goto(`${publicSite()}${videoPath()}`);
    await waitForHydration(guest, '[data-action="report"]');
    await guest.locator('[data-action="report"]').click();
    const modal = guest.locator('.modal.contact');
    await modal.waitFor();
    await modal.locator('select[name="subject"]').selectOption('performer');
    await modal.locator('input[name="name"]').fill('Robin Example');
    await modal.locator('input[name="email"]').fill('robin@example.test');
    await modal.locator('textarea[name="message"]').fill(STATEMENT);
    await modal.screenshot({ path: path.join(SHOTS, 'issue31-removal-form-1280.png') });
    await modal.locator('button[type="submit"]').click();
    await guest.locator('.notify', { hasText: 'Thank you, your message has been sent.' }).waitFor();

    const res = await guest.goto(`${publicSite()}${videoPath()}`);
    expect(res?.status()).toBe(410);
    await expect(guest.locator('main').innerText()).resolves.toContain(GONE);
  });

  it('a moderator sees the request on the reports page with its clock', async () => {
    await signIn(moderator, 'e2e_appeal_mod');
    await moderator.goto(`${server.url}/admin/reports/`);
    await waitForHydration(moderator, 'header .logo');
    const card = reportCard();
    await card.locator('.removal-request', { hasText: 'Video down, waiting for review' }).waitFor();
    await expect(card.locator('.removal-request').innerText()).resolves.toContain('Robin Example');
    const clock = card.locator('.complaint-clock');
    await expect(clock.getAttribute('data-clock')).resolves.toBe('ok');
    await expect(clock.innerText()).resolves.toMatch(/^Due in [5-7] business days$/);
    await card.scrollIntoViewIfNeeded();
    await moderator.screenshot({ path: path.join(SHOTS, 'issue31-reports-clock-1280.png') });
    await moderator.setViewportSize({ width: 375, height: 800 });
    await card.locator('.complaint-clock').scrollIntoViewIfNeeded();
    await moderator.screenshot({ path: path.join(SHOTS, 'issue31-reports-clock-375.png') });
    await moderator.setViewportSize({ width: 1280, height: 900 });
  });

  it('the uploader appeals the removal from their uploads page', async () => {
    await signIn(uploader, 'e2e_appeal_up');
    await uploader.goto(uploadsUrl());
    await waitForHydration(uploader, 'header .logo');
    await appealBox().getByRole('button', { name: 'Appeal this removal' }).click();
    await appealBox().locator('textarea[name="message"]').fill(APPEAL);
    await appealBox().getByRole('button', { name: 'Send appeal' }).click();
    await appealBox()
      .locator('[data-appeal-state="open"]', { hasText: 'Appeal sent: waiting for an answer.' })
      .waitFor();
    // Once per decision: no second appeal is offered.
    expect(await appealBox().getByRole('button', { name: 'Appeal this removal' }).count()).toBe(0);
    await appealBox().scrollIntoViewIfNeeded();
    await uploader.screenshot({ path: path.join(SHOTS, 'issue31-uploader-appeal-1280.png') });
    await uploader.setViewportSize({ width: 375, height: 812 });
    await appealBox().scrollIntoViewIfNeeded();
    await uploader.screenshot({ path: path.join(SHOTS, 'issue31-uploader-appeal-375.png') });
    await uploader.setViewportSize({ width: 1280, height: 900 });
  });

  it('the moderator overturns the appeal on the appeals page', async () => {
    await moderator.goto(`${server.url}/admin/appeals/`);
    await waitForHydration(moderator, 'header .logo');
    const card = appealCard();
    await card.locator('.complaint-clock').waitFor();
    await expect(card.innerText()).resolves.toContain("A performer's removal");
    await card.scrollIntoViewIfNeeded();
    await moderator.screenshot({ path: path.join(SHOTS, 'issue31-appeals-1280.png') });
    await moderator.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await moderator.screenshot({ path: path.join(SHOTS, 'issue31-appeals-375.png') });
    await moderator.setViewportSize({ width: 1280, height: 900 });
    await waitForHydration(moderator, 'textarea[name="answer"]');
    await card.locator('textarea[name="answer"]').fill(ANSWER);
    await card.getByRole('button', { name: 'Overturn' }).click();
    await moderator.locator('.moderation__notice', { hasText: /Appeal #\d+ overturned/ }).waitFor();
    // The loader ran again: the appeal left the open list.
    await appealCard().waitFor({ state: 'detached' });
  });

  it('the uploader sees the answer, and the video is back', async () => {
    await uploader.goto(uploadsUrl());
    await waitForHydration(uploader, 'header .logo');
    const answered = appealBox().locator('[data-appeal-state="overturned"]');
    await answered.waitFor();
    await expect(answered.innerText()).resolves.toContain(ANSWER);
    await expect(answered.innerText()).resolves.toContain('the decision was overturned');
    await answered.scrollIntoViewIfNeeded();
    await uploader.screenshot({ path: path.join(SHOTS, 'issue31-uploader-answer-1280.png') });
    await uploader.setViewportSize({ width: 375, height: 812 });
    await answered.scrollIntoViewIfNeeded();
    await uploader.screenshot({ path: path.join(SHOTS, 'issue31-uploader-answer-375.png') });

    const res = await guest.goto(`${publicSite()}${videoPath()}`);
    expect(res?.status()).toBe(200);
    await expect(guest.locator('h1').first().innerText()).resolves.toBe(video.title);
  });
});
