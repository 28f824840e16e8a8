// House ads and the phone carousel in Chromium (issue 34): a fresh site's guest sees one house ad a
// page, in the page's language; on a phone the video page's ad carousel shows one creative at a time
// at a readable size (five in a row were 61x51), the others a swipe away.
import { mkdirSync, rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForHydration } from './browser.ts';
import { setOperatorBanners } from './operator-banners.ts';
import { editSeededDatabase, seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

interface Card {
  video_id: number;
  dir: string;
}

describe('house ads and the phone ad carousel', () => {
  const freshDir = seededDataDir('house-ads');
  const bannersDir = seededDataDir('carousel');
  let fresh: RunningServer;
  let banners: RunningServer;
  let browser: Browser;
  let video: Card;
  const contexts: BrowserContext[] = [];

  async function guestPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('_agv', '1'));
    return context.newPage();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await editSeededDatabase(bannersDir, setOperatorBanners);
    fresh = await startServer({ DATA_DIR: freshDir, SITE_NAME: 'House Tube' });
    banners = await startServer({ DATA_DIR: bannersDir, SITE_NAME: 'House Tube' });
    browser = await launchChromium();
    const res = await fetch(
      `${fresh.url}/api/json/videos2/43200/str/most-popular/1/videos..1.all.all.all.json`,
    );
    video = ((await res.json()) as { videos: Card[] }).videos[0] as Card;
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    for (const server of [fresh, banners]) if (server?.process.exitCode === null) await server.stop();
    rmSync(freshDir, { recursive: true, force: true });
    rmSync(bannersDir, { recursive: true, force: true });
  });

  for (const width of [1280, 375]) {
    it(`shows one house ad on a German video page at ${width} px, in German`, async () => {
      const page = await guestPage(width, 900);
      await page.goto(`${fresh.url}/video/${video.video_id}/${video.dir}/?lang=de`);
      await waitForHydration(page, '[data-testid="player-play"]');
      const house = page.locator('[data-house-ad]');
      expect(await house.count()).toBe(1);
      expect(await page.locator('.ad-box').count()).toBe(1);
      await house.scrollIntoViewIfNeeded();
      expect(await house.isVisible()).toBe(true);
      expect(await house.innerText()).toContain('Werben auf House Tube');
      const box = await house.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(280);
      await page.locator('footer').screenshot({ path: `${SHOTS}/ads-house-footer-de-${width}.png` });
    });
  }

  it('shows the phone one readable carousel creative at a time, the next a swipe away', async () => {
    const page = await guestPage(375, 800);
    await page.goto(`${banners.url}/video/${video.video_id}/${video.dir}/`);
    await waitForHydration(page, '[data-testid="player-play"]');
    const carousel = page.locator('.ad-carousel');
    await carousel.scrollIntoViewIfNeeded();
    const boxes = carousel.locator('.ad-box');
    expect(await boxes.count()).toBe(5);
    const first = await boxes.first().boundingBox();
    // Near its own 300x250 (it was 61x51), whole on the screen.
    expect(first?.width).toBeGreaterThanOrEqual(280);
    expect(first?.height).toBeGreaterThanOrEqual(230);
    expect((first?.x ?? -1) >= 0 && (first?.x ?? 0) + (first?.width ?? 0) <= 375).toBe(true);
    // The others scroll sideways inside the carousel, not the page.
    const sizes = await carousel.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client * 3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await carousel.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
    await page.waitForFunction(() => {
      const list = document.querySelector('.ad-carousel');
      const second = list?.querySelectorAll('.ad-box')[1]?.getBoundingClientRect();
      return second !== undefined && second.left >= 0 && second.right <= window.innerWidth;
    });
    await carousel.screenshot({ path: `${SHOTS}/ads-carousel-375.png` });
  });
});
