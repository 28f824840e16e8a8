// Every address in every sitemap answers 200 to a crawler without cookies (needs `npm run build`), on
// the demo catalogue (three orientations; its rows written without making the media: the clips are
// described, not encoded). A category of another orientation than the default one is a 404 without
// the orientation cookie, and no page address carries an orientation, so the sitemap leaves those out.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_LANGUAGES } from '../modules/catalog/sitemap.ts';
import type { DemoClip } from '../seed/demo-media.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';

/** The twelve demo clips as the catalogue refers to them (files named, never made). */
function describedClips(): DemoClip[] {
  const seconds = [30, 95, 240, 420, 610, 900, 1500, 2300, 2500, 3600, 3480, 300];
  return seconds.map((duration, i) => {
    const mediaKey = `demo/clip-${String(i + 1).padStart(2, '0')}`;
    const file = (kind: DemoClip['files'][number]['kind'], format: string, name: string, mime: string) => ({
      kind,
      format,
      storageKey: `${mediaKey}/${name}`,
      mime,
      width: 854,
      height: 480,
      sizeBytes: 1000,
      bitrate: kind === 'mp4' ? 1000 : null,
    });
    return {
      number: i + 1,
      mediaKey,
      title: `Clip ${i + 1}`,
      source: 'testsrc',
      duration,
      width: 854,
      height: 480,
      files: [
        file('mp4', '480p', '480p.mp4', 'video/mp4'),
        file('poster', '', 'poster.jpg', 'image/jpeg'),
        file('thumb', '1', 'thumbs/1.jpg', 'image/jpeg'),
        file('sprite', '0', 'sprites/0.jpg', 'image/jpeg'),
        file('preview', '', 'preview.mp4', 'video/mp4'),
      ],
      timeline: {
        count: 1,
        intervalSeconds: 10,
        vtt: 'WEBVTT\n\n00:00.000 --> 00:10.000\nsprites/0.jpg#xywh=0,0,160,90\n',
      },
    };
  });
}

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

describe.each(databaseKinds())('sitemaps on the demo catalogue on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'sitemap-media-'));
    // No long videos through the pipeline: their pages are like the others', and that needs real media.
    const report = await seedDemo(t.database.handle, {
      mediaDir,
      clips: Promise.resolve(describedClips()),
      longVideoSeconds: [],
    });
    expect(report.seeded).toBe(true);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ url });
  const local = (loc: string) => {
    const url = new URL(loc);
    expect(url.origin).toBe('http://tube.test');
    return url.pathname + url.search;
  };

  it('every URL of every file answers 200 to a request without cookies', { timeout: 600_000 }, async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const files = locs(index.body).map(local);
    const plain = files.filter((f) => /^\/sitemaps\/[^/]+\.xml$/.test(f));
    expect(plain).toContain('/sitemaps/pages.xml');
    expect(plain).toContain('/sitemaps/videos-1.xml');
    // English is the files without a code (its `?lang=en` pages canonicalise there).
    expect(files).toHaveLength(plain.length * (SITEMAP_LANGUAGES.length + 1));

    const failures: string[] = [];
    const paths = new Map<string, string[]>();
    for (const file of plain) {
      const answer = await get(file);
      expect(answer.statusCode, file).toBe(200);
      const urls = locs(answer.body).map(local);
      paths.set(file, urls);
      for (const url of urls) {
        const page = await get(url);
        if (page.statusCode !== 200) failures.push(`${page.statusCode} ${url}`);
        // A sitemap lists canonical, indexable addresses only (issue 34 item 7): each page names itself.
        const canonical = /<link rel="canonical" href="([^"]+)"/
          .exec(page.body)?.[1]
          ?.replaceAll('&amp;', '&');
        if (canonical !== `http://tube.test${url}`) failures.push(`canonical ${canonical} of ${url}`);
        const robots = /<meta name="robots" content="([^"]+)"/.exec(page.body)?.[1];
        if (robots !== 'all, index, follow') failures.push(`robots ${robots} of ${url}`);
      }
    }
    expect(failures).toEqual([]);
    // The pages of the default orientation are there, the other orientations' categories are not.
    const pages = paths.get('/sitemaps/pages.xml') ?? [];
    expect(pages.filter((p) => p.startsWith('/categories/') && p !== '/categories/').length).toBeGreaterThan(
      10,
    );
    const others = await t.database.handle.db
      .selectFrom('categories')
      .select('dir')
      .where('gender', '<>', 'str')
      .execute();
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) expect(pages).not.toContain(`/categories/${c.dir}/latest-updates/1/`);

    // A language's files list the same pages with ?lang=<code> (the language never makes a page a 404).
    for (const lang of SITEMAP_LANGUAGES) {
      for (const file of plain) {
        const answer = await get(file.replace('/sitemaps/', `/sitemaps/${lang}/`));
        expect(answer.statusCode).toBe(200);
        const expected = (paths.get(file) ?? []).map((p) => `${p}${p.includes('?') ? '&' : '?'}lang=${lang}`);
        expect(locs(answer.body).map(local)).toEqual(expected);
      }
    }
  });
});
