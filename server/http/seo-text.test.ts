// F13 (audit, issue 11): titles and descriptions are stored as typed, markup and all; every SEO string
// made of them (the page head, Open Graph, JSON-LD, oEmbed and the video sitemap) is plain text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';

const TITLE = '<b>x</b><script>alert(1)</script>';
const DESCRIPTION = '<p>Bold <b>words</b></p>\n<script>alert("d")</script>  &amp; <i>more</i>';

describe('SEO text drops markup', () => {
  let t: TestApp;
  let video: { id: number; dir: string };

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CATALOG_CACHE: 'off' } });
    const db = t.database.handle.db;
    video = await insertVideo(db, { title: 'Markup Test Card' });
    await db
      .updateTable('videos')
      .set({ title: TITLE, description: DESCRIPTION })
      .where('id', '=', video.id)
      .execute();
  });
  afterAll(() => t.close());

  /** Every markup trace a tag could leave, raw or escaped. */
  const expectNoMarkup = (text: string) => {
    expect(text).not.toMatch(/<\/?(?:b|i|p|script)\b|&lt;|&amp;lt;|\\u003c|alert/i);
  };

  it('renders the head, Open Graph and JSON-LD of the video page as plain text', async () => {
    const res = await t.app.inject({ url: `/video/${video.id}/${video.dir}/` });
    expect(res.statusCode).toBe(200);
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)?.[1] ?? '';
    expect(head).toContain('<title>x - TestTube</title>');
    expect(head).toContain('<meta name="description" content="Bold words &amp; more"/>');
    expect(head).toContain('<meta property="og:title" content="x"/>');
    expect(head).toContain('<meta property="og:description" content="Bold words &amp; more"/>');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    const json = JSON.parse(ld) as { name: string; description: string };
    expect([json.name, json.description]).toEqual(['x', 'Bold words & more']);
    // Nothing but the app's own script tags: no markup of the title's survives anywhere in the head.
    expectNoMarkup(
      head.replace(/<script type="application\/ld\+json">/g, '').replace(/<\/?script[^>]*>/g, ''),
    );
  });

  it('writes the video sitemap and oEmbed without markup', async () => {
    const xml = (await t.app.inject({ url: '/sitemaps/videos-1.xml' })).body;
    const entry = xml.split('<url>').find((u) => u.includes(`/video/${video.id}/`)) ?? '';
    expect(entry).toContain('<video:title>x</video:title>');
    expect(entry).toContain('<video:description>Bold words &amp; more</video:description>');
    expectNoMarkup(entry);
    const page = `http://tube.test/video/${video.id}/${video.dir}/`;
    const oembed = await t.app.inject({ url: `/oembed/?url=${encodeURIComponent(page)}&format=json` });
    expect(oembed.json().title).toBe('x');
    expect(oembed.json().html).toContain('title="x"');
  });
});
