// Members act on videos, in Chromium (issue 13): a member signs in, comments, likes, favourites, adds to
// watch later, makes a playlist from the Add-to modal, adds a second video to it, plays it with the
// strip, subscribes to a model, suggests a tag, and finds each on their member pages; a guest gets the
// Login modal for every act, underlined links in the sign-in notes and vote buttons named with their
// counts; screenshots of the video page as a member at 1280 and 375 px.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir } from './seeded.ts';
import { openSuiteSite, type SuiteSite, signUpThroughMail } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

interface Card {
  video_id: number;
  dir: string;
  title: string;
}

describe('member acts in Chromium', () => {
  const dataDir = seededDataDir('acts');
  let site: SuiteSite;
  let page: Page;
  let memberId: number;
  let videos: Card[];
  let playlistId = 0;
  let modelTitle = '';
  const playlistTitle = 'Evening test patterns';

  const json = async <T>(url: string) => (await (await fetch(`${site.url()}${url}`)).json()) as T;
  const pathOf = (v: Card) => `/video/${v.video_id}/${v.dir}/`;
  const first = () => videos[0] as Card;
  const second = () => videos[1] as Card;

  /** A notification with this text shows, then it is clicked away. */
  async function notified(p: Page, type: 'success' | 'error', text: string | RegExp) {
    const toast = p.locator(`.notify--${type}`, { hasText: text }).last();
    await toast.waitFor();
    await toast.click();
  }

  async function openVideo(v: Card) {
    await page.goto(`${site.url()}${pathOf(v)}`);
    await page.waitForLoadState('networkidle');
  }

  beforeAll(async () => {
    site = await openSuiteSite({ DATA_DIR: dataDir, SITE_NAME: 'Acts Tube' });
    ({ videos } = await json<{ videos: Card[] }>(
      '/api/json/videos2/43200/str/latest-updates/3/videos..1.all.all.all.json',
    ));
    page = await site.page();
    memberId = await signUpThroughMail(page, site, dataDir, {
      username: 'acts_member',
      email: 'acts@example.com',
    });
  }, 200_000);

  afterAll(() => site?.close());

  it('comments: a short text is refused in the form, a good one shows at the top at once', async () => {
    await openVideo(first());
    const form = page.locator('[data-comments-form]');
    const box = form.locator('textarea');
    await box.fill('abc');
    await form.locator('button[type="submit"]').click();
    await form.getByText('At least 5 characters').waitFor();
    const text = 'A calm <b>test</b> pattern, nicely encoded.';
    await box.fill(text);
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/input.php'));
    await form.locator('button[type="submit"]').click();
    expect((await posted).status()).toBe(200);
    const top = page.locator('[data-comment-id]').first();
    // Markup is text: the angle brackets are gone (plain text is stored), nothing is bold.
    await expect(top.innerText()).resolves.toContain('A calm test pattern, nicely encoded.');
    expect(await top.locator('b').count()).toBe(0);
    await expect(box.inputValue()).resolves.toBe('');
    // After a reload (lifetime 0 for members: no cache) it is still the newest.
    await openVideo(first());
    await expect(page.locator('[data-comment-id]').first().innerText()).resolves.toContain('A calm test');
  });

  it('likes once: the button is pressed, the count and rating move, a second vote is not possible', async () => {
    await openVideo(first());
    const like = page.locator('[data-action="like"]');
    const before = Number(await like.innerText());
    await like.click();
    await notified(page, 'success', 'Thank you for your vote');
    await expect(like.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(Number(await like.innerText())).toBe(before + 1);
    await page.locator('[data-action="dislike"]').click();
    await notified(page, 'error', 'You have already voted');
    await openVideo(first());
    await expect(page.locator('[data-action="like"]').getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('adds to favourites and watch later from the Add-to modal', async () => {
    await openVideo(first());
    await page.locator('[data-action="add-to"]').click();
    await page.locator('[data-add-to="favourite"]').click();
    await notified(page, 'success', 'Added to your favourites');
    await page.keyboard.press('Escape');
    await page.locator('[data-action="add-to"]').click();
    await page.locator('[data-add-to="watch_later"]').click();
    await notified(page, 'success', 'Added to watch later');
    await page.keyboard.press('Escape');
  });

  it('makes a playlist from the Add-to modal, checked on blur, and the video goes on it', async () => {
    await openVideo(first());
    await page.locator('[data-action="add-to"]').click();
    await page.locator('[data-add-to="playlist"]').click();
    await page.locator('[data-action="new-playlist"]').click();
    const dialog = page.getByRole('dialog').last();
    const title = dialog.locator('[name="title"]');
    await title.fill('ab');
    await title.blur();
    await dialog.getByText(/at least 3/i).waitFor();
    await title.fill(playlistTitle);
    await dialog.locator('[name="desc"]').fill('Calm patterns for a quiet evening.');
    await dialog.locator('[name="categories"]').first().check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/input.php'));
    await dialog.locator('button[type="submit"]').click();
    const answer = (await (await saved).json()) as { playlist_id?: number };
    playlistId = answer.playlist_id ?? 0;
    expect(playlistId).toBeGreaterThan(0);
    await notified(page, 'success', 'The playlist has been created');
    await notified(page, 'success', 'Added to the playlist');
  });

  it('adds a second video to the playlist through the picker', async () => {
    await openVideo(second());
    await page.locator('[data-action="add-to"]').click();
    await page.locator('[data-add-to="playlist"]').click();
    await page.locator(`[data-playlist-choice="${playlistId}"]`).click();
    await notified(page, 'success', 'Added to the playlist');
    await page.keyboard.press('Escape');
  });

  it('plays the playlist: its page links with ?playlist=, the video page shows the strip', async () => {
    await page.goto(`${site.url()}/playlist/${playlistId}/`);
    const links = page.locator(`a[href*="?playlist=${playlistId}"]`);
    await links.first().waitFor();
    await links.first().click();
    await page.waitForURL(new RegExp(`\\?playlist=${playlistId}`));
    const strip = page.locator('.playlist-strip');
    await strip.waitFor();
    await expect(strip.locator('.playlist-strip__list li').count()).resolves.toBe(2);
    await expect(strip.innerText()).resolves.toContain(playlistTitle);
  });

  it('subscribes to a model on its page; the count goes up', async () => {
    const { models } = await json<{ models: { dir: string; title: string }[] }>(
      '/api/json/models/3600/str/count-videos/48/1.all.all.all.all.all.all.all.json',
    );
    const model = models[0];
    expect(model).toBeDefined();
    modelTitle = model?.title ?? '';
    await page.goto(`${site.url()}/pornstar/${model?.dir}/`);
    const button = page.locator('[data-action="subscribe"]');
    await expect(button.getAttribute('data-subscribed')).resolves.toBe('false');
    const before = Number(await button.getAttribute('data-subscribers'));
    await button.click();
    await notified(page, 'success', 'You are subscribed');
    await expect(button.getAttribute('data-subscribed')).resolves.toBe('true');
    expect(Number(await button.getAttribute('data-subscribers'))).toBe(before + 1);
    // Stays subscribed for the subscriptions page below.
  });

  it('suggests a tag: choices after the pause, then the thank-you', async () => {
    await openVideo(first());
    await page.locator('[data-action="suggest-tag"]').click();
    const dialog = page.getByRole('dialog').last();
    await dialog.locator('[data-tag-choice]').first().waitFor();
    expect(await dialog.locator('[data-tag-choice]').count()).toBeLessThanOrEqual(20);
    const input = dialog.locator('[name="tag"]');
    await input.fill('zzqx no such tag');
    await dialog.getByText('No tags found').waitFor();
    await input.fill('gentle gradient');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText('Thank you for your contribution').waitFor();
    await page.keyboard.press('Escape');
  });

  it("finds each on the member's pages", async () => {
    const section = async (name: string) => {
      await page.goto(`${site.url()}/members/${memberId}/${name}/1/`);
      return page.locator(`[data-member-section="${name}"]`).innerText();
    };
    await expect(section('favourite_videos')).resolves.toContain(first().title);
    await expect(section('watch_later_videos')).resolves.toContain(first().title);
    await expect(section('playlists')).resolves.toContain(playlistTitle);
    await expect(section('subscriptions')).resolves.toContain(modelTitle);
  });

  it('takes screenshots of the video page as a member at 1280 and 375 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openVideo(first());
    await page.screenshot({ path: path.join(SHOTS, 'acts-watch-member-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await openVideo(first());
    await page.screenshot({ path: path.join(SHOTS, 'acts-watch-member-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  describe('a guest', () => {
    let guest: BrowserContext;
    let gpage: Page;

    beforeAll(async () => {
      guest = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
      gpage = await guest.newPage();
    });
    afterAll(async () => {
      await guest?.close();
    });

    it('reads comments, gets the login message instead of the box, and the Login modal for every act', async () => {
      await gpage.goto(`${site.url()}${pathOf(first())}`);
      await gpage.waitForLoadState('networkidle');
      const comments = gpage.locator('#comments');
      await expect(comments.innerText()).resolves.toMatch(/sign in[\s\S]*sign up/);
      expect(await gpage.locator('[data-comments-form]').count()).toBe(0);
      const dialog = gpage.getByRole('dialog');
      for (const action of ['like', 'dislike', 'add-to', 'suggest-tag']) {
        await gpage.locator(`[data-action="${action}"]`).first().click();
        await dialog.getByRole('heading', { name: 'Sign in' }).waitFor();
        await gpage
          .locator('.notify--error', { hasText: 'Please log in to complete this action' })
          .first()
          .waitFor();
        await gpage.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    });

    it('underlines the links set in sentences, and names each vote button with its visible count', async () => {
      // Issue 34: links told apart by colour alone (WCAG 1.4.1), vote names without their count (2.5.3).
      await gpage.goto(`${site.url()}${pathOf(first())}`);
      await gpage.waitForLoadState('networkidle');
      const decoration = (link: ReturnType<Page['locator']>) =>
        link.evaluate((element) => getComputedStyle(element).textDecorationLine);
      const noteLinks = gpage.locator('.comments__guest a');
      expect(await noteLinks.count()).toBe(2);
      for (const link of await noteLinks.all()) expect(await decoration(link)).toBe('underline');
      for (const [action, label] of [
        ['like', 'I like this'],
        ['dislike', "I don't like this"],
      ] as const) {
        const count = (await gpage.locator(`[data-action="${action}"]`).innerText()).trim();
        expect(count).toMatch(/^\d/);
        const named = gpage.getByRole('button', { name: `${label} ${count}`, exact: true });
        expect(await named.count(), `${action}: ${label} ${count}`).toBe(1);
      }
      await gpage.locator('[data-action="like"]').click();
      const dialog = gpage.getByRole('dialog');
      const signUp = dialog.getByRole('link', { name: 'Sign up', exact: true });
      await signUp.waitFor();
      expect(await decoration(signUp)).toBe('underline');
      await gpage.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });
});
