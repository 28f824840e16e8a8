// The console's users and comments in Chromium (issue 17): an administrator hides a comment in
// /admin/comments/ and the video page no longer shows it; bans a member with a reason in /admin/users/;
// that member then tries to sign in through the Login modal and is told the ban and its reason.
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../server/test/fixtures.ts';
import { signInThroughPage, waitForHydration } from './browser.ts';
import { openSuiteSite, prepareSite, type SuiteSite } from './site-fixture.ts';

const SHOT = '/tmp/shots/admin-users-1280.png';
const REMARK = 'A remark about the sunset that should go';
const REASON = 'Posting links to other sites';

describe('users and comments in the console, in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-uadm-'));
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Console Tube', SEED_DEMO: 'false', CATALOG_CACHE: 'off' };
  let site: SuiteSite;
  let admin: Page;
  let video = { id: 0, dir: '' };

  beforeAll(async () => {
    video = await prepareSite(env, async ({ db, user }) => {
      await user('e2e_admin', 'administrator', 'admin@example.com');
      const member = await user('e2e_member', 'member', 'member@example.com');
      const row = await insertVideo(db, { title: 'Sunset Over The Bay' });
      await db
        .insertInto('comments')
        .values({ section: 'video', object_id: Number(row.id), user_id: member, comment: REMARK })
        .execute();
      return { id: Number(row.id), dir: row.dir };
    });
    site = await openSuiteSite(env);
    admin = await site.page();
  });

  afterAll(() => site?.close());

  const videoShowsRemark = async () => {
    const guest = await site.page();
    try {
      await guest.goto(`${site.url()}/video/${video.id}/${video.dir}/`);
      await guest.waitForLoadState('networkidle');
      await guest.locator('#comments').waitFor();
      return (await guest.locator('#comments').innerText()).includes(REMARK);
    } finally {
      await guest.close();
    }
  };

  it('is a 403 for a guest', async () => {
    const res = await admin.goto(`${site.url()}/admin/users/`);
    expect(res?.status()).toBe(403);
    const comments = await admin.goto(`${site.url()}/admin/comments/`);
    expect(comments?.status()).toBe(403);
  });

  it('hides a comment: the video page no longer shows it', async () => {
    expect(await videoShowsRemark()).toBe(true);
    await signInThroughPage(admin, site.url(), 'e2e_admin');

    const res = await admin.goto(`${site.url()}/admin/comments/`);
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
    const res = await admin.goto(`${site.url()}/admin/users/?q=e2e_member`);
    expect(res?.status()).toBe(200);
    const row = admin.locator('tr[data-user-id]', { hasText: 'e2e_member' });
    await waitForHydration(admin, 'tr[data-user-id] button');
    await row.getByRole('button', { name: 'Ban' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await admin.getByText('e2e_member is banned; their sessions have ended.').waitFor();
    await row.getByText(REASON).waitFor();
    await admin.goto(`${site.url()}/admin/users/`);
    await admin.waitForLoadState('networkidle');
    mkdirSync(path.dirname(SHOT), { recursive: true });
    await admin.screenshot({ path: SHOT, fullPage: true });
  });

  it('the banned member is told why at sign-in through the Login modal', async () => {
    const page = await site.page();
    await page.goto(`${site.url()}/`);
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
