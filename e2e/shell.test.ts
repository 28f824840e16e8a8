// The shell in Chromium (issue 20): the Login modal keeps Tab and Shift+Tab inside it, closes on Escape and
// gives focus back to the control that opened it (and so does a content modal, the same component); a
// guest's click on a link that needs login opens the modal where a member's navigates; a real form POST
// that fails shows the error page inside the shell; a member's uploaded videos are the listings' cards
// under a heading that names the member. Screenshots: the Login modal, the uploaded videos at 1280 and
// 375 px.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../server/test/mail.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

describe('the shell in Chromium', () => {
  const dataDir = seededDataDir('shell');
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Shell Tube' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Past the age gate, as a returning visitor.
    await page.addInitScript(() => localStorage.setItem('_agv', '1'));
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The focused element: inside the open dialog or not, and a name for it (label, name or text). */
  const focused = (p: Page = page) =>
    p.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const dialog = document.querySelector('[role="dialog"]');
      return {
        inDialog: dialog !== null && el !== null && dialog.contains(el),
        name: el?.getAttribute('aria-label') || el?.getAttribute('name') || el?.textContent?.trim() || '',
      };
    });

  /** Presses `key` `times` times and returns the names focused after each press (all inside the dialog). */
  async function walk(key: 'Tab' | 'Shift+Tab', times: number): Promise<string[]> {
    const names: string[] = [];
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      const now = await focused();
      expect(now.inDialog, `${key} #${i + 1} left the dialog for ${now.name}`).toBe(true);
      names.push(now.name);
    }
    return names;
  }

  it('keeps Tab and Shift+Tab inside the Login modal; Escape closes it and focus goes back', async () => {
    await page.goto(`${server.url}/`);
    const opener = page.locator('header a.header__login');
    await waitForHydration(page, 'header a.header__login');
    // Opened from the keyboard: the header's Sign in, then Enter.
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The username field has the focus (the form's autofocus), not the close button.
    await expect(focused()).resolves.toEqual({ inDialog: true, name: 'usr' });
    await page.screenshot({ path: path.join(SHOTS, 'shell-login-modal-1280.png') });

    // Round the dialog forwards: after the last link, back to the close button, then the fields again.
    await expect(walk('Tab', 7)).resolves.toEqual([
      'pwd',
      'Sign in',
      'Forgot password?',
      'Sign up',
      'Close',
      'usr',
      'pwd',
    ]);
    // And backwards: from the username field to the close button, then round to the last link.
    await walk('Shift+Tab', 1);
    await expect(walk('Shift+Tab', 3)).resolves.toEqual(['Close', 'Sign up', 'Forgot password?']);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(opener.evaluate((node) => node === document.activeElement)).resolves.toBe(true);

    // Opened with the mouse and closed with its close button: the focus goes back to the opener too.
    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(opener.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  });

  it('shows the Login modal at 375 px', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await phone.addInitScript(() => localStorage.setItem('_agv', '1'));
    await phone.goto(`${server.url}/`);
    await waitForHydration(phone, 'header a.header__login');
    await phone.locator('header a.header__login').click();
    const dialog = phone.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await phone.screenshot({ path: path.join(SHOTS, 'shell-login-modal-375.png') });
    await phone.close();
  });

  it('traps the focus in a content modal (the report form) the same way', async () => {
    await page.goto(`${server.url}/videos/latest-updates/1/`);
    const first = page.locator('.card > a').first();
    await first.waitFor();
    await page.goto(new URL((await first.getAttribute('href')) ?? '/', server.url).href);
    const report = page.locator('[data-action="report"]');
    await waitForHydration(page, '[data-action="report"]');
    await report.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const count = await dialog.evaluate(
      (node) =>
        [...node.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')].filter(
          (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0,
        ).length,
    );
    expect(count).toBeGreaterThan(3);
    // Once round the dialog in either direction ends where it started, never outside it.
    const start = (await focused()).name;
    expect((await focused()).inDialog).toBe(true);
    await expect(walk('Tab', count).then((names) => names.at(-1))).resolves.toBe(start);
    await expect(walk('Shift+Tab', count).then((names) => names.at(-1))).resolves.toBe(start);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(report.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  });

  it('opens the Login modal for a guest on a link that needs login; a member follows it', async () => {
    await page.goto(`${server.url}/sitemap-page/`);
    const upload = page.getByRole('link', { name: 'Upload a video' });
    await waitForHydration(page, 'a[data-requires-login]');
    await upload.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/sitemap-page/');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A member (signed up and confirmed through the mailed link) goes to the upload form.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const member = await context.newPage();
    const email = 'shell_member@example.com';
    const signup = await member.request.post(`${server.url}/api/signup.php`, {
      form: { username: 'shell_member', email, password: 'secret12' },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    const link = new URL(readOutbox(dataDir).find((m) => m.to.includes(email))?.link ?? '');
    await member.goto(`${server.url}${link.pathname}${link.search}`);
    await member.locator('header .user-menu__toggle').waitFor();
    await member.goto(`${server.url}/sitemap-page/`);
    await waitForHydration(member, 'a[data-requires-login]');
    await member.getByRole('link', { name: 'Upload a video' }).click();
    await member.waitForURL(/\/upload-video\/$/);
    await member.locator('.upload-page').waitFor();
    expect(await member.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('shows the error page of a failed form POST inside the shell, with the site name', async () => {
    await page.goto(`${server.url}/videos/latest-updates/1/`);
    // Inject the form after hydration: hydrating <main> would otherwise replace it before the click.
    await waitForHydration(page, 'header a.header__login');
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/videos/latest-updates/1/';
      form.innerHTML = '<input name="q" value="colour bars"><button type="submit" id="post-it">Send</button>';
      document.querySelector('main')?.prepend(form);
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#post-it').click(),
    ]);
    expect(response.status()).toBe(405);
    await page.waitForLoadState('load');
    await expect(page.title()).resolves.toBe('Something went wrong - Shell Tube');
    await expect(page.locator('header .logo').innerText()).resolves.toBe('Shell Tube');
    await expect(page.locator('footer').innerText()).resolves.toContain(
      `© ${new Date().getUTCFullYear()} Shell Tube`,
    );
    await page.locator('.notice__title').waitFor();
  });

  it.each([1280, 375])(
    'lists a member’s uploads in the listings’ cards under a heading naming them at %i px',
    async (width) => {
      const viewer = await browser.newPage({ viewport: { width, height: 900 } });
      await viewer.addInitScript(() => localStorage.setItem('_agv', '1'));
      // The demo member with the most videos.
      await viewer.goto(`${server.url}/community/count-videos/1/`);
      const href = await viewer.locator('a[href^="/members/"]').first().getAttribute('href');
      const id = Number(/\/members\/(\d+)\//.exec(href ?? '')?.[1]);
      expect(id).toBeGreaterThan(0);
      await viewer.goto(`${server.url}/members/${id}/uploaded_videos/1/`);
      const name = await viewer.locator('.member-head__name').innerText();
      await expect(viewer.locator('.member-section__title').innerText()).resolves.toBe(
        `Videos uploaded by ${name}`,
      );
      const cards = viewer.locator('[data-member-section="uploaded_videos"] article.card');
      expect(await cards.count()).toBeGreaterThan(0);
      // The card of the listings: thumbnail, duration badge, title link, views.
      const card = cards.first();
      await expect(card.locator('a').first().getAttribute('href')).resolves.toMatch(/^\/video\/\d+\//);
      await card.locator('.badge--duration').waitFor();
      await card.locator('.card__meta').waitFor();
      const thumb = await card.locator('.card__thumb').boundingBox();
      expect(thumb && thumb.width > 100 && thumb.x + thumb.width <= width).toBe(true);
      await viewer.waitForLoadState('networkidle');
      await viewer.screenshot({
        path: path.join(SHOTS, `shell-member-uploads-${width}.png`),
        fullPage: true,
      });
      await viewer.close();
    },
  );
});
