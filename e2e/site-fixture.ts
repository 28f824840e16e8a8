// What most browser suites set up in their beforeAll, in one place (issue 33): the data directory's
// database prepared before the server opens it (users, rows), the server, a Chromium with pages that
// close together, and a member signed in through the site's own pages.
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Role } from '../contract/accounts-values.ts';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { type DB, openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import type { AppServices } from '../server/services.ts';
import { readOutbox } from '../server/test/mail.ts';
import { launchChromium, signInThroughPage } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** The password of every account a suite makes. */
export const E2E_PASSWORD = 'secret12';

export interface PreparedSite {
  db: DB;
  services: AppServices;
  /** Creates an account (e-mail `<username>@example.com` unless given) and answers its id. */
  user(username: string, role: Role, email?: string): Promise<number>;
}

/**
 * Opens the data directory of `env` (migrated) with the app's services, runs `prepare`, and closes them
 * again: PGlite takes one process at a time, so this runs before the suite's server starts.
 */
export async function prepareSite<T>(
  env: Record<string, string>,
  prepare: (site: PreparedSite) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const handle = await openDatabase(config);
  try {
    await migrate(handle);
    const services = createServices(config, handle);
    const user = async (username: string, role: Role, email = `${username}@example.com`) =>
      (await services.accounts.createUser({ username, email, password: E2E_PASSWORD, role })).user_id;
    try {
      return await prepare({ db: handle.db, services, user });
    } finally {
      await services.accounts.close();
      await services.infra.closeInfra();
    }
  } finally {
    await handle.close();
  }
}

export interface SuiteSite {
  server: RunningServer;
  browser: Browser;
  /** The site's address with `path` (e.g. `/admin/videos/`). */
  url(path?: string): string;
  /** A page in a browser context of its own (a visitor of its own), `width` px wide. */
  page(width?: number, height?: number): Promise<Page>;
  /** A page of its own with `username` signed in through the sign-in page. */
  signedIn(username: string, width?: number): Promise<Page>;
  /** Closes the pages, the browser and the server, and removes the data directory. */
  close(): Promise<void>;
}

/** Starts the server on `env` (DATA_DIR is the suite's own, removed by close) and a Chromium. */
export async function openSuiteSite(
  env: Record<string, string>,
  startTimeoutMs?: number,
): Promise<SuiteSite> {
  const server = await startServer(env, startTimeoutMs);
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const contexts: BrowserContext[] = [];
  const site: SuiteSite = {
    server,
    browser,
    url: (path = '') => `${server.url}${path}`,
    async page(width = 1280, height = 900) {
      const context = await browser.newContext({ viewport: { width, height } });
      contexts.push(context);
      return context.newPage();
    },
    async signedIn(username, width = 1280) {
      const page = await site.page(width);
      await signInThroughPage(page, server.url, username, E2E_PASSWORD);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      if (server.process.exitCode === null) await server.stop();
      if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
  return site;
}

/**
 * Signs a new member up through the API from `page` and follows the confirmation link of the mail, as a
 * visitor would; resolves with the member's id once the header shows the user menu.
 */
export async function signUpThroughMail(
  page: Page,
  site: SuiteSite,
  dataDir: string,
  account: { username: string; email: string },
): Promise<number> {
  const signup = await page.request.post(site.url('/api/signup.php'), {
    form: { ...account, password: E2E_PASSWORD },
  });
  expect(signup.status()).toBe(200);
  const id = ((await signup.json()) as { user_id: number }).user_id;
  const mail = readOutbox(dataDir).find((m) => m.to.includes(account.email));
  const link = new URL(mail?.link ?? '');
  await page.goto(site.url(`${link.pathname}${link.search}`));
  await page.locator('header .user-menu__toggle').waitFor();
  return id;
}
