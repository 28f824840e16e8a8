// Issue 17's categories, tags and models in the console, in Chromium: a moderator renames a category
// and the public /categories/ page shows the new title at once; sets a tag's mvp heading and the tag
// page shows it; creates a model and uploads its photo. The server keeps its caches on (the pages are
// visited first, so the edits must purge them). Screenshots: /tmp/shots/admin-models-1280.png (the
// list), /tmp/shots/admin-models-edit-1280.png (the edit view with the photo).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { seededDataDir } from './seeded.ts';
import { openSuiteSite, prepareSite, type SuiteSite } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

describe('the console’s categories, tags and models in Chromium', () => {
  const dataDir = seededDataDir('taxonomy');
  const env = { DATA_DIR: dataDir, SITE_NAME: 'Console Tube' };
  let site: SuiteSite;
  let category = { id: 0, dir: '', title: '' };
  let tag = { id: 0, dir: '' };
  let guest: Page;
  let staff: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ category, tag } = await prepareSite(env, async ({ db, user }) => {
      await user('e2e_tax_mod', 'moderator', 'tax-mod@example.com');
      const c = await db
        .selectFrom('categories')
        .select(['id', 'dir', 'title'])
        .where('gender', '=', 'str')
        .where('total_videos', '>', 0)
        .orderBy('total_videos', 'desc')
        .executeTakeFirstOrThrow();
      const t = await db
        .selectFrom('tags')
        .select(['id', 'dir'])
        .where('total_videos', '>', 0)
        .orderBy('total_videos', 'desc')
        .executeTakeFirstOrThrow();
      return {
        category: { id: Number(c.id), dir: c.dir, title: c.title },
        tag: { id: Number(t.id), dir: t.dir },
      };
    }));
    site = await openSuiteSite(env, 300_000);
    guest = await site.page();
    staff = await site.signedIn('e2e_tax_mod');
  }, 400_000);

  afterAll(() => site?.close());

  it('a renamed category shows on /categories/ at once', async () => {
    await guest.goto(`${site.url()}/categories/`);
    await expect(guest.locator('main').innerText()).resolves.toContain(category.title);

    await staff.goto(`${site.url()}/admin/categories/?q=${encodeURIComponent(category.dir)}`);
    await waitForHydration(staff, 'header .logo');
    await staff.locator('.tax-table a', { hasText: category.title }).first().click();
    await staff.waitForURL(`**/admin/categories/${category.id}/`);
    const title = staff.locator('#tax-edit-category-title');
    await title.fill('Renamed Seaside Category');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.locator('.console__notice', { hasText: 'Saved: the site shows it now.' }).waitFor();
    await staff.locator('h1.console__title', { hasText: 'Renamed Seaside Category' }).waitFor();

    await guest.goto(`${site.url()}/categories/`);
    const text = await guest.locator('main').innerText();
    expect(text).toContain('Renamed Seaside Category');
  });

  it("a tag's mvp heading and links show on the tag page at once", async () => {
    await guest.goto(`${site.url()}/tags/${tag.dir}/`);
    const before = await guest.locator('h1.page__title').innerText();
    expect(before).not.toBe('Handpicked Harbour Clips');

    await staff.goto(`${site.url()}/admin/tags/${tag.id}/`);
    await waitForHydration(staff, 'header .logo');
    await staff.locator('#tax-edit-tag-h1').fill('Handpicked Harbour Clips');
    await staff.locator('#tax-edit-tag-mtitle').fill('Harbour clips, picked by hand');
    await staff.getByRole('button', { name: 'Add a link' }).click();
    await staff.getByRole('textbox', { name: 'Link text' }).fill('Broken link');
    await staff.getByRole('textbox', { name: 'Address', exact: true }).fill('javascript:alert(1)');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    // Checked in the browser first, with the server's rules: nothing is sent.
    await staff.locator('.tax-form__link-error', { hasText: 'Invalid address' }).waitFor();
    await staff.getByRole('textbox', { name: 'Link text' }).fill('Harbour guide');
    await staff.getByRole('textbox', { name: 'Address', exact: true }).fill('/search/1/?s=harbour');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.locator('.console__notice', { hasText: 'Saved: the site shows it now.' }).waitFor();

    await guest.goto(`${site.url()}/tags/${tag.dir}/`);
    await expect(guest.locator('h1.page__title').innerText()).resolves.toBe('Handpicked Harbour Clips');
    await expect(guest.title()).resolves.toContain('Harbour clips, picked by hand');
    await expect(
      guest.locator('.tag-cloud a', { hasText: 'Harbour guide' }).getAttribute('href'),
    ).resolves.toBe('/search/1/?s=harbour');
  });

  it('creates a model, uploads its photo, and lists it', async () => {
    await staff.goto(`${site.url()}/admin/models/`);
    await waitForHydration(staff, 'header .logo');
    await staff.locator('#tax-new-model-title').fill('Marlowe Quinn');
    await staff.locator('#tax-new-model-birth_date').fill('1994-03-12');
    await staff.locator('#tax-new-model-country').fill('ie');
    await staff.locator('#tax-new-model-hair').selectOption('4');
    await staff.locator('#tax-new-model-height').fill('171');
    await staff.getByRole('button', { name: 'Create', exact: true }).click();
    await staff.waitForURL(/\/admin\/models\/\d+\/$/);
    await staff.locator('.console__notice', { hasText: 'Created.' }).waitFor();

    const photo = await sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: 70, g: 110, b: 160 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="600" height="800"><circle cx="300" cy="300" r="150" fill="#e0c0a0"/><rect x="150" y="480" width="300" height="320" rx="60" fill="#2a3f5f"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    await staff
      .locator('#tax-image-model')
      .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
    await staff.getByRole('button', { name: 'Upload' }).click();
    await staff.locator('.console__notice', { hasText: 'Picture saved.' }).waitFor();
    const src = await staff.locator('.tax-image__preview').getAttribute('src');
    expect(src).toMatch(/^\/media\/taxonomy\/model\/\d+-.+\.webp$/);
    await staff.screenshot({ path: path.join(SHOTS, 'admin-models-edit-1280.png'), fullPage: true });
    // Nothing wider than the window (the edit view's side column holds the file input).
    await expect(staff.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      1280,
    );

    await guest.goto(`${site.url()}/pornstar/marlowe-quinn/`);
    await expect(guest.locator('main').innerText()).resolves.toContain('Marlowe Quinn');
    await expect(guest.locator(`main img[src="${src}"]`).count()).resolves.toBeGreaterThan(0);

    await staff.goto(`${site.url()}/admin/models/`);
    await waitForHydration(staff, 'header .logo');
    await staff.locator('.tax-table a', { hasText: 'Marlowe Quinn' }).waitFor();
    await staff.screenshot({ path: path.join(SHOTS, 'admin-models-1280.png'), fullPage: false });
  });
});
