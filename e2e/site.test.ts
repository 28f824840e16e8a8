import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/database.ts';
import { launchChromium } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const SITE_NAME = 'E2E Tube';

async function countVideos(dataDir: string): Promise<{ videos: number; seeded: unknown }> {
  const handle = await openDatabase({ dataDir });
  try {
    const videos = await handle.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const seeded = await handle.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'demo_seeded')
      .executeTakeFirst();
    return { videos: Number(videos.n), seeded: seeded?.value };
  } finally {
    await handle.close();
  }
}

describe('a fresh site in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-'));
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME });
    console.log(`first start on an empty data dir: healthy after ${server.healthyAfterMs} ms`);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeded the demo catalogue on first start and logged where the site is', () => {
    expect(server.output()).toContain('creating the demo catalogue');
    expect(server.output()).toMatch(/Site at http:\/\/localhost:\d+\//);
  });

  it('shows the home page with the shell and video cards', async () => {
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain(SITE_NAME);
    await page.locator('header').first().waitFor();
    const footer = await page.locator('footer').first().innerText();
    expect(footer).toContain(`${new Date().getFullYear()} ${SITE_NAME}`);
    const cards = page.locator('a[href^="/video/"]');
    expect(await cards.count()).toBeGreaterThan(10);
  });

  it('follows a link to a listing by client-side navigation', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    // A marker on window survives client-side navigation and is lost on a full page load.
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await page.locator('a[href^="/videos/"]').first().click();
    await page.waitForURL(/\/videos\/[a-z-]+\/1\/$/);
    await page.locator('a[href^="/video/"]').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.locator('h1').first().innerText()).not.toBe('');
  });

  it('opens a video page whose player loads the video', async () => {
    await page.goto(`${server.url}/videos/latest-updates/1/`);
    const firstCard = page.locator('a[href^="/video/"]').first();
    const href = await firstCard.getAttribute('href');
    await firstCard.click();
    await page.waitForURL(`${server.url}${href}`);
    // The player's own <video> (a card's hover preview under the pointer is a <video> too).
    const video = page.locator('[data-testid="player-video"]');
    await video.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]');
      return v !== null && v.readyState >= 1 && v.duration > 0;
    });
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(5);
  });

  it('shows the 404 page with status 404 for an unknown path and a page above 20', async () => {
    for (const url of ['/no-such-page/', '/videos/latest-updates/21/']) {
      const response = await page.goto(`${server.url}${url}`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('body').innerText()).resolves.toContain('Content not found!');
    }
  });

  it('stops cleanly on SIGTERM and a second start keeps everything without seeding again', async () => {
    expect(await server.stop()).toBe(0);
    const first = await countVideos(dataDir);
    expect(first.videos).toBeGreaterThanOrEqual(150);

    const again = await startServer({ DATA_DIR: dataDir, SITE_NAME });
    try {
      console.log(`second start on the same data dir: healthy after ${again.healthyAfterMs} ms`);
      expect(again.output()).not.toContain('creating the demo catalogue');
      const res = await fetch(`${again.url}/videos/latest-updates/1/`);
      expect(res.status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
    expect(await countVideos(dataDir)).toEqual(first);
  });
});
