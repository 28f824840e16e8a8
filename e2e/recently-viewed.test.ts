// Issue 20 in Chromium: the history page's "Recently viewed" list (the non-video entries of tc_history,
// shell.md §3) after a guest opened a model, a channel, a category and a search, beside the watched
// video; and the partner channel (content.md §2) a moderator sets in the console: its video's page has
// no channel block and the player a Watch button to the channel's site. Screenshots (E2E_SCREENSHOTS,
// default /tmp/shots): api-history-1280.png, api-history-375.png, api-admin-channel-partner-1280.png,
// api-partner-video-1280.png, api-partner-video-375.png.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

interface Named {
  id: number;
  dir: string;
  title: string;
  url?: string | null;
}

describe('recently viewed pages and the partner channel in Chromium', () => {
  const dataDir = seededDataDir('recent');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Recent Tube' };
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let model: Named;
  let channel: Named;
  let category: Named;
  let channelVideo: { id: number; dir: string };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      await services.accounts.createUser({
        username: 'e2e_partner_mod',
        email: 'partner-mod@example.com',
        password: 'secret12',
        role: 'moderator',
      });
      await services.accounts.close();
      const db = handle.db;
      const m = await db
        .selectFrom('models')
        .select(['id', 'dir', 'title'])
        .where('total_videos', '>', 0)
        .orderBy('total_videos', 'desc')
        .executeTakeFirstOrThrow();
      model = { id: Number(m.id), dir: m.dir, title: m.title };
      const c = await db
        .selectFrom('channels')
        .select(['id', 'dir', 'title', 'url'])
        .where('total_videos', '>', 0)
        .orderBy('total_videos', 'desc')
        .executeTakeFirstOrThrow();
      channel = { id: Number(c.id), dir: c.dir, title: c.title, url: c.url };
      const k = await db
        .selectFrom('categories')
        .select(['id', 'dir', 'title'])
        .where('gender', '=', 'str')
        .where('total_videos', '>', 0)
        .orderBy('total_videos', 'desc')
        .executeTakeFirstOrThrow();
      category = { id: Number(k.id), dir: k.dir, title: k.title };
      const v = await db
        .selectFrom('videos')
        .select(['id', 'dir'])
        .where('channel_id', '=', channel.id)
        .where('status', '=', 1)
        .where('is_private', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      channelVideo = { id: Number(v.id), dir: v.dir };
    } finally {
      await handle.close();
    }
    server = await startServer(env, 300_000);
    browser = await launchChromium();
  }, 400_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const newPage = async (width: number) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    // Past the age gate, where the visitor's country has one.
    await context.addInitScript(() => window.localStorage.setItem('_agv', '1'));
    return context.newPage();
  };
  const stored = (page: Page) =>
    page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('tc_history') ?? '[]') as {
          type: string;
          params: { dir?: string };
        }[],
    );
  const visit = async (page: Page, url: string, type: string) => {
    // Nothing is stored before the first page of the site (about:blank has no storage of its own).
    const before = page.url().startsWith(server.url)
      ? (await stored(page)).filter((e) => e.type === type).length
      : 0;
    await page.goto(`${server.url}${url}`);
    await page.waitForFunction(
      ([kind, count]) =>
        (JSON.parse(localStorage.getItem('tc_history') ?? '[]') as { type: string }[]).filter(
          (e) => e.type === kind,
        ).length > (count as number),
      [type, before] as const,
    );
  };

  it('lists the pages a guest opened, newest first, beside the watched video; narrow screens get a strip above', async () => {
    const page = await newPage(1280);
    await visit(page, `/pornstar/${model.dir}/`, 'model');
    await visit(page, `/pornsite/${channel.dir}/`, 'channel');
    await visit(page, `/categories/${category.dir}/latest-updates/1/`, 'category');
    // A searchable text (3 to 69 characters: shell.md §5), found or not.
    const word = model.title;
    await visit(page, `/search/1/?s=${encodeURIComponent(word)}`, 'search');
    await visit(page, `/video/${channelVideo.id}/${channelVideo.dir}/`, 'video');

    await page.goto(`${server.url}/history/`);
    const aside = page.locator('[data-testid="recently-viewed"]');
    await aside.waitFor();
    await page.locator('.card__title').first().waitFor();
    await expect(aside.locator('h2').innerText()).resolves.toBe('Recently viewed');
    const items = aside.locator('.recently-viewed__item');
    expect(await items.evaluateAll((links) => links.map((a) => a.getAttribute('data-type')))).toEqual([
      'search',
      'category',
      'channel',
      'model',
    ]);
    expect(await items.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      `/search/1/?s=${encodeURIComponent(word)}`,
      `/categories/${category.dir}/latest-updates/1/`,
      `/pornsite/${channel.dir}/`,
      `/pornstar/${model.dir}/`,
    ]);
    await expect(items.nth(3).innerText()).resolves.toContain(model.title);
    await expect(items.nth(3).innerText()).resolves.toMatch(/Pornstar/i);
    // A column at the right of the videos on a wide screen.
    const grid = await page.locator('.history-layout__main').boundingBox();
    const column = await aside.boundingBox();
    expect(column && grid && column.x > grid.x + grid.width - 1).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'api-history-1280.png'), fullPage: false });

    await page.setViewportSize({ width: 375, height: 800 });
    const strip = await aside.boundingBox();
    const videos = await page.locator('.history-layout__main').boundingBox();
    // Above the videos, within the screen's width (it scrolls sideways inside).
    expect(strip && videos && strip.y + strip.height <= videos.y + 1).toBe(true);
    // As wide as the videos: the strip spans the page, not just its heading.
    expect(strip && videos && Math.abs(strip.width - videos.width) <= 1).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(SHOTS, 'api-history-375.png'), fullPage: false });

    // An entry opens its page; opened again, it is back at the top.
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitForHydration(page, '.recently-viewed__item');
    await items.nth(3).click();
    await page.waitForURL(`**/pornstar/${model.dir}/`);
    await page.waitForFunction(
      () =>
        (JSON.parse(localStorage.getItem('tc_history') ?? '[]') as { type: string }[])[0]?.type === 'model',
    );
  });

  it("a moderator makes the channel a partner: its video's page has no channel block and a Watch button", async () => {
    const staff = await newPage(1280);
    await staff.goto(`${server.url}/signin/`);
    await staff.waitForLoadState('networkidle');
    await staff.locator('main input[name="usr"]').fill('e2e_partner_mod');
    await staff.locator('main input[name="pwd"]').fill('secret12');
    await staff.locator('main button[type="submit"]').first().click();
    await staff.locator('header .user-menu__toggle').waitFor();

    const guest = await newPage(1280);
    const videoUrl = `${server.url}/video/${channelVideo.id}/${channelVideo.dir}/`;
    // Seen first, so that the caches hold the page with the channel block.
    await guest.goto(videoUrl);
    await expect(guest.locator('.watch__links').innerText()).resolves.toContain(channel.title);
    expect(await guest.locator('[data-testid="player-partner-watch"]').count()).toBe(0);

    await staff.goto(`${server.url}/admin/channels/${channel.id}/`);
    await waitForHydration(staff, 'header .logo');
    const box = staff.locator('#tax-edit-channel-partner');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.locator('.console__notice', { hasText: 'Saved: the site shows it now.' }).waitFor();
    expect(await staff.locator('#tax-edit-channel-partner').isChecked()).toBe(true);
    await staff.screenshot({ path: path.join(SHOTS, 'api-admin-channel-partner-1280.png'), fullPage: true });

    await guest.goto(videoUrl);
    const watch = guest.locator('[data-testid="player-partner-watch"]');
    await watch.waitFor();
    await expect(watch.innerText()).resolves.toBe('Watch');
    expect(await watch.getAttribute('href')).toBe(channel.url ?? `/pornsite/${channel.dir}/`);
    const links = await guest.locator('.watch__links').innerText();
    expect(links).not.toContain(channel.title);
    expect(await guest.locator(`.watch__links a[href="/pornsite/${channel.dir}/"]`).count()).toBe(0);
    // Inside the player's box.
    const player = await guest.locator('[data-testid="player"]').boundingBox();
    const button = await watch.boundingBox();
    expect(
      player &&
        button &&
        button.x >= player.x &&
        button.y >= player.y &&
        button.x + button.width <= player.x + player.width &&
        button.y + button.height <= player.y + player.height,
    ).toBe(true);
    await guest.screenshot({ path: path.join(SHOTS, 'api-partner-video-1280.png'), fullPage: false });
    await guest.setViewportSize({ width: 375, height: 800 });
    await watch.waitFor();
    await guest.screenshot({ path: path.join(SHOTS, 'api-partner-video-375.png'), fullPage: false });
  });
});
