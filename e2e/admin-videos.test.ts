// The console's videos in Chromium (issue 17): a moderator signs in, finds a demo video at /admin/videos/
// by its title, opens it, gives it a new title and saves; a visitor opening the video's page sees the new
// title at once (the server keeps its caches on: the edit purges them). Then the moderator makes the
// poster from another still, and the page shows that poster. Screenshots: /tmp/shots/admin-videos-1280.png,
// /tmp/shots/admin-video-edit-1280.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughPage, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { openSuiteSite, prepareSite, type SuiteSite } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';
const NEW_TITLE = 'Evening Harbour Walk Sample';

describe('the console videos in Chromium', () => {
  const dataDir = seededDataDir('admin-videos');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Console Tube' };
  let suite: SuiteSite;
  let video = { id: 0, dir: '', title: '' };
  let guest: Page;
  let moderator: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    video = await prepareSite(env, async ({ db, user }) => {
      await user('e2e_videos_mod', 'moderator', 'videos-mod@example.com');
      // A listed demo video with numbered stills to choose the poster from.
      const row = await db
        .selectFrom('videos as v')
        .select(['v.id', 'v.dir', 'v.title'])
        .where('v.status', '=', 1)
        .where('v.is_private', '=', false)
        .where('v.deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('video_files as f')
              .select('f.id')
              .whereRef('f.video_id', '=', 'v.id')
              .where('f.kind', '=', 'thumb')
              .where('f.format', '=', '2'),
          ),
        )
        .orderBy('v.id')
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
  const videoUrl = () => `${site()}/video/${video.id}/${video.dir}/`;

  it('a visitor is refused the console', async () => {
    const res = await guest.goto(`${site()}/admin/videos/`);
    expect(res?.status()).toBe(403);
    // The page is cached for guests as it is now: the title before the edit.
    const page = await guest.goto(videoUrl());
    expect(page?.status()).toBe(200);
    await expect(guest.locator('h1').first().innerText()).resolves.toBe(video.title);
  });

  it('a moderator finds the video, renames it, and the site shows the new title at once', async () => {
    await signInThroughPage(moderator, site(), 'e2e_videos_mod');

    await moderator.goto(`${site()}/admin/videos/`);
    await waitForHydration(moderator, 'header .logo');
    await moderator.locator('.console__toolbar input[name="q"]').fill(video.title);
    await moderator.locator('.console__toolbar button[type="submit"]').click();
    const row = moderator.locator(`tr[data-video-id="${video.id}"]`);
    await row.waitFor();
    await moderator.waitForURL(/\?q=/);
    await moderator.screenshot({ path: path.join(SHOTS, 'admin-videos-1280.png'), fullPage: true });

    await row.getByRole('link', { name: video.title }).click();
    await moderator.waitForURL(new RegExp(`/admin/videos/${video.id}/$`));
    await moderator.locator('form input[name="title"]').waitFor();
    await waitForHydration(moderator, 'header .logo');
    await moderator.locator('form input[name="title"]').fill(NEW_TITLE);
    await moderator.getByRole('button', { name: 'Save' }).click();
    await moderator.locator('.console__notice', { hasText: 'Saved.' }).waitFor();

    const res = await guest.goto(videoUrl());
    expect(res?.status()).toBe(200);
    await expect(guest.locator('h1').first().innerText()).resolves.toBe(NEW_TITLE);
  });

  it('the moderator makes the poster from another still; the page shows it', async () => {
    const still = moderator.locator('button[data-still="2"]');
    await still.click();
    await moderator.locator('.console__notice', { hasText: 'The poster was changed.' }).waitFor();
    await moderator.locator('button[data-still="2"][aria-pressed="true"]').waitFor();
    await moderator.evaluate(() => window.scrollTo(0, 0));
    await moderator.screenshot({ path: path.join(SHOTS, 'admin-video-edit-1280.png'), fullPage: true });

    await guest.goto(videoUrl());
    const html = await guest.content();
    expect(html).toMatch(new RegExp(`/media/videos/${video.id}/poster-2-[a-z0-9]+\\.jpg`));
    // The new poster is a real image.
    const poster = /\/media\/videos\/\d+\/poster-2-[a-z0-9]+\.jpg/.exec(html)?.[0];
    const image = await guest.request.get(`${site()}${poster}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
  });
});
