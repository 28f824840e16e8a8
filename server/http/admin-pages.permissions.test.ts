// The console's pages through the real SSR build (issue 17): every page route under /admin/ — read from
// app/routes.ts, so a page added later is covered without editing this file — answers a guest and a
// member 403 with the spec's 'You do not have permission to view.' (never 200, never 500), and refuses
// their form posts; the administrators' pages refuse a moderator too. Staff get the page inside the
// console frame, whose menu shows a moderator no administrators' section.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../lib/english.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { ORIGIN } from '../test/check-params-kit.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

/** What a staff page shows a member (the pages' `*.forbidden` texts are this sentence). */
const FORBIDDEN_MESSAGE = english('moderation.forbidden');

/** The administrators' pages (AdminFrame's `admin` sections); the rest are for moderators too. */
const ADMINISTRATORS_ONLY = ['ads', 'audit', 'quarantine', 'settings', 'users'];

/** `route('admin/…', …)` entries of the route table, as URLs (a `:param` becomes 1). */
function consolePages(): string[] {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../app/routes.ts'), 'utf8');
  const pages = [...source.matchAll(/route\(\s*['"`](admin\/[^'"`]*)['"`]/g)].map(
    (m) => `/${(m[1] ?? '').replace(/:\w+\??/g, '1')}`,
  );
  return [...new Set(pages)];
}
const sectionOf = (url: string) => url.split('/')[2] ?? '';
/** The page's text as a browser shows it (React escapes the apostrophes and quotes it renders). */
const text = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

describe('every /admin/ page refuses guests and members', () => {
  let t: TestApp;
  let roles: RoleFixture;
  const pages = consolePages();

  beforeAll(async () => {
    t = await createTestApp('pglite');
    roles = await createRoles(t, 'pageperm');
  });
  afterAll(() => t.close());

  const get = (url: string, who: RoleName) =>
    t.app.inject({ method: 'GET', url, headers: { ...roles.headers(who), host: 'tube.test' } });

  it('reads the console pages from app/routes.ts', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        '/admin/moderation/',
        '/admin/reports/',
        '/admin/age-verification/',
        '/admin/ads/',
        '/admin/audit/',
      ]),
    );
  });

  it.each(['guest', 'member'] as const)(
    'a %s gets the 403 page on each, and its posts are refused',
    async (who) => {
      const wrong: string[] = [];
      for (const url of pages) {
        const res = await get(url, who);
        if (res.statusCode !== 403 || !text(res.body).includes(FORBIDDEN_MESSAGE))
          wrong.push(`GET ${url} → ${res.statusCode}`);
        // A form post from the site itself: refused too (403), or no action at all (405).
        const post = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            ...roles.headers(who),
            host: 'tube.test',
            origin: ORIGIN,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'act=delete&id=1&video_id=1&user_id=1',
        });
        if (post.statusCode !== 403 && post.statusCode !== 405)
          wrong.push(`POST ${url} → ${post.statusCode}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('a moderator gets the 403 page on the administrators’ pages', async () => {
    const adminPages = pages.filter((url) => ADMINISTRATORS_ONLY.includes(sectionOf(url)));
    expect(adminPages).toEqual(expect.arrayContaining(['/admin/ads/', '/admin/audit/']));
    const wrong: string[] = [];
    for (const url of adminPages) {
      const res = await get(url, 'moderator');
      if (res.statusCode !== 403 || !text(res.body).includes(FORBIDDEN_MESSAGE))
        wrong.push(`GET ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('staff get each page inside the console frame; a moderator’s menu has no administrators’ section', async () => {
    const wrong: string[] = [];
    for (const url of pages.filter((u) => !/\/1\//.test(u))) {
      const res = await get(url, 'administrator');
      if (res.statusCode !== 200 || !res.body.includes('class="console__nav"'))
        wrong.push(`${url} → ${res.statusCode}${res.statusCode === 200 ? ' without the console menu' : ''}`);
    }
    expect(wrong).toEqual([]);
    const moderation = await get('/admin/moderation/', 'moderator');
    expect(moderation.statusCode).toBe(200);
    expect(moderation.body).toContain('href="/admin/moderation/"');
    for (const section of ADMINISTRATORS_ONLY)
      expect(moderation.body).not.toContain(`href="/admin/${section}/"`);
    const asAdmin = await get('/admin/moderation/', 'administrator');
    for (const section of ADMINISTRATORS_ONLY) expect(asAdmin.body).toContain(`href="/admin/${section}/"`);
  });
});
