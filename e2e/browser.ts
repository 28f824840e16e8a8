import { type Browser, chromium, type Page } from 'playwright-core';
import { chooseChromium } from './chromium.ts';

/** Headless Chromium (e2e/chromium.ts says which), with the flags that work as root on these machines (NOTES.md). */
export async function launchChromium(): Promise<Browser> {
  const { path } = await chooseChromium();
  return chromium.launch({
    executablePath: path,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Waits until the page's code has hydrated the element `selector` names. Typing into a server-rendered
 * input before that is lost (its onChange never runs), which made the search test depend on how busy the
 * machine was. The browser runs Preact (app/preact/): it hydrates the whole document in one synchronous
 * pass and then keeps its tree on <html> (`__k`, Preact's stable name for a root's children); React, if
 * it ever runs there again, keeps its props on each node it owns (`__reactProps$…`).
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const node = document.querySelector(css);
    return (
      node !== null &&
      ('__k' in document.documentElement || Object.keys(node).some((key) => key.startsWith('__reactProps$')))
    );
  }, selector);
}

/** Signs `username` in through the site's sign-in page; resolves once the header shows the user menu. */
export async function signInThroughPage(
  page: Page,
  siteUrl: string,
  username: string,
  password = 'secret12',
): Promise<void> {
  await page.goto(`${siteUrl}/signin/`);
  await page.waitForLoadState('networkidle');
  await page.locator('main input[name="usr"]').fill(username);
  await page.locator('main input[name="pwd"]').fill(password);
  await page.locator('main button[type="submit"]').first().click();
  await page.locator('header .user-menu__toggle').waitFor({ timeout: 60_000 });
}
