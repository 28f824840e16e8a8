// The demo as a visitor meets it (issue 20), on the shared demo-seeded site with the seed's house
// pre-roll switched back on: a guest's video page asks the site's own VAST tag, plays its test-pattern
// ad (skippable after 5 s) and counts its impression through the site's pixel, then the long demo
// video through hls.js; a member gets no pre-roll; the models listing shows the generated portraits.
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../server/modules/accounts/password.ts';
import { HOUSE_PREROLL_MEDIA_PATH, HOUSE_PREROLL_PATH } from '../server/modules/ads/house-preroll.ts';
import { DEMO_LONG_VIDEOS } from '../server/seed/demo-long-videos.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { editSeededDatabase, seededDataDir, setDemoPreroll } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = path.join(os.tmpdir(), 'shots');
const MEMBER = { usr: 'demo_viewer', pwd: 'secret12' };

interface Card {
  video_id: number;
  dir: string;
  title: string;
  duration: string;
}

describe('the demo pre-roll, long HLS videos and model portraits in Chromium', () => {
  const dataDir = seededDataDir('demo-ads');
  let server: RunningServer;
  let browser: Browser;
  let long: Card;
  const contexts: BrowserContext[] = [];

  async function newPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('_agv', '1'));
    return context.newPage();
  }

  const mainVideo = (page: Page) =>
    page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player"] video:not(.preroll__video)');
      return v ? { src: v.currentSrc, paused: v.paused, time: v.currentTime } : null;
    });

  async function waitForMainPlayback(page: Page, timeout = 20_000) {
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>(
          '[data-testid="player"] video:not(.preroll__video)',
        );
        return v !== null && !v.paused && v.currentTime > 0.5;
      },
      undefined,
      { timeout },
    );
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await editSeededDatabase(dataDir, async (db) => {
      await setDemoPreroll(db, true);
      await db
        .insertInto('users')
        .values({
          username: MEMBER.usr,
          email: 'demo_viewer@example.com',
          status: 'active',
          role: 'member',
          password_hash: await hashPassword(MEMBER.pwd),
          email_confirmed_at: new Date(),
        })
        .execute();
    });
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Demo Tube' });
    browser = await launchChromium();
    const res = await fetch(`${server.url}/api/json/videos2/43200/str/longest/60/videos..1.all.all.all.json`);
    const { videos } = (await res.json()) as { videos: Card[] };
    const found = videos.find((v) => v.title === DEMO_LONG_VIDEOS[0]!.title);
    if (!found) throw new Error('the long demo video is not listed');
    long = found;
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const watch = (v: Card) => `${server.url}/video/${v.video_id}/${v.dir}/`;

  it('lists a demo video over 1800 s whose file list has an HLS master', async () => {
    expect(long.duration).toBe('31:00');
    const res = await fetch(`${server.url}/api/videofile.php?video_id=${long.video_id}`);
    const files = (await res.json()) as { duration: number; hls_url: string | null };
    expect(files.duration).toBe(1860);
    expect(files.hls_url).toBe(`/media/videos/${long.video_id}/hls/master.m3u8`);
  });

  it("plays a guest the site's own VAST pre-roll, skippable after 5 s, then the video through HLS", async () => {
    const page = await newPage(1280, 900);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // VAST 3.0's required impression: the site's own analytics pixel, its cache buster filled in.
    const impressions: string[] = [];
    const pixel = `${server.url}/api/stats.php?goal=house_preroll_impression&cb=`;
    page.on('response', (response) => {
      if (response.url().startsWith(pixel)) impressions.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(watch(long));
    await waitForHydration(page, '[data-testid="player-play"]');
    await page.locator('[data-testid="player-play"]').click();

    const label = page.locator('.preroll__label');
    await label.waitFor({ timeout: 10_000 });
    expect(await label.innerText()).toBe('Ad');
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('.preroll__video')?.currentTime ?? 0) > 0.5,
      undefined,
      { timeout: 10_000 },
    );
    expect(requested.filter((url) => url === `${server.url}${HOUSE_PREROLL_PATH}`)).toHaveLength(1);
    expect(
      await page.evaluate(() => document.querySelector<HTMLVideoElement>('.preroll__video')?.currentSrc),
    ).toBe(`${server.url}${HOUSE_PREROLL_MEDIA_PATH}`);
    await expect.poll(() => impressions.length).toBe(1);
    expect(impressions[0]).toMatch(/^204 .*&cb=\d+$/);
    // Nothing outside the site: the house ad needs no ad network.
    expect(requested.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith('data:'))).toEqual(
      [],
    );
    // The video waits under the ad.
    expect((await mainVideo(page))?.paused).toBe(true);
    const skip = page.locator('.preroll__skip');
    expect(await skip.isDisabled()).toBe(true);
    expect(await skip.innerText()).toMatch(/^Skip in [1-5] s$/);
    await page.screenshot({ path: path.join(SHOTS, 'demo-preroll-1280.png') });

    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('.preroll__skip')?.disabled,
      undefined,
      { timeout: 10_000 },
    );
    expect(await skip.innerText()).toBe('Skip ad');
    await skip.click();
    expect(await page.locator('.preroll').count()).toBe(0);

    // The long video: hls.js on Media Source (a blob: source), its fMP4 segments from the site.
    await waitForMainPlayback(page);
    expect((await mainVideo(page))?.src).toMatch(/^blob:/);
    const hls = `${server.url}/media/videos/${long.video_id}/hls/`;
    expect(requested).toContain(`${hls}master.m3u8`);
    expect(requested).toContain(`${hls}180p/index.m3u8`);
    expect(requested.some((url) => url.startsWith(`${hls}180p/seg_`) && url.endsWith('.m4s'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'demo-hls-after-ad-1280.png') });
  });

  it('gives a member no pre-roll: the long video plays through HLS at once', async () => {
    const page = await newPage(1280, 900);
    const login = await page.request.post(`${server.url}/api/login.php`, {
      form: MEMBER,
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(200);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(watch(long));
    await waitForHydration(page, '[data-testid="player-play"]');
    expect(await page.locator('.ad-box, .promo-banner').count()).toBe(0);
    await page.locator('[data-testid="player-play"]').click();
    await waitForMainPlayback(page);
    expect(await page.locator('.preroll').count()).toBe(0);
    expect(requested.some((url) => url.includes(HOUSE_PREROLL_PATH))).toBe(false);
    expect((await mainVideo(page))?.src).toMatch(/^blob:/);
    await page.locator('[data-testid="player-quality"]').click();
    const items = page.locator('[data-testid="player-quality-menu"] [role="menuitemradio"]');
    expect(await items.allTextContents()).toEqual(['Auto', '180p']);
  });

  it('plays a looped demo clip over 1800 s through HLS cut at seed time, its rungs to choose (issue 29)', async () => {
    const res = await fetch(`${server.url}/api/json/videos2/43200/str/longest/60/videos..1.all.all.all.json`);
    const { videos } = (await res.json()) as { videos: Card[] };
    // The longest demo clip (Studio Session Colour Bars, 640x360): 58 minutes, one 8 s segment looped.
    const clip = videos.find((v) => v.duration === '58:00');
    if (!clip) throw new Error('no 58:00 demo clip is listed');
    const answer = await fetch(`${server.url}/api/videofile.php?video_id=${clip.video_id}`);
    const files = (await answer.json()) as { duration: number; hls_url: string | null };
    expect(files.duration).toBe(3480);
    expect(files.hls_url).toMatch(/^\/media\/demo\/clip-\d\d\/hls\/master\.m3u8$/);

    const page = await newPage(1280, 900);
    const login = await page.request.post(`${server.url}/api/login.php`, {
      form: MEMBER,
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(200);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(watch(clip));
    await waitForHydration(page, '[data-testid="player-play"]');
    await page.locator('[data-testid="player-play"]').click();
    await waitForMainPlayback(page);
    expect((await mainVideo(page))?.src).toMatch(/^blob:/);
    const hls = `${server.url}${files.hls_url!.replace(/master\.m3u8$/, '')}`;
    expect(requested).toContain(`${hls}master.m3u8`);
    const ofClip = requested.filter((url) => url.startsWith(hls));
    expect(ofClip.some((url) => /\/(240p|360p)\/index\.m3u8$/.test(url))).toBe(true);
    expect(ofClip.some((url) => /\/(240p|360p)\/seg_\d{5}\.m4s$/.test(url))).toBe(true);
    await page.locator('[data-testid="player-quality"]').click();
    const items = page.locator('[data-testid="player-quality-menu"] [role="menuitemradio"]');
    expect(await items.allTextContents()).toEqual(['Auto', '360p', '240p']);
  });

  for (const width of [1280, 375]) {
    it(`shows the models with their generated portraits at ${width} px`, async () => {
      const page = await newPage(width, 900);
      await page.goto(`${server.url}/pornstars/`);
      await page.locator('.model__photo img').first().waitFor();
      // Every card's picture is a portrait of its own, loaded whole (the lazy ones once scrolled to).
      const photos = page.locator('.model__photo img');
      const count = await photos.count();
      expect(count).toBeGreaterThan(10);
      const sources = await photos.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
      expect(sources.every((src) => /\/media\/demo\/portraits-\d+\/[a-z0-9-]+\.webp$/.test(src))).toBe(true);
      expect(new Set(sources).size).toBe(count);
      await page.waitForFunction(() => {
        const first = document.querySelector<HTMLImageElement>('.model__photo img');
        return first?.complete && first.naturalWidth > 0;
      });
      expect(await photos.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);
      await page.screenshot({ path: path.join(SHOTS, `demo-models-${width}.png`) });
    });
  }
});
