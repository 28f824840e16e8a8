import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../server/test/mail.ts';
import { launchChromium } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

// A person signs up, confirms by the mailed link, signs out, signs in through the Login modal.
describe('accounts in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-accounts-'));
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'E2E Accounts', SEED_DEMO: 'false' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const loginButton = () => page.locator('header a.header__login');
  const userMenu = () => page.locator('header .user-menu__toggle');

  async function signOut() {
    await userMenu().click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await loginButton().waitFor();
  }

  it('signs up on /signup/ and is asked to check the mail', async () => {
    await page.goto(`${server.url}/signup/`);
    await page.waitForLoadState('networkidle');
    // Server errors land on their input: a taken name needs an account first, so check a client rule.
    await page.locator('input[name="username"]').fill('ab');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('.form-field__error').first().innerText()).resolves.toBe(
      'At least 3 characters',
    );

    await page.locator('input[name="username"]').fill('e2e_member');
    await page.locator('input[name="email"]').fill('e2e@example.com');
    await page.locator('input[name="password"]').fill('secret12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
  });

  it('follows the confirmation link from the outbox and is signed in', async () => {
    const mail = readOutbox(dataDir).at(-1);
    expect(mail?.to).toContain('e2e@example.com');
    const link = new URL(mail?.link ?? '');
    expect(link.pathname).toBe('/api/confirm.php');
    expect(server.output()).toContain(link.pathname);
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(userMenu().innerText()).resolves.toContain('e2e_member');
  });

  it('signs out from the user menu', async () => {
    await page.waitForLoadState('networkidle');
    await signOut();
    await expect(page.locator('header .user-menu').count()).resolves.toBe(0);
  });

  it('signs in through the Login modal opened by the header button', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    await page.context().addCookies([{ name: 'kt_lang', value: 'de', url: server.url }]);

    await loginButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // A click outside closes it too; a link marked as requiring login opens it.
    await loginButton().click();
    await dialog.waitFor();
    await page.mouse.click(5, 890);
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/upload-video/';
      a.id = 'needs-login';
      a.setAttribute('data-requires-login', '');
      a.textContent = 'Upload';
      document.querySelector('main')?.prepend(a);
    });
    await page.locator('#needs-login').click();
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await loginButton().click();
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.locator('.form-field__error').allInnerTexts()).resolves.toEqual([
      'This field is required',
      'This field is required',
    ]);
    await dialog.locator('input[name="usr"]').fill('e2e_member');
    await expect(dialog.locator('.form-field__error').count()).resolves.toBe(1);
    await dialog.locator('input[name="pwd"]').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText('Invalid username or password').waitFor();
    await expect(dialog.locator('input.has-error').count()).resolves.toBe(2);

    await dialog.locator('input[name="pwd"]').fill('secret12');
    await expect(dialog.locator('input.has-error').count()).resolves.toBe(0);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Sign in' }).click()]);
    await expect(userMenu().innerText()).resolves.toContain('e2e_member');
    const cookies = await page.context().cookies(server.url);
    expect(cookies.find((c) => c.name === 'kt_lang')).toBeUndefined();
    expect(cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('shows the member sections and upload in the user menu, then signs out', async () => {
    await page.waitForLoadState('networkidle');
    await userMenu().click();
    const panel = page.locator('#user-menu-list');
    // Messages, the ten member sections and Upload.
    await expect(panel.getByRole('link').count()).resolves.toBe(12);
    await expect(panel.locator('a[href="/messages/"]').count()).resolves.toBe(1);
    await panel.getByRole('link', { name: 'Upload', exact: true }).click();
    await page.getByRole('heading', { name: 'Upload video' }).waitFor();
    await signOut();
    await page.goto(`${server.url}/upload-video/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
