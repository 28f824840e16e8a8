import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cacheKeyOf, createPageCache, withPageCache } from './page-cache.ts';

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init });

describe('anonymous page cache', () => {
  it('keys guests by URL and the orientation and language cookies only', () => {
    const get = (cookie?: string) =>
      new Request('http://x/videos/latest-updates/1/?a=1', cookie ? { headers: { cookie } } : {});
    expect(cacheKeyOf(get())).toBe('/videos/latest-updates/1/?a=1||');
    expect(cacheKeyOf(get('kt_gender=gay; kt_lang=de'))).toBe('/videos/latest-updates/1/?a=1|gay|de');
    expect(cacheKeyOf(get('sid=abc'))).toBeNull();
    expect(cacheKeyOf(new Request('http://x/', { method: 'POST' }))).toBeNull();
  });

  it('keys by the language the page renders in: a valid ?lang= first, then kt_lang', () => {
    const key = (query: string, cookie?: string) =>
      cacheKeyOf(new Request(`http://x/${query}`, cookie ? { headers: { cookie } } : {}));
    expect(key('', 'kt_lang=ja')).toBe('/||ja');
    expect(key('?lang=de', 'kt_lang=ja')).toBe('/?lang=de||de');
    expect(key('?lang=de')).toBe('/?lang=de||de');
    // An unknown value renders the default language, and so shares its key's language part.
    expect(key('?lang=xx', 'kt_lang=th')).toBe('/?lang=xx||th');
    expect(key('', 'kt_lang=zz')).toBe('/||');
    expect(key('', 'kt_lang=de')).not.toBe(key('', 'kt_lang=ja'));
  });

  it('renders once per lifetime for guests, always for members and unshareable answers', async () => {
    let now = 0;
    let renders = 0;
    const cached = withPageCache(
      async (request) => {
        renders++;
        if (request.url.endsWith('/cookie/'))
          return html('c', { headers: { 'set-cookie': 'a=b', 'content-type': 'text/html' } });
        if (request.url.endsWith('/missing/')) return html('404', { status: 404 });
        return html(`page ${renders}`);
      },
      { ttlMs: 1000, now: () => now },
    );
    const page = (path: string) => new Request(`http://x${path}`);
    const [a, b] = await Promise.all([cached(page('/')), cached(page('/'))]);
    expect([await a.text(), await b.text(), renders]).toEqual(['page 1', 'page 1', 1]);
    now = 999;
    expect(await (await cached(page('/'))).text()).toBe('page 1');
    now = 1001;
    expect(await (await cached(page('/'))).text()).toBe('page 2');
    await cached(page('/'), { user_id: 1, username: 'm', avatar: null, role: 'member' });
    expect(renders).toBe(3);
    await cached(page('/missing/'));
    await cached(page('/missing/'));
    await cached(page('/cookie/'));
    await cached(page('/cookie/'));
    expect(renders).toBe(7);
  });

  it('hands a live guest page to the front door, with the security headers and without a length', async () => {
    let now = 0;
    const pages = createPageCache(async () => html('page', { headers: { 'content-type': 'text/html' } }), {
      ttlMs: 1000,
      now: () => now,
    });
    const raw = (url: string, cookie?: string) =>
      ({ method: 'GET', url, headers: cookie ? { cookie } : {} }) as unknown as IncomingMessage;
    expect(pages.lookup(raw('/videos/'))).toBeUndefined(); // not rendered yet
    await pages.handler(new Request('http://x/videos/'));
    await pages.handler(new Request('http://x/embed/7/'));
    const hit = pages.lookup(raw('/videos/', 'kt_lang=en'));
    expect(hit).toBeUndefined(); // another language is another page
    const guest = pages.lookup(raw('/videos/'));
    expect(guest?.body.toString()).toBe('page');
    const headers = guest?.headers ?? [];
    expect(headers).toContain('x-frame-options');
    expect(headers).not.toContain('content-length');
    expect(pages.lookup(raw('/embed/7/'))?.headers).toContain('frame-ancestors *');
    expect(pages.lookup(raw('/videos/', 'tube_session=abc'))).toBeUndefined();
    expect(pages.lookup({ ...raw('/videos/'), method: 'HEAD' } as IncomingMessage)).toBeUndefined();
    expect(pages.lookup(raw('/api/json/x.json'))).toBeUndefined();
    now = 1001;
    expect(pages.lookup(raw('/videos/'))).toBeUndefined();
  });
});

describe('anonymous page cache memory (audit F18)', () => {
  const page = (path: string) => new Request(`http://x${path}`);

  it('drops an expired page without being asked for it again', async () => {
    const pages = createPageCache(async () => html('12345'), { ttlMs: 30 });
    await pages.handler(page('/a/'));
    await pages.handler(page('/b/'));
    expect(pages.stats()).toEqual({ entries: 2, bytes: 10 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(pages.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('stays under its byte cap, and still answers a page too large to keep', async () => {
    const pages = createPageCache(
      async (request) => html(request.url.endsWith('/big/') ? 'x'.repeat(11) : 'aaaa'),
      {
        ttlMs: 60_000,
        maxBytes: 10,
      },
    );
    await pages.handler(page('/a/'));
    await pages.handler(page('/b/'));
    await pages.handler(page('/c/'));
    expect(pages.stats()).toEqual({ entries: 2, bytes: 8 });
    expect(await (await pages.handler(page('/big/'))).text()).toBe('x'.repeat(11));
    expect(pages.stats().bytes).toBeLessThanOrEqual(10);
  });
});
