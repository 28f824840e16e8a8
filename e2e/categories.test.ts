// Browsing categories in Chromium (issue 20): the category list's sort control, and the category picker's
// sidebar at phone width (a drawer: 60 placeholder rows while the list loads, a search box that filters
// as one types, Escape and focus, closed by a selection).
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

interface Category {
  dir: string;
  title: string;
}

describe('categories in Chromium', () => {
  const dataDir = seededDataDir('categories');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Category Tube' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const categoriesBy = async (sort: string) =>
    (
      (await (await fetch(`${server.url}/api/json/categories/86400/str/${sort}.json`)).json()) as {
        categories: Category[];
      }
    ).categories;

  const open = async (width: number, height: number, url: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${server.url}${url}`);
    return page;
  };

  it('sorts the category list with the sort control, the sort in the route', async () => {
    const page = await open(1280, 900, '/categories/');
    try {
      const titles = () => page.locator('.category__title').allInnerTexts();
      const byTitle = await categoriesBy('alphabetaz');
      expect(await titles()).toEqual(byTitle.map((c) => c.title));
      await waitForHydration(page, 'nav.tabs a[href="/categories/count-videos/"]');
      await page.locator('nav.tabs a', { hasText: 'Most videos' }).click();
      await page.waitForURL(`${server.url}/categories/count-videos/`);
      const byCount = (await categoriesBy('count-videos')).map((c) => c.title);
      await page.waitForFunction(
        (first) => document.querySelector('.category__title')?.textContent === first,
        byCount[0],
      );
      expect(await titles()).toEqual(byCount);
      expect(await page.locator('nav.tabs a[aria-current="page"]').innerText()).toBe('Most videos');
      // Back to the default order: its tab is /categories/.
      await page.locator('nav.tabs a', { hasText: 'A–Z' }).click();
      await page.waitForURL(`${server.url}/categories/`);
    } finally {
      await page.close();
    }
  });

  it('picks a category in the sidebar drawer at 375 px: placeholders, search, Escape, selection', async () => {
    const all = await categoriesBy('alphabetaz');
    const [first] = await categoriesBy('count-videos');
    expect(all.length).toBeGreaterThan(3);
    const page = await open(375, 812, `/categories/${first?.dir}/latest-updates/1/`);
    try {
      // The categories call is held back: the sidebar shows its 60 placeholder rows meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/json\/categories\/86400\/str\/alphabetaz\.json$/, async (route) => {
        await held;
        await route.continue();
      });
      const plus = page.locator('button.chip--add');
      await waitForHydration(page, 'button.chip--add');
      await plus.click();
      const sidebar = page.locator('[data-testid="category-sidebar"]');
      await sidebar.waitFor();
      expect(await page.locator('.category-sidebar__placeholder').count()).toBe(60);
      // Focus went into the sidebar: its search box.
      const search = sidebar.locator('input[type="search"]');
      await page.waitForFunction(() => document.activeElement?.matches('input[type="search"]'), null, {
        timeout: 10_000,
      });
      // A drawer: the full width of the phone, up from the bottom edge (once its slide-in has ended).
      await page.waitForFunction(
        () => {
          const box = document.querySelector('[data-testid="category-sidebar"]')?.getBoundingClientRect();
          return box !== undefined && box.width === 375 && Math.round(box.bottom) === 812;
        },
        null,
        { timeout: 10_000 },
      );
      release();
      const items = sidebar.locator('a.category-sidebar__item');
      await items.first().waitFor();
      expect(await items.count()).toBe(all.length);
      expect(await page.locator('.category-sidebar__placeholder').count()).toBe(0);
      // The chosen category is in the list, marked.
      expect(await sidebar.locator('a[aria-current="true"] .category-sidebar__name').innerText()).toBe(
        first?.title,
      );

      // Typing filters the list at once.
      const target = all.find((c) => c.dir !== first?.dir) as Category;
      const text = target.title.slice(0, 4).toUpperCase();
      await search.pressSequentially(text);
      const expected = all
        .filter((c) => c.title.toLowerCase().includes(text.toLowerCase()))
        .map((c) => c.title);
      await page.waitForFunction(
        (n) => document.querySelectorAll('a.category-sidebar__item').length === n,
        expected.length,
      );
      expect(await sidebar.locator('.category-sidebar__name').allInnerTexts()).toEqual(expected);

      // Tab stays inside: Shift+Tab from the search box reaches the close button, then wraps to the end.
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toContain(
        'category-sidebar__item',
      );

      // Escape closes it and gives focus back to the plus button.
      await page.keyboard.press('Escape');
      await sidebar.waitFor({ state: 'detached' });
      expect(await plus.evaluate((button) => button === document.activeElement)).toBe(true);

      // Opened again, the list is there at once; a selection adds the dir and closes the sidebar.
      await plus.click();
      await sidebar.locator('input[type="search"]').fill(target.title);
      await sidebar.locator('a.category-sidebar__item', { hasText: target.title }).first().click();
      await page.waitForURL(
        `${server.url}/categories/${first?.dir},${encodeURIComponent(target.dir)}/latest-updates/1/`,
      );
      await sidebar.waitFor({ state: 'detached' });
      await page.locator('.chip--removable').nth(1).waitFor();
      expect(await page.locator('.chip--removable').count()).toBe(2);
    } finally {
      await page.close();
    }
  });
});
