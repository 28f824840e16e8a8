// Page weight budgets (issue 29 item 2), on the built app (needs `npx react-router build`) and a catalogue
// as full as the demo's home: 130 videos with posters and previews, 60 models, 100 offered keywords.
// The targets: the home page's HTML at most 70 KB as sent and 20 KB brotli-compressed; the first
// load's JavaScript of every page type (home, a listing, a video page, a model page, a member page: the
// module scripts the page names — modulepreload links, module scripts and the route modules its inline
// bootstrap imports) at most 120 KB brotli-compressed together.
// Both hold: the home's HTML since session 14 (no ItemList on the home, class-less card meta and
// placeholders), the first-load JavaScript since session 17, when the browser build moved to Preact
// (preact/compat in place of react-dom, which alone was 56 KB of the 138-162 KB of before; app/preact/,
// docs/decisions.md "The browser runs Preact"): about 91-111 KB.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertCategories, insertUser, insertVideo } from '../test/fixtures.ts';

const KB = 1024;
const HOME_HTML_TARGET = 70 * KB;
const HOME_WIRE_MAX = 20 * KB;
const FIRST_LOAD_JS_TARGET = 120 * KB;
const CLIENT_BUILD = path.resolve(import.meta.dirname, '../../build/client');

const WORDS = ['Evening', 'Morning', 'Sunday', 'Rainy Day', 'Late Night', 'Weekend', 'Studio', 'Garden'];
const THINGS = ['Warm Up', 'Workout', 'Chroma Check', 'Title Card', 'Slate', 'Colour Bars', 'Dance', 'Walk'];

const brotli = (bytes: Buffer | string) => brotliCompressSync(bytes).length;

/** The module scripts a page's first load runs: its modulepreloads, module scripts and route imports. */
function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script[^>]* src="([^"]+)"[^>]*type="module"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]* src="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import(?: \* as \w+ from |\()"(\/assets\/[^"]+\.js)"/g))
    urls.add(m[1] as string);
  return [...urls].filter((url) => url.startsWith('/assets/'));
}

describe('page weight budgets (issue 29)', () => {
  let t: TestApp;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const db = t.database.handle.db;
    const categories = await insertCategories(db, ['outdoor', 'studio']);
    const videos: { id: number; dir: string }[] = [];
    for (let i = 0; i < 130; i++) {
      const title = `${WORDS[i % WORDS.length]} ${THINGS[(i * 3) % THINGS.length]} ${i + 1}`;
      const likes = i % 4 === 0 ? 0 : 3 + (i % 7);
      const row = await insertVideo(
        db,
        {
          title,
          duration: 60 + i * 37,
          views: 1 + i * 997,
          likes,
          dislikes: i % 3,
          daysAgo: i % 40,
          categories: [i % 2 ? 'outdoor' : 'studio'],
          height: i % 3 ? 720 : 480,
        },
        categories,
      );
      videos.push(row);
      await db
        .insertInto('video_files')
        .values({
          video_id: row.id,
          kind: 'preview',
          format: '',
          storage_key: `fixture/${row.id}/preview.mp4`,
          mime: 'video/mp4',
        })
        .execute();
    }
    const models = await db
      .insertInto('models')
      .values(Array.from({ length: 60 }, (_, i) => ({ dir: `model-${i + 1}`, title: `Model Name ${i + 1}` })))
      .returning(['id', 'dir'])
      .execute();
    await db
      .insertInto('video_models')
      .values(models.map((m, i) => ({ model_id: m.id, video_id: (videos[i] as { id: number }).id })))
      .execute();
    await db
      .insertInto('search_keywords')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          keyword: `${THINGS[i % THINGS.length]?.toLowerCase()} ${i}`,
          searches: 50 + i,
          visitors: 20,
          results: 5,
        })),
      )
      .execute();
    const member = await insertUser(db, 'weightwatcher');
    const video = videos[0] as { id: number; dir: string };
    const get = async (url: string) => {
      const r = await t.app.inject({ url, headers: { cookie: '_agv=1' } });
      expect(r.statusCode, url).toBe(200);
      return r.body;
    };
    pages.home = await get('/');
    pages.listing = await get('/videos/latest-updates/1/');
    pages.video = await get(`/video/${video.id}/${video.dir}/`);
    pages.model = await get(`/pornstar/${(models[0] as { dir: string }).dir}/`);
    pages.member = await get(`/members/${member.id}/`);
    if (process.env.PAGE_WEIGHT_DUMP)
      for (const [name, html] of Object.entries(pages))
        writeFileSync(`${process.env.PAGE_WEIGHT_DUMP}/${name}.html`, html);
  });
  afterAll(() => t.close());

  it('the home page is a full one: 60 cards', () => {
    expect([...(pages.home as string).matchAll(/class="card__title"/g)]).toHaveLength(60);
  });

  it(`home HTML: at most ${HOME_HTML_TARGET / KB} KB, ${HOME_WIRE_MAX / KB} KB brotli-compressed`, () => {
    const html = pages.home as string;
    const size = Buffer.byteLength(html);
    const wire = brotli(html);
    console.info(
      `home HTML ${(size / KB).toFixed(1)} KB (target ${HOME_HTML_TARGET / KB} KB), brotli ${(wire / KB).toFixed(1)} KB`,
    );
    expect(size).toBeLessThanOrEqual(HOME_HTML_TARGET);
    expect(wire).toBeLessThanOrEqual(HOME_WIRE_MAX);
  });

  it('icons are drawn once: no card repeats an inline <svg>', () => {
    const html = pages.home as string;
    const cards = [...html.matchAll(/<article class="card">.*?<\/article>/gs)].map((m) => m[0]);
    expect(cards).toHaveLength(60);
    expect(cards.filter((card) => card.includes('<svg'))).toEqual([]);
    // The header's few icons refer to the one sprite.
    expect([...html.matchAll(/<svg/g)].length).toBeLessThan(10);
  });

  it.each(['home', 'listing', 'video', 'model', 'member'])(
    `%s: first-load JavaScript at most ${FIRST_LOAD_JS_TARGET / KB} KB compressed`,
    (name) => {
      const scripts = firstLoadScripts(pages[name] as string);
      expect(scripts.length).toBeGreaterThan(3);
      const size = scripts.reduce((sum, url) => sum + brotli(readFileSync(path.join(CLIENT_BUILD, url))), 0);
      console.info(
        `${name}: ${scripts.length} scripts, ${(size / KB).toFixed(1)} KB brotli (target ${FIRST_LOAD_JS_TARGET / KB})`,
      );
      expect(size).toBeLessThanOrEqual(FIRST_LOAD_JS_TARGET);
    },
  );
});
