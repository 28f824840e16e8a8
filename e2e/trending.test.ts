// Trending in Chromium (issue 32 item 3): on the demo (whose seed makes the trending order of its daily
// stats), the home's "Trending now" block is drawn after hydration, asks for its cards only once scrolled
// to, shows them, and its "see more" link opens /videos/trending/1/ in the same order.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir } from './seeded.ts';
import { openSuiteSite, type SuiteSite } from './site-fixture.ts';

describe('trending in Chromium', () => {
  const dataDir = seededDataDir('trend');
  let site: SuiteSite;

  beforeAll(async () => {
    site = await openSuiteSite({ DATA_DIR: dataDir, SITE_NAME: 'Trend Tube' });
  }, 200_000);

  afterAll(() => site?.close());

  /** The trending calls the page has made (the block's videos2 call carries `/trending/`). */
  const trendingCalls = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/json/videos2/') && r.url().includes('/trending/')) urls.push(r.url());
    });
    return urls;
  };

  it.each([1280, 375])(
    'at %i px: the home block loads when scrolled to, and "see more" opens the listing',
    async (width) => {
      const page = await site.page(width);
      const calls = trendingCalls(page);
      await page.goto(site.url('/'));
      const block = page.locator('section[aria-labelledby="home-trending"]');
      // Not in the server's HTML: the browser draws it once hydrated, far below the first screen.
      await block.waitFor();
      await expect(block.locator('h2').innerText()).resolves.toBe('Trending now');
      expect(await block.locator('[data-lazy-status]').getAttribute('data-lazy-status')).toBe('idle');
      expect(await block.locator('[data-placeholders] > i').count()).toBeGreaterThan(0);
      expect(calls).toEqual([]);

      await block.scrollIntoViewIfNeeded();
      const cards = block.locator('[data-lazy-status="loaded"] .card');
      await cards.first().waitFor();
      expect(calls).toHaveLength(1);
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(20);
      const titles = await block.locator('.card__title').allInnerTexts();

      await block.getByRole('link', { name: /See more/ }).click();
      await page.waitForURL(/\/videos\/trending\/1\/$/);
      await page.locator('h1', { hasText: 'Trending videos' }).waitFor();
      expect(await page.locator('.tab[aria-current="page"]').innerText()).toBe('Trending');
      // The listing's first page starts with the block's videos, in the same order.
      const listed = await page.locator('main .card__title').allInnerTexts();
      expect(listed.slice(0, titles.length)).toEqual(titles);
      await page.close();
    },
  );
});
