// Issue 16 in Chromium: for each of the 20 languages the home page, a video page, the login modal and
// the age gate (a visitor from Germany, through the trusted COUNTRY_HEADER) render in that language,
// hydrated without a mismatch; switching in the selector changes the texts and <html lang> without
// fetching the page's loader data again. Screenshots of the header and footer in German, Japanese and
// Thai at 1280 px: /tmp/lang-{de,ja,th}.png.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../contract/catalog.ts';
import { launchChromium, waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { type RunningServer, startServer } from './server.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const LOCALES = path.resolve(import.meta.dirname, '../locales');
const TAGS: Partial<Record<Language, string>> = { cn: 'zh', cz: 'cs', dk: 'da', kr: 'ko', se: 'sv' };

type Texts = Record<string, Record<string, unknown>>;
const textsOf = (lang: Language) =>
  JSON.parse(readFileSync(path.join(LOCALES, `${lang}.json`), 'utf8')) as Texts;
/** A text of a locale file by its dotted key. */
function text(lang: Language, key: string): string {
  let node: unknown = textsOf(lang);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string' || node === '') throw new Error(`${lang}: no text for ${key}`);
  return node;
}

describe('the site in the 20 languages, in Chromium', () => {
  const dataDir = seededDataDir('languages');
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A visitor from Germany (an age-gate country) whose kt_lang is `lang`. */
  async function visitor(lang: Language | null, width = 1280): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { 'CF-IPCountry': 'DE' },
    });
    contexts.push(context);
    if (lang) await context.addCookies([{ name: 'kt_lang', value: lang, url: server.url }]);
    return context.newPage();
  }

  /** Console errors and page errors (a hydration mismatch is one). */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return problems;
  }

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SITE_NAME: 'Lang Tube', COUNTRY_HEADER: 'CF-IPCountry' });
    browser = await launchChromium();
  }, 200_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(LANGUAGES.map((lang) => [lang]))(
    '%s: the age gate, the home page, the login modal and a video page',
    async (lang) => {
      const page = await visitor(lang);
      const problems = problemsOf(page);
      await page.goto(`${server.url}/`);
      await waitForHydration(page, 'header .logo');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(TAGS[lang] ?? lang);

      // The age gate, in the visitor's language; entering hides it.
      await expect(page.locator('#age-gate-title').textContent()).resolves.toBe(text(lang, 'age_gate.title'));
      await page.getByRole('button', { name: text(lang, 'age_gate.enter') }).click();
      await page.locator('[data-age-gate]').waitFor({ state: 'hidden' });

      // The home page.
      await expect(page.locator('main h1').first().textContent()).resolves.toBe(text(lang, 'home.heading'));
      await expect(page.title()).resolves.toBe(`${text(lang, 'home.title')} - Lang Tube`);
      await expect(page.locator('footer').textContent()).resolves.toContain(text(lang, 'footer.terms'));

      // The login modal.
      await page.locator('header a.header__login').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect(
        dialog.locator(`label:has-text("${text(lang, 'component.login.usr')}")`).count(),
      ).resolves.toBe(1);
      await expect(
        dialog.getByRole('button', { name: text(lang, 'component.login.submit') }).count(),
      ).resolves.toBe(1);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // A video page, reached by a client-side navigation from the home page.
      await page.locator('main a[href^="/video/"]').first().click();
      await page.waitForURL(/\/video\/\d+\//);
      await page
        .locator('main .sr-only', { hasText: text(lang, 'video.added') })
        .first()
        .waitFor({ state: 'attached' });
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(TAGS[lang] ?? lang);
      // And loaded as a first page: server rendered in the language, hydrated without a mismatch.
      await page.reload();
      await waitForHydration(page, 'header .logo');
      await expect(page.locator('main').textContent()).resolves.toContain(text(lang, 'video.added'));
      expect(problems).toEqual([]);
    },
  );

  it('switches language in the selector without loading the page data again', async () => {
    const page = await visitor(null);
    await page.context().addInitScript(() => localStorage.setItem('_agv', '1'));
    const problems = problemsOf(page);
    await page.goto(`${server.url}/`);
    await waitForHydration(page, '#pref-language');
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url());
    });
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    const heading = page.locator('main h1').first();
    await expect(heading.textContent()).resolves.toBe(text('en', 'home.heading'));

    for (const lang of ['ja', 'de'] as const) {
      await page.selectOption('#pref-language', lang);
      await page.waitForFunction((tag) => document.documentElement.lang === tag, lang);
      await expect(heading.textContent()).resolves.toBe(text(lang, 'home.heading'));
      await expect(page.locator('footer').textContent()).resolves.toContain(text(lang, 'footer.privacy'));
      await expect(page.title()).resolves.toBe(`${text(lang, 'home.title')} - Lang Tube`);
      const cookies = await page.context().cookies(server.url);
      expect(cookies.find((c) => c.name === 'kt_lang')?.value).toBe(lang);
    }
    expect(dataRequests).toEqual([]);
    // Back to a language already loaded: remembered, no new file.
    const files: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/')) files.push(request.url());
    });
    await page.selectOption('#pref-language', 'ja');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(files).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('?lang= renders that language and is remembered in kt_lang', async () => {
    const page = await visitor('de');
    await page.goto(`${server.url}/?lang=th`);
    await waitForHydration(page, 'header .logo');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('th');
    const cookies = await page.context().cookies(server.url);
    expect(cookies.find((c) => c.name === 'kt_lang')?.value).toBe('th');
  });

  it('screenshots of the header and footer in German, Japanese and Thai at 1280 px', async () => {
    for (const lang of ['de', 'ja', 'th'] as const) {
      const page = await visitor(lang);
      await page.context().addInitScript(() => localStorage.setItem('_agv', '1'));
      await page.goto(`${server.url}/`);
      await waitForHydration(page, 'header .logo');
      await expect(page.locator('header').first().textContent()).resolves.toContain(
        text(lang, 'header.login'),
      );
      // The header above the footer: the page between them is left out of the picture.
      await page.addStyleTag({ content: 'main, .banner, aside { display: none !important; }' });
      await page.setViewportSize({ width: 1280, height: 320 });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(SHOTS, `lang-${lang}.png`), fullPage: true });
    }
  });
});
