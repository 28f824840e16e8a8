// The catalogue's read calls (content.md §7). Each route validates its path against contract/, asks a
// service, and answers serialized bytes from the response cache: `{lifetime}` is both the
// Cache-Control max-age and the server-side lifetime; 0 is never cached anywhere (no-store).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  bucketOf,
  countsQuery,
  type Lifetime,
  relatedParams,
  searchQuery,
  suggesterQuery,
  topSearchesParams,
  videoParams,
  videos2Params,
} from '../../contract/catalog-api.ts';
import {
  relatedResponseSchema,
  suggestResponseSchema,
  topSearchesResponseSchema,
  videoResponseSchema,
  videos2ResponseSchema,
} from '../../contract/catalog-responses.ts';
import { DomainError, notFound } from '../errors.ts';
import {
  createMemoryResponseCache,
  createNoResponseCache,
  createRedisResponseCache,
  type ResponseCache,
} from '../lib/response-cache.ts';
import { clientAddress, compileTrust, type TrustProxy } from '../modules/geo/client-address.ts';
import type { AppServices } from '../services.ts';
import { registerCommentsRoute } from './acts.routes.ts';
import { type CatalogRouteDeps, createCachedAnswers, readCall } from './catalog-answers.ts';
import { registerObjectRoutes } from './catalog-objects.routes.ts';
import { registerCommunityRoutes } from './community.routes.ts';
import { registerCommunityListRoutes } from './community-list.routes.ts';
import { contractRoutes, errors, SESSION_OPTIONAL } from './contract.ts';
import type { FrontDoor } from './front-door.ts';
import { registerMemberRoutes } from './members.routes.ts';
import { registerSeoRoutes } from './seo.routes.ts';

export interface CatalogRoutesOptions {
  /** The process's Redis connection: the response cache lives there (shared by every process). */
  redis?: Redis | null;
  /** false: no response cache (CATALOG_CACHE=off). */
  cacheEnabled?: boolean;
  /** Overrides the CATALOG_CACHE environment switch (tests). */
  cache?: ResponseCache;
  /** Answers cache hits before Fastify (buildApp's server); without it the route hook does. */
  frontDoor?: FrontDoor;
  /** COMPRESSION: answers in br or gzip for clients that take them (compression.ts). */
  compress?: boolean;
  /** The signed-in member's id; by default `request.user.user_id` as the accounts layer decorates it. */
  viewerOf?: (request: FastifyRequest) => number | null | Promise<number | null>;
  /** TRUST_PROXY: whose X-Forwarded-For names the client a search is counted for (default: none). */
  trustProxy?: TrustProxy;
}

const SUGGEST_LIFETIME: Lifetime = 3600;

export async function registerCatalogRoutes(
  app: FastifyInstance,
  services: AppServices,
  options: CatalogRoutesOptions = {},
) {
  const cache =
    options.cache ??
    (options.cacheEnabled === false
      ? createNoResponseCache()
      : options.redis
        ? createRedisResponseCache(options.redis, {
            onError: (error) => app.log.warn({ err: error }, 'response cache'),
          })
        : createMemoryResponseCache());
  app.addHook('onClose', () => cache.close());
  registerSeoRoutes(app, services, cache);
  const viewerOf = options.viewerOf ?? ((request: FastifyRequest) => request.user?.user_id ?? null);

  const { cachedRoute, answer } = createCachedAnswers(cache, options.frontDoor, options.compress ?? false);

  const trust = compileTrust(options.trustProxy ?? false);
  const routes: CatalogRouteDeps = {
    api: contractRoutes(app),
    services,
    answers: { cachedRoute, answer },
    viewerOf,
    addressOf: (req) => clientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trust),
  };
  registerVideoRoutes(routes);
  registerObjectRoutes(routes);
  registerSuggestRoutes(routes);
  // The comments read call shares this cache: guests' answers are cached like the other read calls.
  registerCommentsRoute(routes);
  registerMemberRoutes(routes);
  registerCommunityRoutes(routes);
  registerCommunityListRoutes(routes);
  return {
    /** Drops stored answers by URL (a member's profile after they changed it: profile.routes.ts). */
    forgetAnswers: async (urls: string[]) => {
      await Promise.all(urls.map((url) => cache.delete(url)));
    },
    /** Drops every stored answer (a video taken down leaves the lists and sitemaps at once: DMCA). */
    forgetAllAnswers: () => cache.clear(),
  };
}

/** Video lists, search, one video and its related list. */
function registerVideoRoutes({ api, services, answers, viewerOf, addressOf }: CatalogRouteDeps) {
  const { answer } = answers;
  const { listings, search } = services;
  const read = <S extends FastifySchema>(schema: S, tags: string[], summary: string) =>
    readCall(answers, schema, tags, summary);

  api.get(
    '/api/json/videos2/:lifetime/:gender/:sort/:count/:file',
    read(
      {
        params: videos2Params,
        // The history section is the member's own (401 for a guest); the others are public lists.
        security: SESSION_OPTIONAL,
        response: { 200: videos2ResponseSchema, ...errors(400, 401, 403, 404) },
      },
      ['catalogue'],
      'Video lists by section (videos, categories, tags, channel, model, model_category, member, history, playlist).',
    ),
    async (request, reply) => {
      const { file: tail, ...path } = request.params;
      const params = { ...path, ...tail, objectId: tail.object_id };
      if (params.section === 'history') {
        // Private to its member: checked on every request, never from a shared cache.
        const viewer = await viewerOf(request);
        return answer(request, reply, 0, () => listings.videos2(params, viewer));
      }
      return answer(request, reply, params.lifetime, () => listings.videos2(params));
    },
  );

  api.get(
    '/api/videos2.php',
    read(
      { querystring: searchQuery, response: { 200: videos2ResponseSchema, ...errors(400) } },
      ['catalogue'],
      'Search: the videos whose title, tags, models or channel match `s`.',
    ),
    async (request, reply) => {
      const { lifetime, gender, sort, count, tail } = request.query.params;
      const text = search.searchText(request.query.s ?? '');
      const query = { gender, sort, count, page: tail.page, text, hd: tail.type === 'hd' };
      // Whether the term found videos is known from an unfiltered search this process ran (a filter
      // may leave nothing of a term that finds plenty); hits of the stored answer repeat it.
      const unfiltered = tail.type === 'all' && tail.duration === undefined && tail.date === 'all';
      let results: number | undefined;
      const load = async () => {
        const found = await listings.search({ ...query, duration: tail.duration, date: tail.date });
        if (unfiltered) results = found.total_count;
        return found;
      };
      const countSearch = (req: IncomingMessage) =>
        search.recordSearch(text, { address: addressOf(req), results });
      const sent = await answer(request, reply, lifetime, load, countSearch);
      countSearch(request.raw);
      return sent;
    },
  );

  api.get(
    '/api/json/video/:lifetime/:bucket/:file',
    read(
      { params: videoParams, response: { 200: videoResponseSchema, ...errors(400, 404) } },
      ['catalogue'],
      'One video; a private one only for its uploader and staff (never cached).',
    ),
    async (request, reply) => {
      const { lifetime, bucket, file } = request.params;
      if (bucket !== String(bucketOf(file.id))) throw notFound();
      return answerVideo(request, reply, lifetime, file.id);
    },
  );

  api.get(
    '/api/json/videos_related2/:lifetime/:gender/:count/:file',
    read(
      { params: relatedParams, response: { 200: relatedResponseSchema, ...errors(400, 404) } },
      ['watch'],
      'Videos related to one, by shared categories, tags, models and channel, then popularity.',
    ),
    async (request, reply) => {
      const { lifetime, gender, count, file } = request.params;
      const load = () => services.watch.related(file.video_id, gender, file.page, count);
      return answer(request, reply, lifetime, load);
    },
  );

  /** One video; a private one, for its uploader or staff only, past every cache. */
  async function answerVideo(request: FastifyRequest, reply: FastifyReply, lifetime: number, id: number) {
    const user = request.user ?? null;
    // Asked after the public answer is missing (misses are never cached).
    const own = async () => {
      const video = user ? await services.catalog.getVideo(id, user) : null;
      if (!video) throw notFound();
      return reply
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send({ video });
    };
    try {
      return await answer(request, reply, lifetime, async () => {
        const video = await services.catalog.getVideo(id);
        if (!video) throw notFound();
        return { video };
      });
    } catch (error) {
      if (user && error instanceof DomainError && error.status === 404) return own();
      throw error;
    }
  }
}

/** Search suggestions and top searches. */
function registerSuggestRoutes({ api, services, answers }: CatalogRouteDeps) {
  const { answer } = answers;
  const { search } = services;
  const read = <S extends FastifySchema>(schema: S, tags: string[], summary: string) =>
    readCall(answers, schema, tags, summary);

  api.get(
    '/api/suggester.php',
    read(
      {
        querystring: suggesterQuery,
        response: { 200: z.union([suggestResponseSchema, topSearchesResponseSchema]), ...errors(400) },
      },
      ['search'],
      'Search suggestions for `c`, or with `gettags` the top searches and tags.',
    ),
    async (request, reply) => {
      const { c, gender, gettags } = request.query;
      if (gettags !== undefined) {
        return answer(request, reply, SUGGEST_LIFETIME, () => search.top(20, gender));
      }
      return answer(request, reply, SUGGEST_LIFETIME, () => search.suggest(c ?? '', gender ?? 'str'));
    },
  );

  api.get(
    '/api/json/suggester/:lifetime/:file',
    read(
      {
        params: topSearchesParams,
        querystring: countsQuery,
        response: { 200: topSearchesResponseSchema, ...errors(400, 404) },
      },
      ['search'],
      'The top searches and tags (tags counted in the orientation `gender`).',
    ),
    async (request, reply) => {
      const { lifetime, file } = request.params;
      return answer(request, reply, lifetime, () => search.top(file.count, request.query.gender));
    },
  );
}
