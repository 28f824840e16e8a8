// The video page in Chromium (issue 6): layout and links, related with Show more and View All, guests'
// Login modal, a member's download (the messenger wait and error flash, then the file), the playlist
// strip, a deleted video, the guest history, and screenshots at desktop and phone widths.
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../server/test/mail.ts';
import { launchChromium } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

type Card = { video_id: number; dir: string; title: string };

describe('the video page in Chromium', () => {
  const dataDir = seededDataDir('watch');
  let server: RunningServer;
  let browser: Browser;
  let guest: BrowserContext;
  let page: Page;
  let video: Card;

  const json = async <T>(url: string) => (await (await fetch(`${server.url}${url}`)).json()) as T;
  const pathOf = (v: Card) => `/video/${v.video_id}/${v.dir}/`;

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      SITE_NAME: 'Watch Tube',
      // The download dialog's messenger and app steps exist only when configured (content.md §2, §4).
      DOWNLOAD_CHANNEL_URL: 'https://t.me/watchtube_channel',
      DOWNLOAD_BOT_URL: 'https://t.me/watchtube_bot',
      TV_APP_URL: 'https://apps.watchtube.test/',
    });
    browser = await launchChromium();
    guest = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await guest.newPage();
    const { videos } = await json<{ videos: Card[] }>(
      '/api/json/videos2/43200/str/most-popular/1/videos..1.all.all.all.json',
    );
    video = videos[0] as Card;
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the title, statistics, actions, links and the oEmbed discovery link', async () => {
    const res = await page.goto(`${server.url}${pathOf(video)}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1.watch__title').innerText()).resolves.toBe(video.title);
    await expect(page.locator('.watch__stats').innerText()).resolves.toMatch(/views?[\s\S]*% liked/);
    for (const action of ['download', 'comments', 'add-to', 'report']) {
      expect(await page.locator(`[data-action="${action}"]`).count()).toBe(1);
    }
    expect(await page.locator('.watch__links a.chip').count()).toBeGreaterThan(0);
    const oembed = await page.locator('link[type="application/json+oembed"]').getAttribute('href');
    expect(oembed).toContain('/oembed/?url=');
    expect(decodeURIComponent(oembed ?? '')).toContain(pathOf(video));
    // The comments shortcut scrolls to the count and the guest message.
    await page.locator('[data-action="comments"]').click();
    await page.waitForFunction(() => location.hash === '#comments');
    await expect(page.locator('#comments').innerText()).resolves.toMatch(/Comments \(\d+\)[\s\S]*sign in/);
  });

  it('pages the related list with Show more, then View All searches by the title', async () => {
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    const cards = page.locator('section.related .grid:not(.related__placeholders) .card');
    await expect(cards.count()).resolves.toBe(10);
    const more = page.getByRole('button', { name: 'Show more', exact: true });
    await more.click();
    await page.waitForFunction(() => document.querySelectorAll('section.related .card').length === 20);
    // The third page comes from one call of 10 pages' worth (count 100).
    const call = page.waitForResponse((r) => r.url().includes('/api/json/videos_related2/432000/str/100/'));
    await more.click();
    expect((await call).status()).toBe(200);
    await page.waitForFunction(() => document.querySelectorAll('section.related .card').length === 30);
    expect(await more.count()).toBe(0);
    const titles = await cards.locator('.card__title').allInnerTexts();
    expect(new Set(titles).size).toBeGreaterThan(1);
    expect(titles).not.toContain(video.title);
    await page.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL(/\/search\/1\/\?s=/);
    expect(new URL(page.url()).searchParams.get('s')).toBe(video.title);
  });

  it('shows the related error state with its code, and asks again on the next Show more', async () => {
    await page.route(/\/api\/json\/videos_related2\/432000\/str\/100\//, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"x","code":"unavailable"}',
      }),
    );
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    const more = page.getByRole('button', { name: 'Show more', exact: true });
    await more.click();
    await more.click();
    await page.getByRole('alert').filter({ hasText: 'error unavailable' }).waitFor();
    await expect(page.locator('section.related .card').count()).resolves.toBe(20);
    await page.unrouteAll();
    await more.click();
    await page.waitForFunction(() => document.querySelectorAll('section.related .card').length === 30);
    expect(await page.getByRole('alert').filter({ hasText: 'error unavailable' }).count()).toBe(0);
  });

  it("opens the Login modal for a guest's Download and Add to", async () => {
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog');
    await page.locator('[data-action="download"]').click();
    await dialog.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.locator('.notify--error', { hasText: 'Please log in to complete this action' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-action="add-to"]').click();
    await dialog.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Guests get no file either.
    const res = await fetch(`${server.url}/api/download.php?video_id=${video.video_id}&format=480p`);
    expect(res.status).toBe(401);
  });

  it('opens the report form from Report, validates it, and closes on a click outside', async () => {
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    await page.locator('[data-action="report"]').click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.waitFor();
    // Focus is inside the dialog and Tab keeps it there.
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.locator('.form-field__error').first().waitFor();
    await dialog.screenshot({ path: '/tmp/h7-contact.png' });
    await expect(dialog.locator('.form-field__error').allInnerTexts()).resolves.toEqual([
      'This field is required',
      'This field is required',
    ]);
    await page.mouse.click(5, 890);
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('report');
  });

  it('sends a report and closes with a success notification', async () => {
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    await page.locator('[data-action="report"]').click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.waitFor();
    await dialog.locator('select[name="subject"]').selectOption('inappropriate');
    await dialog.locator('input[name="email"]').fill('viewer@example.com');
    await dialog.locator('textarea[name="message"]').fill('The title of this test card is wrong.');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/report.php'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.notify--success').waitFor();
  });

  it("lists the uploader's uploaded videos on the video's videos/{page}/ pages", async () => {
    // content.md §2: "videos/{page}/ (uploaded videos)" — the video's uploader's videos, 20 a page.
    const res = await page.goto(`${server.url}${pathOf(video)}videos/1/`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('main h1').innerText()).resolves.toMatch(/^Videos uploaded by \S+/);
    const cards = await page.locator('main .card').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(20);
    await expect(page.locator('main .card > a').first().getAttribute('href')).resolves.toMatch(
      /^\/video\/\d+\//,
    );
    const second = await fetch(`${server.url}${pathOf(video)}videos/2/`);
    // A second page exists only when the first is full.
    expect(second.status).toBe(cards === 20 ? 200 : 404);
    const past = await fetch(`${server.url}${pathOf(video)}videos/21/`);
    expect(past.status).toBe(404);
    const redirect = await fetch(`${server.url}${pathOf(video)}videos/`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe(`${pathOf(video)}videos/1/`);
  });

  it('keeps one tc_history entry per video after two visits', async () => {
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.waitForLoadState('networkidle');
    const history = JSON.parse((await page.evaluate(() => localStorage.getItem('tc_history'))) ?? '[]') as {
      type: string;
      params: Record<string, unknown>;
    }[];
    const mine = history.filter((e) => e.params.video_id === video.video_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.type).toBe('video');
    expect(Object.keys(mine[0]?.params ?? {}).sort()).toEqual(
      // rating: the like percentage then, or null without votes (issue 20: history cards showed 0%).
      [
        'video_id',
        'title',
        'scr',
        'duration',
        'dir',
        'video_viewed',
        'rating',
        'sg_id',
        'ex_tube',
        'ex_id',
      ].sort(),
    );
  });

  it('shows the playlist strip: 8 visible, the current one marked, next slides by 8', async () => {
    const { playlists } = await json<{ playlists: { playlist_id: number; total_videos: number }[] }>(
      '/api/json/playlists/86400/str/latest-updates/40/1.json',
    );
    const playlist = playlists.find((p) => p.total_videos > 8);
    expect(playlist).toBeDefined();
    const id = playlist?.playlist_id ?? 0;
    const { videos } = await json<{ videos: Card[] }>(
      `/api/json/videos2/86400/str/latest-updates/60/playlist.${id}.1.all.all.all.json`,
    );
    const first = videos[0] as Card;
    await page.goto(`${server.url}${pathOf(first)}?playlist=${id}`);
    await page.waitForLoadState('networkidle');
    const items = page.locator('.playlist-strip__list li');
    await expect(items.count()).resolves.toBe(8);
    await expect(page.locator('.playlist-strip [aria-current="page"]').getAttribute('href')).resolves.toBe(
      `${pathOf(first)}?playlist=${id}`,
    );
    await page.locator('.playlist-strip').screenshot({ path: '/tmp/h7-watch-playlist.png' });
    await page.getByRole('button', { name: 'Next videos' }).click();
    await page.waitForFunction(
      () => document.querySelector('.playlist-strip')?.getAttribute('data-offset') === '8',
    );
    const hrefs = await items.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs[0]).toBe(`${pathOf(videos[8] as Card)}?playlist=${id}`);
    expect(hrefs.length).toBe(Math.min(8, videos.length - 8));
    await page.getByRole('button', { name: 'Previous videos' }).click();
    await page.waitForFunction(
      () => document.querySelector('.playlist-strip')?.getAttribute('data-offset') === '0',
    );
    // A strip link keeps the playlist.
    await items.nth(1).locator('a').click();
    await page.waitForURL(
      (url) => url.pathname === pathOf(videos[1] as Card) && url.search === `?playlist=${id}`,
    );
    await page.locator('.playlist-strip [aria-current="page"]').waitFor();
  });

  it("shows the spec's message for a deleted video, and the 404 page for an unknown one", async () => {
    // The demo has a few unavailable videos (status 5) that no listing shows: find one by its answer.
    const statusOf = async (id: number) => {
      const res = await fetch(`${server.url}/video/${id}/x/`, { redirect: 'manual' });
      const target = res.status === 301 ? res.headers.get('location') : null;
      return target ? (await fetch(`${server.url}${target}`, { redirect: 'manual' })).status : res.status;
    };
    let gone: number | null = null;
    for (let from = 1; from <= 200 && gone === null; from += 20) {
      const ids = Array.from({ length: 20 }, (_, i) => from + i);
      const statuses = await Promise.all(ids.map(statusOf));
      gone = ids[statuses.indexOf(410)] ?? null;
    }
    expect(gone).not.toBeNull();
    const res = await page.goto(`${server.url}/video/${gone}/x/`);
    expect(res?.status()).toBe(410);
    await page.getByRole('heading', { name: 'Video not found or has been recently deleted' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    const missing = await page.goto(`${server.url}/video/999999/nothing-here/`);
    expect(missing?.status()).toBe(404);
    await page.getByText('Content not found!').first().waitFor();
  });

  it('takes screenshots at 1280 px and 375 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}${pathOf(video)}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: '/tmp/h7-watch-1280.png', fullPage: true });
    const phone = await browser.newPage({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.goto(`${server.url}${pathOf(video)}`);
    await phone.waitForLoadState('networkidle');
    expect(await phone.locator('.watch__aside').isVisible()).toBe(false);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: '/tmp/h7-watch-375.png', fullPage: true });
    // On a touch screen the playlist strip is one scroll list of the loaded page.
    const { playlists } = await json<{ playlists: { playlist_id: number; total_videos: number }[] }>(
      '/api/json/playlists/86400/str/latest-updates/40/1.json',
    );
    const playlist = playlists.find((p) => p.total_videos > 8);
    const { videos } = await json<{ videos: Card[] }>(
      `/api/json/videos2/86400/str/latest-updates/60/playlist.${playlist?.playlist_id}.1.all.all.all.json`,
    );
    await phone.goto(`${server.url}${pathOf(videos[0] as Card)}?playlist=${playlist?.playlist_id}`);
    await phone.locator('.playlist-strip__list.is-touch').waitFor();
    await expect(phone.locator('.playlist-strip__list li').count()).resolves.toBe(videos.length);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: '/tmp/h7-watch-375-playlist.png' });
    await phone.close();
  });

  describe('a member', () => {
    let member: BrowserContext;
    let mpage: Page;

    beforeAll(async () => {
      member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // The messenger channel is outside: answer it locally.
      await member.route(/^https:\/\/t\.me\//, (route) => route.fulfill({ status: 200, body: 'channel' }));
      mpage = await member.newPage();
      const signup = await mpage.request.post(`${server.url}/api/signup.php`, {
        form: { username: 'watch_member', email: 'watch@example.com', password: 'secret12' },
      });
      expect(signup.status()).toBe(200);
      const mail = readOutbox(dataDir).find((m) => m.to.includes('watch@example.com'));
      const link = new URL(mail?.link ?? '');
      await mpage.goto(`${server.url}${link.pathname}${link.search}`);
      await mpage.locator('header .user-menu__toggle').waitFor();
    });

    afterAll(async () => {
      await member?.close();
    });

    it('waits 10 s after subscribing, flashes an error for 700 ms before, then downloads', async () => {
      await mpage.clock.install();
      await mpage.goto(`${server.url}${pathOf(video)}`);
      await mpage.waitForLoadState('networkidle');
      await mpage.locator('[data-action="download"]').click();
      const dialog = mpage.getByRole('dialog', { name: 'Download video' });
      await dialog.waitFor();
      const link = dialog.locator('a.download__link').first();
      await link.waitFor();
      await expect(link.getAttribute('aria-disabled')).resolves.toBe('true');
      // From here the page's time only moves when the test says so.
      await mpage.clock.pauseAt(new Date(Date.now() + 60_000));

      // Too early: the error flashes for 700 ms (aria-disabled links still take a person's click).
      await link.click({ force: true });
      const error = dialog.locator('.download__error');
      await expect(error.innerText()).resolves.toBe('Please subscribe to the channel first.');
      await mpage.clock.runFor(650);
      await expect(error.innerText()).resolves.toBe('Please subscribe to the channel first.');
      await mpage.clock.runFor(100);
      await expect(error.innerText()).resolves.toBe('');

      // The first click on the subscribe link starts the 10 s wait.
      const popup = mpage.waitForEvent('popup');
      await dialog.getByRole('link', { name: 'Subscribe to the channel' }).click();
      await (await popup).close();
      await mpage.clock.runFor(9_500);
      await expect(link.getAttribute('aria-disabled')).resolves.toBe('true');
      await expect(dialog.locator('.download__status').innerText()).resolves.toMatch(/unlocks in 1 second/);
      await mpage.clock.runFor(600);
      await expect(link.getAttribute('aria-disabled')).resolves.toBeNull();
      await expect(dialog.locator('.download__status').innerText()).resolves.toBe(
        'Thank you! The download is ready.',
      );
      await dialog.screenshot({ path: '/tmp/h7-download-tg.png' });

      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/api\/download\.php\?video_id=\d+&format=\d+p$/);
      const file = await mpage.request.get(`${server.url}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="[^"]+\.mp4"/);
      expect(file.headers()['content-type']).toContain('video/mp4');
      await mpage.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The clock is the browser context's, every later page of this member included: time flows again
      // (the page's renderer runs its effects from timers and animation frames, which a paused clock holds).
      await mpage.clock.resume();
    });

    it('lists the formats with their sizes at once on later downloads', async () => {
      await mpage.locator('[data-action="download"]').click();
      const dialog = mpage.getByRole('dialog', { name: 'Download video' });
      await dialog.waitFor();
      expect(await dialog.getByRole('link', { name: 'Subscribe to the channel' }).count()).toBe(0);
      const link = dialog.locator('a.download__link').first();
      await expect(link.getAttribute('aria-disabled')).resolves.toBeNull();
      await dialog.locator('.download__size').first().waitFor();
      await expect(link.innerText()).resolves.toMatch(/MP4 \d+p\s*[\d.]+ (MB|KB)/);
      await mpage.keyboard.press('Escape');
    });

    it('points iOS viewers to the app and Russian-speaking viewers to the bot', async () => {
      const ios = await browser.newContext({
        viewport: { width: 390, height: 844 },
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      });
      await ios.addCookies(await member.cookies());
      const iosPage = await ios.newPage();
      await iosPage.goto(`${server.url}${pathOf(video)}`);
      await iosPage.waitForLoadState('networkidle');
      await iosPage.locator('[data-action="download"]').click();
      const iosDialog = iosPage.getByRole('dialog', { name: 'Download video' });
      await iosDialog.getByRole('link', { name: 'Get the app' }).waitFor();
      expect(await iosDialog.locator('a.download__link').count()).toBe(0);
      await ios.close();

      const ru = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await ru.addCookies([...(await member.cookies()), { name: 'kt_lang', value: 'ru', url: server.url }]);
      const ruPage = await ru.newPage();
      await ruPage.goto(`${server.url}${pathOf(video)}`);
      await ruPage.waitForLoadState('networkidle');
      await ruPage.locator('[data-action="download"]').click();
      const ruDialog = ruPage.getByRole('dialog');
      await ruDialog.locator('a[href^="https://t.me/"][href$="_bot"]').waitFor();
      expect(await ruDialog.locator('a.download__link').count()).toBe(0);
      await ru.close();
    });

    it('starts at ?start_time= (members get no pre-roll)', async () => {
      const other = await member.newPage();
      await other.goto(`${server.url}${pathOf(video)}?start_time=3&autoplay=1`);
      await other.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 3, null, {
        timeout: 15_000,
      });
      await other.close();
    });

    it('keeps a watched video in the history on the server (/history/)', async () => {
      const other = await member.newPage();
      // Another video than the one the other cases watch: the longest.
      const { videos } = await json<{ videos: Card[] }>(
        '/api/json/videos2/43200/str/longest/1/videos..1.all.all.all.json',
      );
      const watched = videos[0] as Card;
      expect(watched.video_id).not.toBe(video.video_id);
      await other.goto(`${server.url}${pathOf(watched)}`);
      // The view call the player sends after 1 s of playback (its timing is e2e/player.test.ts's).
      const status = await other.evaluate(async (id) => {
        const body = new URLSearchParams({ act: 'view', section: 'video', object_id: String(id) });
        return (await fetch('/api/input.php', { method: 'POST', body })).status;
      }, watched.video_id);
      expect(status).toBe(200);
      await other.goto(`${server.url}/history/`);
      const cards = other.locator('.grid .card__title');
      await cards.first().waitFor();
      // The latest watched first.
      expect((await cards.allTextContents())[0]).toBe(watched.title);
      await other.close();
    });

    it('shows an error notification when adding to a list is refused', async () => {
      // The download test installed a fake clock on the context: let time flow again, since React's
      // Suspense (the Add-to dialog loads when first opened) waits on timers.
      const p = await member.newPage();
      await p.clock.resume();
      // The page shows the video as not on watch later; then it is added in another tab (here: a call),
      // so the modal's choice is refused with watch_later_already_added and its translated text.
      await p.goto(`${server.url}${pathOf(video)}`);
      await p.waitForLoadState('networkidle');
      const added = await p.evaluate(async (id) => {
        const body = new URLSearchParams({ act: 'watch_later', section: 'add', video_id: String(id) });
        return (await fetch('/api/input.php', { method: 'POST', body })).status;
      }, video.video_id);
      expect(added).toBe(200);
      await p.locator('[data-action="add-to"]').click();
      await p.locator('[data-add-to="watch_later"]').click();
      const toast = p.locator('.notify--error', { hasText: 'already in your watch later list' });
      await toast.waitFor();
      await toast.click();
      await toast.waitFor({ state: 'detached' });
      await p.close();
    });
  });
});
