// /robots.txt and the sitemaps (an index, one file of object pages, video files of ≤ 50,000 URLs; the
// same files again per language under /sitemaps/<code>/, listing the `?lang=<code>` addresses; the default
// language's are the files without a code, and /sitemaps/en/… moves there).
// Served from the response cache for a day: a sitemap of 50,000 videos is tens of megabytes of XML.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/catalog.ts';
import { notFound } from '../errors.ts';
import type { ResponseCache } from '../lib/response-cache.ts';
import { pagesSitemap, robotsTxt, sitemapIndex, videosSitemap } from '../modules/catalog/sitemap.ts';
import type { AppServices } from '../services.ts';
import { contractRoutes, errors } from './contract.ts';

const SITEMAP_LIFETIME = 86_400;

/** Text or XML bytes from the cache: described, not shape-checked (only JSON bodies are). */
const document = (description: string) => z.any().describe(description);
const seo = <E extends object>(summary: string, extra: E = {} as E) => ({
  schema: {
    tags: ['seo'],
    summary,
    response: {
      200: document(summary),
      // The site-wide trailing-slash redirect (app.ts) answers a last segment without a dot.
      301: document(
        "Redirect to the same path with a trailing slash, or from the default language's sitemap to the file without a language",
      ),
      ...errors(404),
    },
    ...extra,
  },
});
/** `pages.xml` or `videos-{n}.xml`; anything else names nothing. */
const sitemapFile = z.string().regex(/^(pages|videos-[1-9]\d{0,5})\.xml$/, 'not_found');

export function registerSeoRoutes(app: FastifyInstance, services: AppServices, cache: ResponseCache) {
  const origin = services.site.publicUrl.replace(/\/+$/, '');
  const xml = (load: () => Promise<string>) => async () => Buffer.from(await load());

  const api = contractRoutes(app);
  api.get('/robots.txt', seo('robots.txt, pointing at the sitemap index.'), async (_request, reply) =>
    reply
      .header('cache-control', `public, max-age=${SITEMAP_LIFETIME}`)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(origin)),
  );

  api.get(
    '/sitemap.xml',
    seo('The sitemap index: the pages file and one file per 50,000 videos, then the same per language.'),
    async (request, reply) => {
      const body = await cache.getOrLoad(
        request.url,
        SITEMAP_LIFETIME,
        xml(async () => sitemapIndex(origin, await services.listings.sitemapVideoFiles())),
      );
      return reply
        .header('cache-control', `public, max-age=${SITEMAP_LIFETIME}`)
        .type('application/xml; charset=utf-8')
        .send(body);
    },
  );

  const sitemap = seo('One sitemap file: pages.xml or videos-{n}.xml.', {
    params: z.object({ file: sitemapFile }),
  });
  const sendSitemap = async (url: string, file: string, lang: Language | null, reply: FastifyReply) => {
    let load: () => Promise<string>;
    if (file === 'pages.xml') {
      load = async () => pagesSitemap(origin, await services.listings.sitemapPages(), lang);
    } else {
      const n = /^videos-([1-9]\d{0,5})\.xml$/.exec(file)?.[1];
      if (!n) throw notFound();
      load = async () => {
        const videos = await services.listings.sitemapVideos(Number(n));
        if (!videos) throw notFound();
        return videosSitemap(origin, videos, lang);
      };
    }
    const body = await cache.getOrLoad(url, SITEMAP_LIFETIME, xml(load));
    return reply
      .header('cache-control', `public, max-age=${SITEMAP_LIFETIME}`)
      .type('application/xml; charset=utf-8')
      .send(body);
  };
  api.get('/sitemaps/:file', sitemap, async (request, reply) =>
    sendSitemap(request.url, request.params.file, null, reply),
  );

  const languageSitemap = seo('One sitemap file of a language: its pages with `?lang=<code>`.', {
    params: z.object({ lang: z.enum(LANGUAGES, 'not_found'), file: sitemapFile }),
  });
  api.get('/sitemaps/:lang/:file', languageSitemap, async (request, reply) => {
    const { lang, file } = request.params;
    // `?lang=en` pages canonicalise to the address without it: one file lists them, /sitemaps/<file>.
    if (lang === DEFAULT_LANGUAGE) return reply.redirect(`/sitemaps/${file}`, 301);
    return sendSitemap(request.url, file, lang, reply);
  });
}
