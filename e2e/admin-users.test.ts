// The console's users and comments in Chromium (issue 17): an administrator hides a comment in
// /admin/comments/ and the video page no longer shows it; bans a member with a reason in /admin/users/;
// that member then tries to sign in through the Login modal and is told the ban and its reason.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { insertVideo } from '../server/test/fixtures.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOT = '/tmp/shots/admin-users-1280.png';
const REMARK = 'A remark about the sunset that should go';
const REASON = 'Posting links to other sites';

describe('users and comments in the console, in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-uadm-'));
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Console Tube', SEED_DEMO: 'false', CATALOG_CACHE: 'off' };
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let video = { id: 0, dir: '' };

  beforeAll(async () => {
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      await services.accounts.createUser({
        username: 'e2e_admin',
        email: 'admin@example.com',
        password: 'secret12',
        role: 'administrator',
      });
      const member = await services.accounts.createUser({
        username: 'e2e_member',
        email: 'member@example.com',
        password: 'secret12',
        role: 'member',
      });
      const row = await insertVideo(handle.db, { title: 'Sunset Over The Bay' });
      video = { id: Number(row.id), dir: row.dir };
      await handle.db
        .insertInto('comments')
        .values({ section: 'video', object_id: video.id, user_id: member.user_id, comment: REMARK })
        .execute();
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    browser = await launchChromium();
    admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const videoShowsRemark = async () => {
    const guest = await browser.newPage();
    try {
      await guest.goto(`${server.url}/video/${video.id}/${video.dir}/`);
      await guest.waitForLoadState('networkidle');
      await guest.locator('#comments').waitFor();
      return (await guest.locator('#comments').innerText()).includes(REMARK);
    } finally {
      await guest.close();
    }
  };

  it('is a 403 for a guest', async () => {
    const res = await admin.goto(`${server.url}/admin/users/`);
    expect(res?.status()).toBe(403);
    const comments = await admin.goto(`${server.url}/admin/comments/`);
    expect(comments?.status()).toBe(403);
  });

  it('hides a comment: the video page no longer shows it', async () => {
    expect(await videoShowsRemark()).toBe(true);
    await admin.goto(`${server.url}/signin/`);
    await admin.waitForLoadState('networkidle');
    await admin.locator('main input[name="usr"]').fill('e2e_admin');
    await admin.locator('main input[name="pwd"]').fill('secret12');
    await admin.locator('main button[type="submit"]').first().click();
    await admin.locator('header .user-menu__toggle').waitFor();

    const res = await admin.goto(`${server.url}/admin/comments/`);
    expect(res?.status()).toBe(200);
    const row = admin.locator('tr[data-comment-id]', { hasText: REMARK });
    await waitForHydration(admin, 'tr[data-comment-id] button');
    await expect(row.innerText()).resolves.toContain('Sunset Over The Bay');
    await row.getByRole('button', { name: 'Hide' }).click();
    await admin.getByText('1 comment hidden.').waitFor();
    await row.getByText('Hidden', { exact: true }).waitFor();
    expect(await videoShowsRemark()).toBe(false);
  });

  it('bans a member with a reason', async () => {
    const res = await admin.goto(`${server.url}/admin/users/?q=e2e_member`);
    expect(res?.status()).toBe(200);
    const row = admin.locator('tr[data-user-id]', { hasText: 'e2e_member' });
    await waitForHydration(admin, 'tr[data-user-id] button');
    await row.getByRole('button', { name: 'Ban' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await admin.getByText('e2e_member is banned; their sessions have ended.').waitFor();
    await row.getByText(REASON).waitFor();
    await admin.goto(`${server.url}/admin/users/`);
    await admin.waitForLoadState('networkidle');
    mkdirSync(path.dirname(SHOT), { recursive: true });
    await admin.screenshot({ path: SHOT, fullPage: true });
  });

  it('the banned member is told why at sign-in through the Login modal', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    await waitForHydration(page, 'header a.header__login');
    await page.locator('header a.header__login').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // A wrong password says nothing of the ban.
    await dialog.locator('input[name="usr"]').fill('e2e_member');
    await dialog.locator('input[name="pwd"]').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText('Invalid username or password').waitFor();
    await dialog.locator('input[name="pwd"]').fill('secret12');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText(`This account is banned: ${REASON}`).waitFor();
    expect(await page.locator('header .user-menu__toggle').count()).toBe(0);
    await page.close();
  });
});
