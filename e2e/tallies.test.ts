// Issue 34 in Chromium (items 4, 6 and 12 of the audit): after a member's vote the line under the video
// title shows the new tally at once; the report form carries the member's e-mail address; the download
// dialog links to the browser extension; the object listings (models, categories, channels, playlists)
// show placeholder tiles in an aria-busy grid while another sort loads. Screenshots at 1280 and 375 px.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { openSuiteSite, type SuiteSite, signUpThroughMail } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const EMAIL = 'tally@example.com';

interface Card {
  video_id: number;
  dir: string;
  title: string;
}

describe('tallies, forms and busy listings in Chromium', () => {
  const dataDir = seededDataDir('tally');
  let site: SuiteSite;
  let member: BrowserContext;
  let page: Page;
  let videos: Card[];

  const json = async <T>(url: string) => (await (await fetch(`${site.url()}${url}`)).json()) as T;
  const pathOf = (v: Card) => `/video/${v.video_id}/${v.dir}/`;

  async function openVideo(p: Page, v: Card) {
    await p.goto(`${site.url()}${pathOf(v)}`);
    await p.waitForLoadState('networkidle');
    await waitForHydration(p, '[data-action="like"]');
  }

  beforeAll(async () => {
    site = await openSuiteSite({ DATA_DIR: dataDir, SITE_NAME: 'Tally Tube' });
    ({ videos } = await json<{ videos: Card[] }>(
      '/api/json/videos2/43200/str/latest-updates/4/videos..1.all.all.all.json',
    ));
    page = await site.page();
    member = page.context();
    await signUpThroughMail(page, site, dataDir, { username: 'tally_member', email: EMAIL });
  }, 200_000);

  afterAll(() => site?.close());

  describe('the video page of a member', () => {
    it('moves the tally under the title at once when the member votes', async () => {
      const video = videos[0] as Card;
      await openVideo(page, video);
      // "100% liked (Likes 2 / Dislikes 0)": the rating, the likes and the dislikes of the line.
      const tally = async () => {
        const text = await page.locator('.watch__stats').innerText();
        const m = text.match(/(\d+)% liked\D*?\(\D*(\d+)\D+(\d+)\)/);
        return m ? { percent: Number(m[1]), likes: Number(m[2]), dislikes: Number(m[3]) } : { text };
      };
      const first = await tally();
      if (!('likes' in first)) throw new Error(`no tally in "${first.text}"`);
      const before = first as { percent: number; likes: number; dislikes: number };
      const vote = page.waitForResponse((r) => r.url().endsWith('/api/input.php'));
      await page.locator('[data-action="like"]').click();
      expect((await vote).status()).toBe(200);
      await page.locator('.notify--success', { hasText: 'Thank you for your vote' }).waitFor();
      // No reload: the line under the title and the button say the same, straight from the answer.
      const percent = Math.round(((before.likes + 1) / (before.likes + 1 + before.dislikes)) * 100);
      await expect
        .poll(tally, { timeout: 5_000 })
        .toEqual({ percent, likes: before.likes + 1, dislikes: before.dislikes });
      expect(Number(await page.locator('[data-action="like"]').innerText())).toBe(before.likes + 1);
      await expect(page.locator('.votes').getAttribute('data-rating')).resolves.toBe(String(percent));
      await page.screenshot({ path: path.join(SHOTS, 'issue34-tally-voted-1280.png') });
    });

    it("fills the report form with the member's e-mail address", async () => {
      await openVideo(page, videos[1] as Card);
      await page.locator('[data-action="report"]').click();
      const dialog = page.getByRole('dialog');
      const email = dialog.locator('input[name="email"]');
      await email.waitFor();
      await expect(email.inputValue()).resolves.toBe(EMAIL);
      await dialog.screenshot({ path: path.join(SHOTS, 'issue34-report-email-1280.png') });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it("links the download dialog to the browser extension (the site's page while no store is set)", async () => {
      const video = videos[1] as Card;
      await page.locator('[data-action="download"]').click();
      const dialog = page.getByRole('dialog', { name: 'Download video' });
      const extension = dialog.getByRole('link', { name: 'Get the extension' });
      await extension.waitFor();
      const href = new URL((await extension.getAttribute('href')) ?? '', site.url());
      expect(href.pathname).toBe('/download/');
      expect(href.searchParams.get('video')).toBe(pathOf(video));
      expect(href.searchParams.get('title')).toBe(video.title);
      await dialog.screenshot({ path: path.join(SHOTS, 'issue34-download-extension-1280.png') });
      await extension.click();
      await page.waitForURL(/\/download\/\?/);
      // The page names the video and says that no store page is set up yet (no made-up store link).
      await page.locator('.extension-page figcaption a', { hasText: video.title }).waitFor();
      await page.locator('[data-extension-unpublished]').waitFor();
      expect(await page.locator('.extension-page a[target="_blank"]').count()).toBe(0);
    });

    it('shows the same at 375 px', async () => {
      const phone = await member.newPage();
      await phone.setViewportSize({ width: 375, height: 812 });
      await openVideo(phone, videos[0] as Card);
      await expect(phone.locator('[data-action="like"]').getAttribute('aria-pressed')).resolves.toBe('true');
      await phone.locator('.watch__stats').scrollIntoViewIfNeeded();
      await phone.screenshot({ path: path.join(SHOTS, 'issue34-tally-voted-375.png') });
      await phone.locator('[data-action="download"]').click();
      await phone.getByRole('dialog').getByRole('link', { name: 'Get the extension' }).waitFor();
      await phone.screenshot({ path: path.join(SHOTS, 'issue34-download-extension-375.png') });
      await phone.close();
    });
  });

  describe('the object listings while another sort loads', () => {
    let guest: BrowserContext;
    afterAll(async () => {
      await guest?.close();
    });

    const listings = [
      {
        name: 'models',
        from: '/pornstars/most-popular/1/',
        to: 'latest-updates',
        tile: '.grid--models .model',
      },
      { name: 'categories', from: '/categories/', to: 'count-videos', tile: '.grid--categories .category' },
      {
        name: 'channels',
        from: '/pornsites/most-popular/1/',
        to: 'latest-updates',
        tile: '.grid--categories .category',
      },
      {
        name: 'playlists',
        from: '/playlists/latest-updates/1/',
        to: 'most-viewed',
        tile: '.grid--categories .category',
      },
    ];

    it.each(listings)(
      '$name: placeholder tiles, as many as the page, in an aria-busy grid',
      async ({ name, from, to, tile }) => {
        guest ??= await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
        const p = await guest.newPage();
        await p.goto(`${site.url()}${from}`);
        await waitForHydration(p, 'nav.tabs a');
        const shown = await p.locator(tile).count();
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        // The next sort's data is held back until the placeholders have been seen.
        await p.route(/\.data(\?|$)/, async (route) => {
          await held;
          await route.continue();
        });
        const tab = p.locator(`nav.tabs a[href*="/${to}/"]`).first();
        const target = (await tab.getAttribute('href')) ?? '';
        await tab.click();
        const busy = p.locator('[aria-busy="true"][data-placeholders]');
        await busy.waitFor();
        const count = Number(await busy.getAttribute('data-placeholders'));
        expect(count).toBe(shown || count);
        expect(await busy.locator('.tile--placeholder, .model--placeholder').count()).toBe(count);
        // No real tile is left on the page while it loads.
        expect(await p.locator('.grid--models a[href], .grid--categories a[href]').count()).toBe(0);
        if (name === 'models' || name === 'channels') {
          await p.screenshot({ path: path.join(SHOTS, `issue34-${name}-placeholders-1280.png`) });
        }
        release();
        await p.waitForURL(site.url(target));
        await busy.waitFor({ state: 'detached' });
        expect(await p.locator('[data-placeholders]').count()).toBe(0);
        await p.close();
      },
    );

    it('models at 375 px', async () => {
      const phone = await site.browser.newPage({ viewport: { width: 375, height: 812 } });
      await phone.goto(`${site.url()}/pornstars/most-popular/1/`);
      await waitForHydration(phone, 'nav.tabs a');
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await phone.route(/\.data(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await phone.locator('nav.tabs a[href*="/latest-updates/"]').first().click();
      await phone.locator('[aria-busy="true"][data-placeholders]').waitFor();
      await phone.screenshot({ path: path.join(SHOTS, 'issue34-models-placeholders-375.png') });
      release();
      await phone.locator('[data-placeholders]').waitFor({ state: 'detached' });
      await phone.close();
    });
  });
});
