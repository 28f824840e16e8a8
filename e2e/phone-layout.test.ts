// Watching at phone widths and the video page's layout in Chromium (issue 20): the pause ad scaled whole
// into a phone's player with its close button on screen, the promo artwork whole, banners marked loaded
// when their image finished before hydration, no empty ad column for members, the embed's pause ad
// beside (never over) its related overlay, and the view call's home flag after a click on the home page.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../server/test/mail.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { type Box, box, inside, overlap } from './geometry.ts';
import { setOperatorBanners } from './operator-banners.ts';
import { editSeededDatabase, seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

interface Card {
  video_id: number;
  dir: string;
  title: string;
}

describe('watching at phone widths and the video page layout', () => {
  const dataDir = seededDataDir('phone-layout');
  let server: RunningServer;
  let browser: Browser;
  let video: Card;
  const contexts: BrowserContext[] = [];

  const pathOf = (v: Card) => `/video/${v.video_id}/${v.dir}/`;

  /** A guest past the age gate at this viewport. */
  async function guestPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('_agv', '1'));
    return context.newPage();
  }

  /** Plays the page's video a moment, then pauses it: the pause state with its overlays. */
  async function playThenPause(page: Page) {
    await waitForHydration(page, '[data-testid="player-play"]');
    await page.locator('[data-testid="player-play"]').click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3);
    await page.evaluate(() => document.querySelector('video')?.pause());
    await page.waitForFunction(
      () => document.querySelector('[data-testid="player"]')?.getAttribute('data-state') === 'paused',
    );
  }

  /** The pause ad's creative as shown (scaled), once it has been measured (hidden until then). */
  async function pauseAdBox(page: Page): Promise<Box> {
    const creative = page.locator('[data-testid="player-pause-ad"] .ad-box');
    await creative.waitFor({ state: 'visible' });
    return box(page, '[data-testid="player-pause-ad"] .ad-box');
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await editSeededDatabase(dataDir, setOperatorBanners);
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Phone Tube' });
    browser = await launchChromium();
    const res = await fetch(
      `${server.url}/api/json/videos2/43200/str/most-popular/1/videos..1.all.all.all.json`,
    );
    video = ((await res.json()) as { videos: Card[] }).videos[0] as Card;
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const width of [375, 320]) {
    it(`fits the pause ad whole into the player at ${width} px, its close button on screen and working`, async () => {
      const page = await guestPage(width, 740);
      await page.goto(`${server.url}${pathOf(video)}`);
      await playThenPause(page);
      const player = await box(page, '[data-testid="player"]');
      const ad = await pauseAdBox(page);
      const close = await box(page, '.player__pause-ad-close');
      const viewport = { x: 0, y: 0, width, height: 740 };
      // The house creative is 300x250: at this width the player is too low for it, so it is scaled.
      expect(player.height).toBeLessThan(250);
      expect(inside(ad, player)).toBe(true);
      expect(ad.width / ad.height).toBeCloseTo(300 / 250, 1);
      expect(inside(close, player)).toBe(true);
      expect(inside(close, viewport)).toBe(true);
      // Above the seek bar and its buttons, which stay usable.
      const seek = await box(page, '[data-testid="player-seek"]');
      expect(ad.y + ad.height).toBeLessThanOrEqual(seek.y + 0.5);
      // The control bar keeps its last button (fullscreen) inside the player too.
      const buttons = await page.locator('.player__bar button:visible').all();
      for (const button of buttons) {
        const b = await button.boundingBox();
        expect(b && inside(b, player)).toBe(true);
      }
      if (width === 375) {
        await page.screenshot({ path: path.join(SHOTS, 'layout-video-guest-paused-375.png') });
      }
      // Reachable: a real click (Playwright checks nothing covers it) closes the ad.
      await page.locator('.player__pause-ad-close').click();
      await page.locator('[data-testid="player-pause-ad"]').waitFor({ state: 'detached' });
    });
  }

  it('shows every card date whole at 375 px, never cut off with an ellipsis (issue 34)', async () => {
    const page = await guestPage(375, 800);
    await page.goto(`${server.url}/videos/latest-updates/1/`);
    await page.locator('.card__meta > time').first().waitFor({ state: 'visible' });
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.card__meta > time')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
  });

  it('shows the promo artwork whole at 375 px, keeping its natural aspect', async () => {
    const page = await guestPage(375, 740);
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.promo-banner img');
      return img?.complete && img.naturalWidth > 0;
    });
    const natural = await page.evaluate(() => {
      const img = document.querySelector('.promo-banner img') as HTMLImageElement;
      return { width: img.naturalWidth, height: img.naturalHeight, src: img.currentSrc };
    });
    // The phone creative (creo.mobile) at 767 px or less.
    expect(natural.src).toContain('/ads/house/320x100-promo.svg');
    const img = await box(page, '.promo-banner img');
    const banner = await box(page, '.promo-banner');
    expect(img.width / img.height).toBeCloseTo(natural.width / natural.height, 1);
    expect(inside(img, banner)).toBe(true);
    expect(inside(img, { x: 0, y: 0, width: 375, height: 10_000 })).toBe(true);
  });

  it('marks the promo and the ad column loaded when their images finished before hydration', async () => {
    const page = await guestPage(1280, 900);
    // The page's scripts wait until every banner image above the fold has loaded: their load events fire
    // before React listens.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}${pathOf(video)}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('.promo-banner img, .ad-aside img')];
      return images.length === 3 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    expect(await page.evaluate(() => Boolean(document.querySelector('[data-testid="player"]')))).toBe(true);
    release();
    await page.locator('.promo-banner.promo-banner--loaded').waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.querySelectorAll('.ad-aside .ad-box--loaded').length === 2);
  });

  it("gives a member's player the ad column's width (members see no ads)", async () => {
    const guest = await guestPage(1280, 900);
    await guest.goto(`${server.url}${pathOf(video)}`);
    const guestPlayer = await box(guest, '[data-testid="player"]');
    expect(await guest.locator('.watch__aside .ad-aside').count()).toBe(1);

    const member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(member);
    const page = await member.newPage();
    const signup = await page.request.post(`${server.url}/api/signup.php`, {
      form: { username: 'layout_member', email: 'layout@example.com', password: 'secret12' },
    });
    expect(signup.status()).toBe(200);
    const mail = readOutbox(dataDir).find((m) => m.to.includes('layout@example.com'));
    const link = new URL(mail?.link ?? '');
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.locator('header .user-menu__toggle').waitFor();
    await page.goto(`${server.url}${pathOf(video)}`);
    await waitForHydration(page, '[data-testid="player-play"]');
    const player = await box(page, '[data-testid="player"]');
    // The 300 px column and its gap go to the player: the whole content width.
    expect(player.width).toBeGreaterThan(guestPlayer.width + 300);
    const main = await box(page, '.watch');
    expect(player.width).toBeCloseTo(main.width, 0);
    expect(await page.locator('.watch__aside').count()).toBe(0);
    expect(await page.locator('.promo-banner').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'layout-video-member-1280.png') });
  });

  it("shows the embed's pause ad beside its related overlay, not over it", async () => {
    const page = await guestPage(640, 360);
    await page.goto(`${server.url}/embed/${video.video_id}/${video.dir}/`);
    await playThenPause(page);
    await page.locator('[data-testid="player-related"]').waitFor();
    const ad = await pauseAdBox(page);
    const related = await box(page, '[data-testid="player-related"]');
    const player = await box(page, '[data-testid="player"]');
    expect(overlap(ad, related)).toBe(false);
    expect(inside(ad, player)).toBe(true);
    expect(ad.width / ad.height).toBeCloseTo(300 / 250, 1);
    // Both take clicks: the related list's first video and the ad's close button.
    expect(await page.locator('[data-testid="player-related"] a').first().isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'layout-embed-paused-640.png') });
    // Closing the ad gives the related grid the whole player again.
    await page.locator('.player__pause-ad-close').click();
    await page.locator('[data-testid="player-pause-ad"]').waitFor({ state: 'detached' });
    expect((await box(page, '[data-testid="player-related"]')).width).toBeCloseTo(player.width, 0);
  });

  it('shows only the pause ad in an embed too narrow for the related overlay', async () => {
    const page = await guestPage(400, 225);
    await page.goto(`${server.url}/embed/${video.video_id}/${video.dir}/`);
    await playThenPause(page);
    const ad = await pauseAdBox(page);
    expect(await page.locator('[data-testid="player-related"]').count()).toBe(0);
    expect(inside(ad, await box(page, '[data-testid="player"]'))).toBe(true);
    expect(inside(await box(page, '.player__pause-ad-close'), { x: 0, y: 0, width: 400, height: 225 })).toBe(
      true,
    );
  });

  describe("the view call's home flag (content.md §7)", () => {
    const isView = (r: Request) =>
      r.url().endsWith('/api/input.php') &&
      r.method() === 'POST' &&
      new URLSearchParams(r.postData() ?? '').get('act') === 'view';

    /** Plays the page's video and returns the view call's form. */
    async function viewOf(page: Page): Promise<URLSearchParams> {
      const view = page.waitForRequest(isView);
      await waitForHydration(page, '[data-testid="player-play"]');
      await page.locator('[data-testid="player-play"]').click();
      return new URLSearchParams((await view).postData() ?? '');
    }

    it('carries home=1 after a click on a card of the home page, and not after one on the video page', async () => {
      const page = await guestPage(1280, 900);
      await page.goto(`${server.url}/`);
      await waitForHydration(page, '.home .card > a');
      const card = page.locator('.home .card > a').first();
      const href = (await card.getAttribute('href')) ?? '';
      await card.click();
      await page.waitForURL((url) => url.pathname === href);
      // A client navigation: the document (and its referrer) is still the one loaded first.
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
      expect(await page.evaluate(() => document.referrer)).toBe('');
      const first = await viewOf(page);
      expect(first.get('object_id')).toBe(href.split('/')[2]);
      expect(first.get('home')).toBe('1');

      // From this video page to a related one: not from the home page.
      const related = page.locator('section.related .card > a').first();
      await related.waitFor();
      const next = (await related.getAttribute('href')) ?? '';
      await related.click();
      await page.waitForURL((url) => url.pathname === next);
      const second = await viewOf(page);
      expect(second.get('object_id')).toBe(next.split('/')[2]);
      expect(second.get('home')).toBeNull();
    });

    it('carries home=1 on a full load from the home page (its referrer)', async () => {
      const page = await guestPage(1280, 900);
      await page.goto(`${server.url}/`);
      await Promise.all([
        page.waitForURL(`${server.url}${pathOf(video)}`),
        page.evaluate((to) => location.assign(to), pathOf(video)),
      ]);
      expect(await page.evaluate(() => document.referrer)).toBe(`${server.url}/`);
      expect((await viewOf(page)).get('home')).toBe('1');
      // A full load from another page does not.
      await page.goto(`${server.url}/videos/latest-updates/1/`);
      await Promise.all([
        page.waitForURL(`${server.url}${pathOf(video)}`),
        page.evaluate((to) => location.assign(to), pathOf(video)),
      ]);
      expect((await viewOf(page)).get('home')).toBeNull();
    });
  });
});
