import { describe, expect, it } from 'vitest';
import { pagesSitemap, SITEMAP_MAX_URLS, sitemapIndex, videosSitemap } from './sitemap.ts';

describe('sitemaps', () => {
  it('an index names one video file per 50,000 URLs', () => {
    const xml = sitemapIndex('https://t.example', Math.ceil(120_001 / SITEMAP_MAX_URLS));
    // The x-default files (which are English's too) and the same again for the 19 other languages.
    expect(xml.match(/<sitemap>/g)).toHaveLength(4 * 20);
    expect(xml).toContain('<loc>https://t.example/sitemaps/videos-3.xml</loc>');
    expect(xml).toContain('<loc>https://t.example/sitemaps/ja/videos-3.xml</loc>');
    expect(xml).not.toContain('/sitemaps/en/');
  });

  it('a language file lists its pages with ?lang=<code>', () => {
    expect(pagesSitemap('https://t.example', ['/', '/tags/'], 'kr')).toContain(
      '<loc>https://t.example/tags/?lang=kr</loc>',
    );
    expect(pagesSitemap('https://t.example', ['/'])).toContain('<loc>https://t.example/</loc>');
  });

  it('escapes titles and clamps durations', () => {
    const xml = videosSitemap('https://t.example', [
      {
        id: 7,
        dir: 'a-b',
        title: 'Tom & <Jerry>',
        description: '',
        duration: 0,
        views: 5,
        post_date: new Date('2026-01-02T03:04:05Z'),
        poster_key: 'p/7.jpg',
      },
    ]);
    expect(xml).toContain('<video:title>Tom &amp; &lt;Jerry&gt;</video:title>');
    expect(xml).toContain('<video:duration>1</video:duration>');
    expect(xml).toContain('<video:publication_date>2026-01-02T03:04:05.000Z</video:publication_date>');
  });
});
