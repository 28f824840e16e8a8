// Members and the community, in Chromium (issue 14): two members become friends, one writes on the
// other's wall and sends a message that the other reads in the inbox, a member edits the profile with an
// avatar and a cover, and every section of a member page is read as its owner and as another member;
// screenshots of a member page and of the community listing at 1280 and 375 px.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../server/test/mail.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

interface Member {
  id: number;
  name: string;
  context: BrowserContext;
  page: Page;
}

describe('members and the community in Chromium', () => {
  const dataDir = seededDataDir('community');
  let server: RunningServer;
  let browser: Browser;
  let ann: Member;
  let ben: Member;

  /** Signs up and confirms a member in a browser context of their own (the link signs them in). */
  async function member(name: string): Promise<Member> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `${name}@example.com`;
    const signup = await page.request.post(`${server.url}/api/signup.php`, {
      form: { username: name, email, password: 'secret12' },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    const id = ((await signup.json()) as { user_id: number }).user_id;
    const link = new URL(readOutbox(dataDir).find((m) => m.to.includes(email))?.link ?? '');
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.locator('header .user-menu__toggle').waitFor();
    return { id, name, context, page };
  }

  /** Opens a page and waits until React owns `selector` (typing or clicking earlier is lost). */
  async function open(who: Member, url: string, selector: string) {
    await who.page.goto(`${server.url}${url}`);
    await waitForHydration(who.page, selector);
  }

  async function notified(p: Page, text: string | RegExp) {
    const toast = p.locator('.notify--success', { hasText: text }).last();
    await toast.waitFor();
    await toast.click();
  }

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Community Tube' });
    browser = await launchChromium();
    ann = await member('ann_e2e');
    ben = await member('ben_e2e');
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes two members friends: a request, seen and accepted by the receiver', async () => {
    await open(ben, `/members/${ann.id}/`, '[data-action="friend-add"]');
    await ben.page.locator('[data-action="friend-add"]').click();
    await notified(ben.page, 'Your friend request has been sent');
    await ben.page.locator('[data-friend-state="requested"]').waitFor();

    await open(
      ann,
      `/members/${ann.id}/friends/1/`,
      '[data-friend-requests="incoming"] [data-action="friend-accept"]',
    );
    const incoming = ann.page.locator('[data-friend-requests="incoming"]');
    await expect(incoming.innerText()).resolves.toContain(ben.name);
    await incoming.locator('[data-action="friend-accept"]').click();
    await notified(ann.page, 'You are friends now');
    await ann.page.locator(`[data-friend-list] [data-card-id="${ben.id}"]`).waitFor();

    // Both lists show the other, also to a third party (the public friends page of Ben).
    await ann.page.goto(`${server.url}/members/${ben.id}/friends/1/`);
    await ann.page.locator(`[data-friend-list] [data-card-id="${ann.id}"]`).waitFor();
  });

  it("writes on a friend's wall; the post is plain text, newest first, for everyone", async () => {
    await open(ben, `/members/${ann.id}/wall/1/`, '[data-wall-form] textarea[name="msg"]');
    const text = 'Hello <i>Ann</i>, nice test patterns!';
    await ben.page.locator('[data-wall-form] textarea[name="msg"]').fill(text);
    await ben.page.locator('[data-action="wall-post"]').click();
    const post = ben.page.locator('.wall-post[data-post-id]').first();
    await expect(post.innerText()).resolves.toContain('nice test patterns!');
    expect(await post.locator('i').count()).toBe(0);

    await ann.page.goto(`${server.url}/members/${ann.id}/wall/1/`);
    await expect(ann.page.locator('.wall-post[data-post-id]').first().innerText()).resolves.toContain(
      'nice test patterns!',
    );
  });

  it('sends a message from a member page; the receiver sees the unread count and reads it', async () => {
    await open(ben, `/members/${ann.id}/`, 'a[data-action="send-message"]');
    await ben.page.locator('a[data-action="send-message"]').click();
    await ben.page.waitForURL(`**/messages/${ann.id}/`);
    await waitForHydration(ben.page, 'textarea[name="message"]');
    await ben.page.locator('textarea[name="message"]').fill('Shall we make a playlist together?');
    await ben.page.locator('button[data-action="send"]').click();
    await expect(ben.page.locator('li.thread__item[data-message-id]').last().innerText()).resolves.toContain(
      'make a playlist together',
    );

    await ann.page.goto(`${server.url}/`);
    await ann.page.locator('.user-menu__badge[data-unread-messages="1"]').waitFor();
    await ann.page.goto(`${server.url}/messages/`);
    const row = ann.page.locator(`a[data-conversation="${ben.id}"]`);
    await expect(row.locator('.inbox__unread').getAttribute('data-unread')).resolves.toBe('1');
    await row.click();
    await ann.page.waitForURL(`**/messages/${ben.id}/`);
    await expect(ann.page.locator('li.thread__item[data-message-id]').last().innerText()).resolves.toContain(
      'make a playlist together',
    );
    // The open thread marks itself read once hydrated, then refreshes the header: the badge goes here first.
    await ann.page.locator('.user-menu__badge[data-unread-messages]').waitFor({ state: 'detached' });
    // Read: the badge is gone.
    await ann.page.goto(`${server.url}/`);
    await ann.page.locator('header .user-menu__toggle').waitFor();
    expect(await ann.page.locator('.user-menu__badge[data-unread-messages]').count()).toBe(0);
  });

  it('edits the profile: fields, an avatar and a cover, shown on the member page', async () => {
    const { page } = ann;
    await open(ann, `/members/${ann.id}/edit/`, '[data-profile-section="profile"] textarea[name="about_me"]');
    const profile = page.locator('[data-profile-section="profile"]');
    // Under 18 is refused on its field, before anything is saved.
    await profile.locator('input[name="birth_date"]').fill('2015-01-01');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('You must be at least 18 years old').waitFor();
    await profile.locator('input[name="birth_date"]').fill('1990-04-12');
    await profile.locator('select[name="gender"]').selectOption('2');
    await profile.locator('select[name="relationship"]').selectOption('1');
    await profile.locator('select[name="country"]').selectOption('de');
    await profile.locator('textarea[name="about_me"]').fill('I collect colour bars and calm test patterns.');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await notified(page, 'Your profile has been saved');

    // Images are made here (flat colours); a cover below the spec's 1250x250 is refused.
    const upload = async (section: 'avatar' | 'cover', image: Buffer) => {
      const form = page.locator(`[data-profile-section="${section}"]`);
      await form.locator(`input[name="${section}"]`).setInputFiles({
        name: `${section}.png`,
        mimeType: 'image/png',
        buffer: image,
      });
      await form.locator('button[type="submit"]').click();
    };
    await upload('cover', await testImage(800, 200, '#2a4d69'));
    await page.locator('[data-profile-section="cover"] .form-field__error').waitFor();
    await upload('avatar', await testImage(400, 400, '#7a3b69'));
    await notified(page, 'The image has been saved');
    await upload('cover', await testImage(1600, 400, '#2a4d69'));
    await notified(page, 'The image has been saved');

    await page.goto(`${server.url}/members/${ann.id}/info/`);
    const info = await page.locator('main').innerText();
    expect(info).toContain('I collect colour bars');
    expect(info).toContain('Germany');
    await page.locator('.member-head__cover img').waitFor();
    await page.locator('img.member-avatar').first().waitFor();
    // Another member sees the same profile.
    await ben.page.goto(`${server.url}/members/${ann.id}/info/`);
    await expect(ben.page.locator('main').innerText()).resolves.toContain('I collect colour bars');
    await ben.page.locator('.member-head__cover img').waitFor();
  });

  it('reads every section as its owner and as another member', async () => {
    // The owner's alone: watch later, history and edit; every other section is public.
    const sections: [string, boolean][] = [
      ['', false],
      ['info/', false],
      ['uploaded_videos/1/', false],
      ['favourite_videos/1/', false],
      ['playlists/1/', false],
      ['subscriptions/1/', false],
      ['friends/1/', false],
      ['wall/1/', false],
      ['watch_later_videos/1/', true],
      ['history/1/', true],
      ['edit/', true],
    ];
    for (const [section, own] of sections) {
      const url = `${server.url}/members/${ann.id}/${section}`;
      const asOwner = await ann.page.goto(url);
      expect([section, asOwner?.status()]).toEqual([section, 200]);
      const asOther = await ben.page.goto(url);
      expect([section, asOther?.status()]).toEqual([section, own ? 403 : 200]);
      if (own) await ben.page.getByText('You do not have permission to view.').first().waitFor();
    }
    // An unknown member is the 404 page.
    const unknown = await ben.page.goto(`${server.url}/members/99999999/`);
    expect(unknown?.status()).toBe(404);
  });

  it('takes screenshots of a member page and of the community listing at 1280 and 375 px', async () => {
    const { page } = ben;
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${server.url}/members/${ann.id}/`);
      await page.screenshot({ path: path.join(SHOTS, `community-member-${width}.png`), fullPage: true });
      await page.goto(`${server.url}/community/recent/1/`);
      await page.screenshot({ path: path.join(SHOTS, `community-listing-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

/** A synthetic PNG of a flat colour with a frame (no real image is used anywhere in the tests). */
async function testImage(width: number, height: number, colour: string): Promise<Buffer> {
  const frame = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="8" y="8" width="${width - 16}" height="${height - 16}" fill="none" stroke="white" stroke-width="6"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: frame }])
    .png()
    .toBuffer();
}
