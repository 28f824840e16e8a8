import { describe, expect, it } from 'vitest';
import type { VideoDetail } from '../../contract/catalog.ts';
import {
  appliedParams,
  canonicalUrl,
  fullTitle,
  languageAlternates,
  languageUrl,
  pageMeta,
  robotsFor,
  videoJsonLd,
} from './seo.ts';

const site = { name: 'TubeSite', publicUrl: 'https://tube.example' };

describe('canonicalUrl', () => {
  it('joins the public URL and the path', () => {
    expect(canonicalUrl('https://tube.example', '/videos/latest-updates/1/')).toBe(
      'https://tube.example/videos/latest-updates/1/',
    );
  });
  it('drops a trailing slash of the public URL', () => {
    expect(canonicalUrl('https://tube.example/', '/')).toBe('https://tube.example/');
  });
  it('keeps only the parameters the page reads, in their order, first value, never a tracking one', () => {
    const search =
      '?source=a&duration=2&s=cats&promo=b&campaign=c&r=d&playlist=5&title=t&video=v&thumb=x&plimit=1' +
      '&skip=2&camp=3&so=4&ad_tags=5&nplimit=6&utm_content=7&keep=1&s=dogs';
    expect(canonicalUrl('https://tube.example', '/search/1/', search, ['s', 'duration', 'playlist'])).toBe(
      'https://tube.example/search/1/?s=cats&duration=2',
    );
  });
  it('drops every parameter of a page that reads none', () => {
    expect(canonicalUrl('https://tube.example', '/video/1/a/', '?playlist=3&utm_content=x&foo=1')).toBe(
      'https://tube.example/video/1/a/',
    );
    expect(canonicalUrl('https://tube.example', '/x/', '?utm_source=a&rr=1')).toBe('https://tube.example/x/');
  });
  it('appliedParams names the filters that have a value', () => {
    expect(appliedParams({ duration: 2, date: undefined, tattoo: false, hair: null })).toEqual([
      'duration',
      'tattoo',
    ]);
  });
});

describe('robotsFor', () => {
  it('indexes the first page', () => {
    expect(robotsFor(1)).toBe('all, index, follow');
  });
  it('does not index later pages but follows them', () => {
    expect(robotsFor(2)).toBe('noindex, follow');
    expect(robotsFor(20)).toBe('noindex, follow');
  });
});

describe('fullTitle', () => {
  it('appends the site name once', () => {
    expect(fullTitle('Categories', 'TubeSite')).toBe('Categories - TubeSite');
    expect(fullTitle('TubeSite', 'TubeSite')).toBe('TubeSite');
    expect(fullTitle('', 'TubeSite')).toBe('TubeSite');
  });
});

describe('languages in addresses', () => {
  it('the canonical keeps a valid lang and drops an unknown one', () => {
    expect(canonicalUrl('https://tube.example', '/tags/', '?lang=de&utm_content=x')).toBe(
      'https://tube.example/tags/?lang=de',
    );
    expect(canonicalUrl('https://tube.example', '/tags/', '?lang=xx')).toBe('https://tube.example/tags/');
  });
  it('the default language has no address of its own: ?lang=en names the address without it', () => {
    expect(canonicalUrl('https://tube.example', '/', '?lang=en')).toBe('https://tube.example/');
    expect(canonicalUrl('https://tube.example', '/pornstars/x/1/', '?letter=a&lang=en', ['letter'])).toBe(
      'https://tube.example/pornstars/x/1/?letter=a',
    );
  });

  it('lists the 20 languages (BCP 47 tags) and x-default without the parameter', () => {
    const links = languageAlternates('https://tube.example', { pathname: '/tags/', search: '?lang=ja&so=1' });
    expect(links).toHaveLength(21);
    expect(links).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'en',
      href: 'https://tube.example/tags/',
    });
    expect(links).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'cs',
      href: 'https://tube.example/tags/?lang=cz',
    });
    expect(links.at(-1)).toEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://tube.example/tags/',
    });
    expect(languageUrl('https://tube.example', '/s/', '?q=a&x=1&lang=de', 'th', ['q'])).toBe(
      'https://tube.example/s/?q=a&lang=th',
    );
  });
});

describe('pageMeta', () => {
  it('emits title, description, robots, canonical and Open Graph', () => {
    const meta = pageMeta({
      site,
      location: { pathname: '/videos/top-rated/2/', search: '?campaign=x' },
      title: 'Top rated',
      description: 'Best videos',
      page: 2,
      image: '/media/p.jpg',
    });
    expect(meta).toEqual([
      { title: 'Top rated - TubeSite' },
      { name: 'description', content: 'Best videos' },
      { name: 'robots', content: 'noindex, follow' },
      { tagName: 'link', rel: 'canonical', href: 'https://tube.example/videos/top-rated/2/' },
      { property: 'og:site_name', content: 'TubeSite' },
      { property: 'og:type', content: 'website' },
      { property: 'og:title', content: 'Top rated' },
      { property: 'og:description', content: 'Best videos' },
      { property: 'og:url', content: 'https://tube.example/videos/top-rated/2/' },
      ...languageAlternates(site.publicUrl, { pathname: '/videos/top-rated/2/', search: '' }),
      { property: 'og:image', content: 'https://tube.example/media/p.jpg' },
      { name: 'twitter:card', content: 'summary_large_image' },
    ]);
  });
  it('lets error pages override robots', () => {
    const meta = pageMeta({
      site,
      location: { pathname: '/nope/', search: '' },
      title: 'Content not found!',
      description: '',
      robots: 'noindex, follow',
    });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });
  it('gives an error page no canonical, og:url or alternates, and noindex', () => {
    const meta = pageMeta({
      site,
      location: { pathname: '/nope/', search: '' },
      title: 'Content not found!',
      description: '',
      errorPage: true,
    });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, follow' });
    expect(meta.some((m) => 'rel' in m || ('property' in m && m.property === 'og:url'))).toBe(false);
  });
  it('does not index an empty listing, even its first page', () => {
    const meta = pageMeta({
      site,
      location: { pathname: '/', search: '' },
      title: 'x',
      description: '',
      empty: true,
    });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });
  it('keeps the query parameters the page names in its canonical and alternates', () => {
    const meta = pageMeta({
      site,
      location: { pathname: '/videos/top-rated/1/', search: '?foo=1&duration=2&lang=de' },
      title: 'x',
      description: '',
      query: ['duration'],
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://tube.example/videos/top-rated/1/?duration=2&lang=de',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://tube.example/videos/top-rated/1/?duration=2',
    });
  });
});

describe('videoJsonLd', () => {
  it('describes a video with absolute URLs and the best file', () => {
    const video: VideoDetail = {
      video_id: 7,
      dir: 'test-pattern',
      title: 'Test pattern',
      duration: '2:05',
      duration_sec: 125,
      post_date: '2025-01-02T03:04:05.000Z',
      rating: 90,
      video_viewed: 1234,
      scr: '/media/7/poster.jpg',
      hd: true,
      statistics: { viewed: 1234, likes: 9, dislikes: 1, comments_count: 0 },
      description: '',
      status_id: 1,
      user: null,
      channel: null,
      models: [],
      categories: [],
      tags: [],
      files: [
        { format: '480p', url: '/media/7/480.mp4', mime: 'video/mp4', height: 480 },
        { format: '720p', url: '/media/7/720.mp4', mime: 'video/mp4', height: 720 },
      ],
    };
    expect(videoJsonLd(video, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Test pattern',
      description: 'Test pattern',
      thumbnailUrl: ['https://tube.example/media/7/poster.jpg'],
      uploadDate: '2025-01-02T03:04:05.000Z',
      duration: 'PT2M5S',
      contentUrl: 'https://tube.example/media/7/720.mp4',
      embedUrl: 'https://tube.example/embed/7/test-pattern/',
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: 1234,
      },
    });
    // With signed media (MEDIA_SIGNING) a file URL expires or answers 403: only the embed is given.
    const signed = videoJsonLd(video, { ...site, signedMedia: true });
    expect(signed.contentUrl).toBeUndefined();
    expect(signed.embedUrl).toBe('https://tube.example/embed/7/test-pattern/');
  });
});
