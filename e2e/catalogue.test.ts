// What a visitor does with the catalogue, in Chromium: search with suggestions, pick categories up to
// the cap, page through a listing, read the watch history.
import { rmSync } from 'node:fs';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

// Demo clips made by an earlier run (the bench catalogue) are reused: the seed then skips ffmpeg.
describe('the catalogue in Chromium', () => {
  const dataDir = seededDataDir('cat');
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Catalogue Tube' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const json = async <T>(url: string) => (await (await fetch(`${server.url}${url}`)).json()) as T;

  it('suggests after three characters, searches, and remembers the search', async () => {
    const { tags } = await json<{ tags: { dir: string; title: string; total_videos: number }[] }>(
      '/api/json/tags_mvp/86400/all.json',
    );
    const tag = [...tags].sort((a, b) => b.total_videos - a.total_videos)[0];
    expect(tag).toBeDefined();
    const word = (tag?.title ?? '').split(' ')[0] ?? '';

    // The page's clock, to pass the 300 ms pause at once instead of waiting for it.
    await page.clock.install();
    await page.goto(`${server.url}/`);
    await waitForHydration(page, 'header input[type="search"]');
    const input = page.locator('header input[type="search"]').first();
    const panel = page.locator('[data-testid="search-panel"]').first();
    const asked: string[] = [];
    const onRequest = (r: Request) => {
      if (r.url().includes('/api/suggester.php?c=')) asked.push(new URL(r.url()).searchParams.get('c') ?? '');
    };
    page.on('request', onRequest);
    await input.fill(word.slice(0, 2));
    // A call for two characters would be sent within this second of the page's time.
    await page.clock.runFor(1000);
    expect(await panel.isVisible()).toBe(false);

    const suggested = page.waitForResponse((r) => r.url().includes('/api/suggester.php?c='));
    await input.fill(word.slice(0, 4));
    await suggested;
    page.off('request', onRequest);
    // Requests reach the test in the order they were sent: a two-character one would be listed first.
    expect(asked).toEqual([word.slice(0, 4)]);
    await panel.waitFor();
    await expect(panel.innerText()).resolves.toMatch(new RegExp(tag?.title ?? '', 'i'));

    await input.press('Enter');
    await page.waitForURL(/\/search\/1\/\?s=/);
    await page.locator('h1', { hasText: word.slice(0, 4) }).waitFor();
    expect(await page.locator('main a[href^="/video/"]').count()).toBeGreaterThan(0);
    // The search page saves the term with the number of videos it found (content.md §3 history items).
    await page.waitForFunction(
      () => typeof JSON.parse(localStorage.getItem('history_search') ?? '[]')[0]?.total_videos === 'number',
    );
    const history = await page.evaluate(() => localStorage.getItem('history_search'));
    expect(JSON.parse(history ?? '[]')[0]).toMatchObject({ title: word.slice(0, 4) });

    // Clearing the text closes the panel.
    await input.fill('');
    expect(await panel.isVisible()).toBe(false);
  });

  it('keeps the suggestions closed on a search page until the search box is focused', async () => {
    const { tags } = await json<{ tags: { dir: string; title: string; total_videos: number }[] }>(
      '/api/json/tags_mvp/86400/all.json',
    );
    const word =
      ([...tags].sort((a, b) => b.total_videos - a.total_videos)[0]?.title ?? '').split(' ')[0] ?? '';
    // The page's own term is looked up once it has hydrated: the panel stays shut over the results.
    const suggested = page.waitForResponse((r) => r.url().includes('/api/suggester.php?c='));
    await page.goto(`${server.url}/search/1/?s=${encodeURIComponent(word)}`);
    await suggested;
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const panel = page.locator('[data-testid="search-panel"]').first();
    expect(await panel.isVisible()).toBe(false);
    await page.locator('header input[type="search"]').first().focus();
    await panel.waitFor();
    await expect(panel.innerText()).resolves.toMatch(new RegExp(word, 'i'));
  });

  it('adds categories up to three, then removes them back to the category list', async () => {
    const { categories } = await json<{ categories: { dir: string; title: string }[] }>(
      '/api/json/categories/86400/str/count-videos.json',
    );
    const [first] = categories;
    await page.goto(`${server.url}/categories/${first?.dir}/latest-updates/1/`);
    for (let selected = 1; selected < 3; selected++) {
      // The plus button opens the sidebar (e2e/categories.test.ts tests it in detail).
      await waitForHydration(page, 'button.chip--add');
      await page.locator('button.chip--add').click();
      const add = page.locator('a.category-sidebar__item:not([aria-current])').first();
      await add.click();
      await page.waitForFunction(
        (n) => decodeURIComponent(location.pathname).split('/')[2]?.split(',').length === n,
        selected + 1,
      );
    }
    // Three chosen: no fourth can be added, the chosen ones can still be removed. The URL changes a
    // moment before the new page has rendered: wait for the page, not just the address.
    await page.locator('.chip--removable').nth(2).waitFor();
    await page.locator('button.chip--add').waitFor({ state: 'detached' });
    expect(await page.locator('.chip--removable').count()).toBe(3);
    for (let left = 3; left > 1; left--) {
      await page.locator('.chip--removable').first().click();
      await page.waitForFunction(
        (n) => decodeURIComponent(location.pathname).split('/')[2]?.split(',').length === n,
        left - 1,
      );
    }
    await page.locator('.chip--removable').first().click();
    await page.waitForURL(`${server.url}/categories/`);
  });

  it('pages through a listing with client navigation', async () => {
    await page.goto(`${server.url}/videos/latest-updates/1/`);
    const firstPage = await page.locator('.card__title').allInnerTexts();
    expect(firstPage).toHaveLength(60);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    // While page 2's data is held back, the list shows a page of placeholder cards (content.md §4).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/videos\/latest-updates\/2\/?[^/]*\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('nav.pagination a', { hasText: '2' }).first().click();
    await page.locator('[data-placeholders="60"] > i').first().waitFor();
    expect(await page.locator('[data-placeholders] > i').count()).toBe(60);
    release();
    await page.waitForURL(`${server.url}/videos/latest-updates/2/`);
    await page.waitForFunction((title) => {
      // The new page, not the placeholders shown while it loads (they have no titles).
      const first = document.querySelector('.card__title');
      return (
        first !== null && first.textContent !== title && !document.querySelector('[data-placeholders] > i')
      );
    }, firstPage[0]);
    const secondPage = await page.locator('.card__title').allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage[0]).not.toBe(firstPage[0]);
    // No reload happened: the marker set on page 1 is still there.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // A card click is a client navigation too.
    await page.locator('.card > a').first().click();
    await page.waitForURL(/\/video\/\d+\//);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('scrolls a new page to the top, unless its URL carries stopScroll (content.md §2)', async () => {
    const scrollAfter = async (target: string) => {
      await page.goto(`${server.url}/videos/latest-updates/1/`);
      await waitForHydration(page, '.card > a');
      await page.evaluate(() => window.scrollTo(0, 1200));
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(1000);
      const first = await page.locator('.card__title').first().innerText();
      // A card's link, sent somewhere else: the grid turns its click into a client navigation.
      await page
        .locator('.card > a')
        .nth(30)
        .evaluate((a, href) => {
          a.setAttribute('href', href);
          (a as HTMLAnchorElement).click();
        }, target);
      await page.waitForURL(`${server.url}${target}`);
      await page.waitForFunction((t) => {
        const title = document.querySelector('.card__title');
        return (
          title !== null && title.textContent !== t && !document.querySelector('[data-placeholders] > i')
        );
      }, first);
      return { before, after: await page.evaluate(() => window.scrollY) };
    };
    const kept = await scrollAfter('/videos/latest-updates/2/?stopScroll=1');
    expect(Math.abs(kept.after - kept.before)).toBeLessThan(5);
    const reset = await scrollAfter('/videos/latest-updates/2/');
    expect(reset.after).toBe(0);
  });

  it('applies pornstar filters with only the chosen ones in the URL', async () => {
    await page.goto(`${server.url}/pornstars/most-popular/1/`);
    await waitForHydration(page, 'form.filters select[name="hair"]');
    await page.selectOption('form.filters select[name="hair"]', '1');
    await page.locator('form.filters button[type="submit"]').click();
    await page.waitForURL(/\/pornstars\/most-popular\/1\/\?/);
    expect(new URL(page.url()).search).toBe('?hair=1');
  });

  it('reads the watch history of a guest from browser storage', async () => {
    await page.goto(`${server.url}/videos/most-viewed/1/`);
    const href = await page.locator('.card > a').nth(3).getAttribute('href');
    await page.goto(`${server.url}${href}`);
    const title = await page.locator('h1').first().innerText();
    await page.waitForFunction(() => (localStorage.getItem('tc_history') ?? '').includes('video_id'));
    await page.goto(`${server.url}/history/`);
    await page.locator('.card__title', { hasText: title }).first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tc_history') ?? '[]'));
    expect(stored[0]).toMatchObject({ type: 'video', params: { title } });
  });
});
