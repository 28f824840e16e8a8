// First-party analytics in Chromium (issue 17; shell.md §7, content.md §2): a page view after every
// navigation — the first load included — with the route name and the `campaign` query parameter, and
// the tablink_click goal, sent by the page in batches to /api/stats.php; the server stages them and
// writes stats_daily (read after the server stops: PGlite is one process's). Client-side navigation goes
// through the app's own router.
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

interface SentEvent {
  type: 'hit' | 'goal';
  route?: string;
  campaign?: string;
  name?: string;
}

describe('analytics in Chromium', () => {
  const dataDir = seededDataDir('analytics');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Counting Tube' };
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let video = { id: 0, dir: '' };
  const sent: SentEvent[] = [];
  const answers: number[] = [];
  const browserErrors: string[] = [];

  beforeAll(async () => {
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      const row = await handle.db
        .selectFrom('videos')
        .select(['id', 'dir'])
        .where('status', '=', 1)
        .where('is_private', '=', false)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      video = { id: Number(row.id), dir: row.dir };
    } finally {
      await handle.close();
    }
    server = await startServer(env, 300_000);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => browserErrors.push(String(error)));
    page.on('request', (request: Request) => {
      if (!request.url().endsWith('/api/stats.php')) return;
      const body = JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[] };
      sent.push(...(body.events ?? []));
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/api/stats.php')) answers.push(response.status());
    });
  }, 400_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Client-side navigation, as a link would do it: the router of the hydrated page. */
  const navigate = async (to: string) => {
    await page.evaluate(async (href) => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter;
      await router.navigate(href);
    }, to);
  };
  const hits = () => sent.filter((e) => e.type === 'hit');
  const waitForSent = async (what: (events: SentEvent[]) => boolean, label: string) => {
    const deadline = Date.now() + 20_000;
    while (!what(sent)) {
      if (Date.now() > deadline) throw new Error(`not sent: ${label}; sent ${JSON.stringify(sent)}`);
      await page.waitForTimeout(100);
    }
  };

  it('sends a page view after the first load and after every client-side navigation', async () => {
    await page.goto(`${server.url}/`);
    await waitForHydration(page, 'header a');
    const videoPath = `/video/${video.id}/${video.dir}/?campaign=test1`;
    await navigate(videoPath);
    await page.waitForURL(/campaign=test1/);
    expect(new URL(page.url()).pathname).toBe(`/video/${video.id}/${video.dir}/`);
    await navigate('/videos/latest-updates/1/');
    await page.waitForURL(/\/videos\/latest-updates\/1\/$/);
    // A click on a sort tab is a goal, and its navigation another page view.
    const tab = page.locator('.tabs a').nth(1);
    const tabHref = await tab.getAttribute('href');
    await tab.click();
    await page.waitForURL((url) => url.pathname === tabHref?.split('?')[0]);
    // Batched: the page sends within a few seconds of the events (not one call per event).
    await waitForSent(
      (events) => events.filter((e) => e.type === 'hit').length >= 4 && events.some((e) => e.type === 'goal'),
      'four page views and the tab goal',
    );
    expect(hits()).toEqual([
      { type: 'hit', route: 'routes/home' },
      { type: 'hit', route: 'routes/video', campaign: 'test1' },
      { type: 'hit', route: 'routes/videos' },
      { type: 'hit', route: 'routes/videos' },
    ]);
    expect(sent.filter((e) => e.type === 'goal')).toEqual([{ type: 'goal', name: 'tablink_click' }]);
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(browserErrors).toEqual([]);
  });

  it('counts them in stats_daily (the flush every 5 s, and the last one at shutdown)', async () => {
    // Past one flush interval; then the server stops (SIGTERM flushes what is left) so the test can
    // open its PGlite database.
    await page.waitForTimeout(6000);
    await context.close();
    expect(await server.stop()).toBe(0);
    const handle = await openDatabase(loadConfig(env));
    try {
      const rows = await handle.db
        .selectFrom('stats_daily')
        .select(['metric', 'name', 'count'])
        .where('day', '=', new Date().toISOString().slice(0, 10))
        .where('metric', 'in', ['page_view', 'goal', 'campaign'])
        .execute();
      const counted = Object.fromEntries(rows.map((r) => [`${r.metric}|${r.name}`, Number(r.count)]));
      expect(counted).toEqual({
        'page_view|routes/home': 1,
        'page_view|routes/video': 1,
        'page_view|routes/videos': 2,
        'campaign|test1': 1,
        'goal|tablink_click': 1,
      });
    } finally {
      await handle.close();
    }
  });
});
