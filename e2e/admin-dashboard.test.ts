// The console's dashboard in Chromium (issue 17): a moderator signs in, opens /admin/, sees the tiles,
// the charts over 30 days (stats_daily rows seeded here, as the analytics flusher writes them), and a
// video.process job that failed with its error; presses Retry and sees the job go back in its queue
// and run again. Screenshots at 1280 and 375 px in /tmp/shots/.
//
// The failed job is a real one: before the server starts, this process runs the real pipeline handler
// on pg-boss against the same database, with object storage unreachable (every read throws) and no
// retries left, so pg-boss records it failed with the pipeline's error. The server's start-up sweep
// then processes the video itself (status 2 without a live job); the retried job runs afterwards and
// completes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, type Dashboard } from '../contract/admin-dashboard.ts';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { defineJob } from '../server/jobs/job.ts';
import { PgBossQueue } from '../server/jobs/pg-boss-queue.ts';
import { processVideoJob, processVideoKey } from '../server/pipeline/definitions.ts';
import { processVideoHandler } from '../server/pipeline/pipeline-jobs.ts';
import type { Storage } from '../server/storage/storage.ts';
import { insertUploadedVideo, makeClipFiles } from '../server/test/moderation-fixtures.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = '/tmp/shots';
const OUTAGE = 'connect ECONNREFUSED 10.0.0.9:9000 (object storage unreachable)';

const dayAgo = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d;
};

describe('the console dashboard in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-dash-'));
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Dashboard Tube', SEED_DEMO: 'false', CATALOG_CACHE: 'off' };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let failedJobId = '';
  let harbourId = 0;

  beforeAll(async () => {
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      const db = handle.db;
      await services.accounts.createUser({
        username: 'e2e_staff',
        email: 'staff@example.com',
        password: 'secret12',
        role: 'moderator',
      });
      // Members who signed up over the month, and their uploads: the sign-up and upload charts. A fixed
      // pattern (no randomness): a few a day, more at weekends, none on some days.
      const clip = await makeClipFiles(3);
      const signups = [
        2, 0, 1, 3, 2, 4, 1, 0, 2, 5, 3, 1, 2, 2, 0, 1, 4, 6, 3, 2, 1, 3, 5, 4, 2, 3, 6, 4, 3, 5,
      ];
      let n = 0;
      for (const [index, count] of signups.entries()) {
        const back = 29 - index;
        for (let i = 0; i < count; i += 1) {
          n += 1;
          const joined = new Date(dayAgo(back).getTime() - i * 3_600_000);
          const { id } = await db
            .insertInto('users')
            .values({
              username: `member_${n}`,
              email: `member${n}@example.com`,
              status: 'active',
              created_at: joined,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Every third member uploads the day they join; some uploads carry files (storage used).
          if (n % 3 === 0) {
            if (n % 9 === 0) {
              await insertUploadedVideo(db, services.storage, clip, {
                title: `Test Pattern ${n}`,
                userId: Number(id),
                status: n % 2 === 0 ? 1 : 3,
                minutesAgo: Math.round((Date.now() - joined.getTime()) / 60_000),
              });
            } else {
              await db
                .insertInto('videos')
                .values({
                  dir: `colour-bars-${n}`,
                  title: `Colour Bars ${n}`,
                  user_id: Number(id),
                  status: 1,
                  created_at: joined,
                })
                .execute();
            }
          }
        }
      }
      // A month of traffic as the analytics flusher writes it: page views by route, video views, goals.
      const rows = [];
      for (let back = 29; back >= 0; back -= 1) {
        const day = dayAgo(back).toISOString().slice(0, 10);
        const wave = 1 + 0.35 * Math.sin(back / 2.3) + (29 - back) / 40;
        const weekend = [0, 6].includes(dayAgo(back).getUTCDay()) ? 1.3 : 1;
        rows.push(
          { day, metric: 'page_view', name: 'home', count: Math.round(820 * wave * weekend) },
          { day, metric: 'page_view', name: 'video', count: Math.round(1460 * wave * weekend) },
          { day, metric: 'page_view', name: 'search', count: Math.round(240 * wave) },
          { day, metric: 'video_view', name: '', count: Math.round(1190 * wave * weekend) },
          { day, metric: 'goal', name: 'tablink_click', count: Math.round(60 * wave) },
          { day, metric: 'goal', name: 'player_play', count: Math.round(95 * wave * weekend) },
        );
      }
      // Two quiet days with no rows at all: the charts show them as 0.
      const quiet = new Set([dayAgo(12), dayAgo(13)].map((d) => d.toISOString().slice(0, 10)));
      await db
        .insertInto('stats_daily')
        .values(rows.filter((r) => !quiet.has(r.day)))
        .execute();
      await db
        .insertInto('reports')
        .values({ subject: 'Abuse', email: 'viewer@example.com', message: 'Please look at this video.' })
        .execute();

      // The upload whose processing fails: its source is stored, but storage is down when the job runs.
      const harbour = await insertUploadedVideo(db, services.storage, clip, {
        title: 'Harbour Test Pattern',
        userId: null,
        status: 2,
        minutesAgo: 20,
      });
      harbourId = harbour.id;
      const sourceKey = `videos/${harbour.id}/source.mp4`;
      const stored = await services.storage.putFile(sourceKey, clip.mp4, {
        contentType: 'application/octet-stream',
      });
      await db
        .insertInto('video_files')
        .values({
          video_id: harbour.id,
          kind: 'source',
          format: 'mp4',
          storage_key: sourceKey,
          mime: 'application/octet-stream',
          width: 320,
          height: 180,
          size_bytes: stored.size,
        })
        .execute();
      const unreachable = new Proxy(services.storage, {
        get(target, prop) {
          if (prop === 'exists' || prop === 'get' || prop === 'stat') {
            return async () => {
              throw new Error(OUTAGE);
            };
          }
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as Storage;
      const queue = new PgBossQueue(handle, { pollingIntervalSeconds: 0.5 });
      const noRetries = defineJob({
        ...processVideoJob,
        retry: { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false },
      });
      try {
        await queue.register([noRetries]);
        await queue.work(noRetries, processVideoHandler({ db, storage: unreachable }));
        failedJobId = (await queue.enqueue(
          processVideoJob,
          { videoId: harbour.id },
          { singletonKey: processVideoKey(harbour.id) },
        )) as string;
        const until = Date.now() + 30_000;
        while ((await queue.info(processVideoJob, failedJobId))?.state !== 'failed') {
          if (Date.now() > until) throw new Error('the job never failed');
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await queue.stop({ timeoutMs: 1000 });
      }
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const dashboard = async (): Promise<Dashboard> => {
    const res = await page.request.get(`${server.url}${DASHBOARD_PATH}?days=30`);
    expect(res.status()).toBe(200);
    return (await res.json()) as Dashboard;
  };

  it('is a 403 for a guest', async () => {
    const res = await page.goto(`${server.url}/admin/`);
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { name: 'You do not have permission to view.' }).waitFor();
  });

  it('shows a moderator the work waiting, the charts and the failed job with its error', async () => {
    await page.goto(`${server.url}/signin/`);
    await page.waitForLoadState('networkidle');
    await page.locator('main input[name="usr"]').fill('e2e_staff');
    await page.locator('main input[name="pwd"]').fill('secret12');
    await page.locator('main button[type="submit"]').first().click();
    await page.locator('header .user-menu__toggle').waitFor();

    // The server's start-up sweep processes the stranded video itself; the failed job stays failed.
    const until = Date.now() + 90_000;
    for (;;) {
      const now = await dashboard();
      const busy = now.jobs.recent.some(
        (j) => j.id !== failedJobId && ['created', 'retry', 'active'].includes(j.state),
      );
      if (!busy && now.counts.processing === 0) break;
      if (Date.now() > until) throw new Error(`the sweep's job never finished: ${JSON.stringify(now.jobs)}`);
      await new Promise((r) => setTimeout(r, 500));
    }

    const res = await page.goto(`${server.url}/admin/`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page, '.dash__jobs button');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const tile = (label: string) => page.locator('.dash__tile', { hasText: label });
    await expect(tile('Open reports').locator('.console__tile-value').innerText()).resolves.toBe('1');
    await expect(tile('Open reports').getAttribute('href')).resolves.toBe('/admin/reports/');
    await expect(tile('Uploads waiting for moderation').getAttribute('href')).resolves.toBe(
      '/admin/moderation/',
    );
    await expect(tile('Age verifications waiting').getAttribute('href')).resolves.toBe(
      '/admin/age-verification/',
    );
    await expect(tile('Failed jobs').locator('.console__tile-value').innerText()).resolves.toBe('1');

    // Five charts of 30 days, drawn, each with its accessible name and data table.
    const charts = page.locator('.dash__chart');
    await expect(charts.count()).resolves.toBe(5);
    for (const name of ['Page views', 'Video views', 'Sign-ups', 'Uploads', 'Goals']) {
      await page.getByRole('img', { name: new RegExp(`^${name}`) }).waitFor();
    }
    const pageViews = page.locator('.dash__chart[data-metric="page_views"]');
    expect(await pageViews.locator('.line-chart__hit').count()).toBe(30);
    expect(await pageViews.locator('table tbody tr').count()).toBe(30);
    const d = (await pageViews.locator('.line-chart__line').getAttribute('d')) ?? '';
    expect(d.split(/[ML]/).filter(Boolean)).toHaveLength(30);
    // The quiet days are zeros in the table.
    const zeros = await pageViews.locator('table tbody tr td:nth-child(2)').allInnerTexts();
    expect(zeros.filter((v) => v === '0')).toHaveLength(2);
    const title = await pageViews.locator('.line-chart__hit title').first().textContent();
    expect(title).toMatch(/^\d{4}-\d{2}-\d{2}: [\d,]+$/);

    const row = page.locator(`.dash__jobs tr[data-job-id="${failedJobId}"]`);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('video.process');
    await expect(row.innerText()).resolves.toContain(OUTAGE);
    await expect(row.locator('td').nth(1).innerText()).resolves.toBe(String(harbourId));
    await expect(
      page.locator('.dash__queues tr[data-queue="video.process"] td[data-state="failed"]').innerText(),
    ).resolves.toBe('1');

    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    // Nothing wider than the phone's screen but the tables' own scrolling boxes.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 1000 });
  });

  it('switches the range to 7 days', async () => {
    await page.getByRole('link', { name: '7 days' }).click();
    await page.waitForURL(/\/admin\/\?days=7$/);
    await page.locator('.dash__range-link--current', { hasText: '7 days' }).waitFor();
    await page.locator('.dash__chart[data-metric="page_views"] table tbody tr').nth(6).waitFor();
    expect(await page.locator('.dash__chart[data-metric="page_views"] table tbody tr').count()).toBe(7);
    await expect(page.getByRole('link', { name: '7 days' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await page.getByRole('link', { name: '30 days' }).click();
    await page.waitForURL(/\/admin\/$/);
    await page.locator('.dash__range-link--current', { hasText: '30 days' }).waitFor();
    await page.locator('.dash__chart[data-metric="page_views"] table tbody tr').nth(29).waitFor();
  });

  it('retries the failed job: a notice, it leaves the failed list, and runs to completion', async () => {
    const row = page.locator(`.dash__jobs tr[data-job-id="${failedJobId}"]`);
    await row.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(`Job ${failedJobId.slice(0, 8)} was put back in its queue.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No failed jobs.').waitFor();
    const recent = page.locator(`.dash__recent tr[data-job-id="${failedJobId}"] [data-state]`);
    await recent.waitFor();
    expect(['retry', 'active', 'completed']).toContain(await recent.getAttribute('data-state'));

    // The worker takes it again: it completes (the video was processed meanwhile, so it has nothing left to do).
    const until = Date.now() + 30_000;
    for (;;) {
      const job = (await dashboard()).jobs.recent.find((j) => j.id === failedJobId);
      if (job?.state === 'completed') break;
      if (Date.now() > until) throw new Error(`the retried job never completed: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.reload();
    await page.locator(`.dash__recent tr[data-job-id="${failedJobId}"] [data-state="completed"]`).waitFor();
    await expect(
      page.locator('.dash__tile', { hasText: 'Failed jobs' }).locator('.console__tile-value').innerText(),
    ).resolves.toBe('0');
    // A second Retry of the same job is refused: it is not failed any more.
    const again = await page.request.post(`${server.url}/api/admin/jobs.php`, {
      form: { act: 'retry', job_id: failedJobId },
      headers: { origin: server.url },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe('invalid_state');
  });
});
