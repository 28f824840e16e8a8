// The catalogue's read calls (content.md §7). Each route validates its path against contract/, asks a
// service, and answers serialized bytes from the response cache: `{lifetime}` is both the
// Cache-Control max-age and the server-side lifetime; 0 is never cached anywhere (no-store).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { CurrentUser } from '../../contract/accounts.ts';
import { MODEL_SORTS, PLAYLIST_SORTS, VIDEO_SORTS } from '../../contract/catalog.ts';
import {
  bucketOf,
  countSchema,
  dirSchema,
  genderSchema,
  idSchema,
  LETTERS,
  type Lifetime,
  lifetimeSchema,
  modelTailSchema,
  SEARCH_SORTS,
  videoTailSchema,
} from '../../contract/catalog-api.ts';
import { DomainError, notFound } from '../errors.ts';
import {
  createMemoryResponseCache,
  createNoResponseCache,
  createRedisResponseCache,
  type ResponseCache,
} from '../lib/response-cache.ts';
import { CATEGORY_SORTS } from '../modules/catalog/objects.repository.ts';
import type { AppServices } from '../services.ts';
import { type FrontDoor, publicJsonHeaders } from './front-door.ts';
import { plainQuery } from './input.ts';
import { registerSeoRoutes } from './seo.routes.ts';

export interface CatalogRoutesOptions {
  redisUrl?: string;
  /** false: no response cache (CATALOG_CACHE=off). */
  cacheEnabled?: boolean;
  /** Overrides the CATALOG_CACHE environment switch (tests). */
  cache?: ResponseCache;
  /** Answers cache hits before Fastify (buildApp's server); without it the route hook does. */
  frontDoor?: FrontDoor;
  /** The signed-in member's id; by default `request.user.user_id` as the accounts layer decorates it. */
  viewerOf?: (request: FastifyRequest) => number | null | Promise<number | null>;
}

const LANGS = new Set('cn cz de dk en es fi fr hu it ja kr nl no pl pt ru se th tr'.split(' '));
const SUGGEST_LIFETIME: Lifetime = 3600;

/** Parses one value with a contract schema; the first issue's message is the spec-style code. */
function check<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const raw = issue?.message ?? '';
  const code = /^[a-z_]+$/.test(raw) ? raw : `invalid_${field}`;
  const where = issue?.path.length ? String(issue.path[0]) : field;
  throw new DomainError(code, { message: `Invalid ${where}`, codes: [{ field: where, code }] });
}

/** `a.b.c.json` → ['a', 'b', 'c'] with exactly `n` parts, or a 404 (the path does not exist). */
function dotted(file: string, n: number): string[] {
  if (!file.endsWith('.json')) throw notFound();
  const parts = file.slice(0, -5).split('.');
  if (parts.length !== n) throw new DomainError('invalid_path', { message: 'Invalid path' });
  return parts;
}

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, code: string) =>
  z.enum(values, { error: code });

export async function registerCatalogRoutes(
  app: FastifyInstance,
  services: AppServices,
  options: CatalogRoutesOptions = {},
) {
  const cache =
    options.cache ??
    (options.cacheEnabled === false
      ? createNoResponseCache()
      : options.redisUrl
        ? createRedisResponseCache(
            new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }),
            {
              onError: (error) => app.log.warn({ err: error }, 'response cache'),
            },
          )
        : createMemoryResponseCache());
  app.addHook('onClose', () => cache.close());
  registerSeoRoutes(app, services, cache);
  const { listings, search } = services;
  const viewerOf =
    options.viewerOf ??
    ((request: FastifyRequest) => (request as { user?: { user_id?: number } | null }).user?.user_id ?? null);

  // What each stored answer is sent with, so that a hit is answered before any parsing: only valid
  // URLs are ever stored (errors are not cached), so a hit needs no validation. The front door answers
  // hits before Fastify; the route hook answers them for requests that come through Fastify (inject).
  const stored = new Map<string, { cacheControl: string; headers: string[]; onHit?: () => void }>();
  const lookup = (url: string) => {
    const meta = stored.get(url);
    const body = meta && cache.peek(url);
    return body ? { body, headers: meta.headers, onHit: meta.onHit } : undefined;
  };
  options.frontDoor?.use((req) => (req.url?.startsWith('/api/') ? lookup(req.url) : undefined));
  const fromCache = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const hit = lookup(request.url);
    const meta = hit && stored.get(request.url);
    if (!hit || !meta) return done();
    hit.onHit?.();
    reply.header('cache-control', meta.cacheControl).type('application/json; charset=utf-8').send(hit.body);
  };
  // A repeated query parameter counts once (its first value) and control characters are a 400, before
  // any handler reads the query (input.ts).
  const cachedRoute = { onRequest: fromCache, preValidation: plainQuery };

  /** Answers `load()`'s value as JSON, from the cache when the lifetime allows; `onHit` runs on later hits. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    lifetime: number,
    load: () => Promise<unknown>,
    onHit?: () => void,
  ) {
    const serialize = async () => Buffer.from(JSON.stringify(await load()));
    const body = lifetime === 0 ? await serialize() : await cache.getOrLoad(request.url, lifetime, serialize);
    const cacheControl = lifetime === 0 ? 'no-store' : `public, max-age=${lifetime}`;
    if (lifetime !== 0 && !stored.has(request.url)) {
      if (stored.size > 100_000) stored.clear();
      stored.set(request.url, {
        cacheControl,
        headers: publicJsonHeaders(request.url, cacheControl),
        onHit,
      });
    }
    return reply.header('cache-control', cacheControl).type('application/json; charset=utf-8').send(body);
  }

  type P = Record<string, string>;

  app.get('/api/json/videos2/:lifetime/:gender/:sort/:count/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const gender = check(genderSchema, p.gender, 'gender');
    const sort = check(oneOf(VIDEO_SORTS, 'invalid_sort'), p.sort, 'sort');
    const count = check(countSchema, p.count, 'count');
    const [section, objectId, page, type, duration, date] = dotted(p.file ?? '', 6);
    const tail = check(videoTailSchema, { section, object_id: objectId, page, type, duration, date }, 'path');
    const params = {
      lifetime,
      gender,
      sort,
      count,
      section: tail.section,
      objectId: tail.object_id,
      page: tail.page,
      type: tail.type,
      duration: tail.duration,
      date: tail.date,
    };
    if (params.section === 'history') {
      // Private to its member: checked on every request, never from a shared cache.
      const viewer = await viewerOf(request);
      return answer(request, reply, 0, () => listings.videos2(params, viewer));
    }
    return answer(request, reply, lifetime, () => listings.videos2(params));
  });

  app.get('/api/videos2.php', cachedRoute, async (request, reply) => {
    const q = request.query as P;
    const [lifetimeRaw, genderRaw, sortRaw, countRaw, tailRaw, extra] = (q.params ?? '').split('/');
    if (extra !== undefined || tailRaw === undefined) throw new DomainError('invalid_params');
    const lifetime = check(lifetimeSchema, lifetimeRaw, 'lifetime');
    const gender = check(genderSchema, genderRaw, 'gender');
    const sort = check(oneOf(SEARCH_SORTS, 'invalid_sort'), sortRaw, 'sort');
    const count = check(countSchema, countRaw, 'count');
    const parts = tailRaw.split('.');
    if (parts.length !== 6 || parts[0] !== 'search') throw new DomainError('invalid_params');
    const tail = check(
      videoTailSchema,
      {
        section: 'videos',
        object_id: '',
        page: parts[2],
        type: parts[3],
        duration: parts[4],
        date: parts[5],
      },
      'params',
    );
    const text = search.searchText(q.s ?? '');
    const countSearch = () => search.recordSearch(text);
    countSearch();
    return answer(
      request,
      reply,
      lifetime,
      () =>
        listings.search({
          gender,
          sort,
          count,
          page: tail.page,
          text,
          hd: tail.type === 'hd',
          duration: tail.duration,
          date: tail.date,
        }),
      countSearch,
    );
  });

  app.get('/api/json/video/:lifetime/:bucket/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [idRaw] = dotted(p.file ?? '', 1);
    const id = check(idSchema, idRaw, 'id');
    if (p.bucket !== String(bucketOf(id))) throw notFound();
    const user = (request as { user?: CurrentUser | null }).user ?? null;
    // A private video, for its uploader or staff only: asked after the public answer is missing (misses
    // are never cached), and answered past every cache.
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
  });

  // contract/watch.ts: /api/json/videos_related2/{lifetime}/{gender}/{count}/{video_id}.{page}.json
  app.get('/api/json/videos_related2/:lifetime/:gender/:count/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const gender = check(genderSchema, p.gender, 'gender');
    const count = check(countSchema, p.count, 'count');
    const [idRaw, pageRaw] = dotted(p.file ?? '', 2);
    if (!/^[1-9]\d{0,14}$/.test(idRaw ?? '')) {
      const code = 'invalid_video_id';
      throw new DomainError(code, { message: 'Invalid video_id', codes: [{ field: 'video_id', code }] });
    }
    const id = Number(idRaw);
    const page = check(videoTailSchema.shape.page, pageRaw, 'page');
    return answer(request, reply, lifetime, () => services.watch.related(id, gender, page, count));
  });

  app.get('/api/json/main/:lifetime/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [genderRaw, lang] = dotted(p.file ?? '', 2);
    const gender = check(genderSchema, genderRaw, 'gender');
    if (!LANGS.has(lang ?? '')) throw new DomainError('invalid_lang');
    return answer(request, reply, lifetime, () => listings.main(gender, services.catalog.listCategories));
  });

  app.get('/api/json/categories/:lifetime/:gender/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const gender = check(genderSchema, p.gender, 'gender');
    const [sortRaw] = dotted(p.file ?? '', 1);
    const sort = check(oneOf(CATEGORY_SORTS, 'invalid_sort'), sortRaw, 'sort');
    return answer(request, reply, lifetime, () => listings.categories(gender, sort));
  });

  app.get('/api/json/models/:lifetime/:gender/:sort/:count/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const gender = check(genderSchema, p.gender, 'gender');
    const sort = check(oneOf(MODEL_SORTS, 'invalid_sort'), p.sort, 'sort');
    const count = check(countSchema, p.count, 'count');
    const [page, letter, hair, race, weight, height, age, country] = dotted(p.file ?? '', 8);
    const tail = check(modelTailSchema, { page, letter, hair, race, weight, height, age, country }, 'path');
    const { page: pageNo, ...filters } = tail;
    const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
    return answer(request, reply, lifetime, () => listings.models(gender, sort, count, pageNo, defined));
  });

  app.get('/api/json/model/:lifetime/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [dir] = dotted(p.file ?? '', 1);
    const modelDir = check(dirSchema, dir, 'object_id');
    return answer(request, reply, lifetime, () => listings.model(modelDir));
  });

  app.get('/api/json/channels/:lifetime/:gender/:sort/:count/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const gender = check(genderSchema, p.gender, 'gender');
    const sort = check(oneOf(MODEL_SORTS, 'invalid_sort'), p.sort, 'sort');
    const count = check(countSchema, p.count, 'count');
    const [pageRaw] = dotted(p.file ?? '', 1);
    const page = check(videoTailSchema.shape.page, pageRaw, 'page');
    return answer(request, reply, lifetime, () => listings.channels(gender, sort, count, page));
  });

  app.get('/api/json/channel/:lifetime/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [dir] = dotted(p.file ?? '', 1);
    const channelDir = check(dirSchema, dir, 'object_id');
    return answer(request, reply, lifetime, () => listings.channel(channelDir));
  });

  app.get('/api/json/playlists/:lifetime/:gender/:sort/:count/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const gender = check(genderSchema, p.gender, 'gender');
    const sort = check(oneOf(PLAYLIST_SORTS, 'invalid_sort'), p.sort, 'sort');
    const count = check(countSchema, p.count, 'count');
    const [pageRaw] = dotted(p.file ?? '', 1);
    const page = check(videoTailSchema.shape.page, pageRaw, 'page');
    return answer(request, reply, lifetime, () => listings.playlists(gender, sort, count, page));
  });

  app.get('/api/json/playlist/:lifetime/:bucket/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [idRaw] = dotted(p.file ?? '', 1);
    const id = check(idSchema, idRaw, 'id');
    if (p.bucket !== String(bucketOf(id))) throw notFound();
    return answer(request, reply, lifetime, () => listings.playlist(id));
  });

  app.get('/api/json/videos_mvp/:lifetime/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [dir] = dotted(p.file ?? '', 1);
    const tagDir = check(dirSchema, dir, 'object_id');
    return answer(request, reply, lifetime, () => listings.tagMvp(tagDir));
  });

  app.get('/api/json/tags_mvp/:lifetime/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [letter] = dotted(p.file ?? '', 1);
    if (letter !== 'all' && !LETTERS.includes(letter ?? '')) throw new DomainError('invalid_letter');
    return answer(request, reply, lifetime, () => listings.tags(letter === 'all' ? undefined : letter));
  });

  app.get('/api/suggester.php', cachedRoute, async (request, reply) => {
    const q = request.query as P & { gettags?: string };
    if (q.gettags !== undefined) return answer(request, reply, SUGGEST_LIFETIME, () => search.top(20));
    const gender = q.gender === undefined ? 'str' : check(genderSchema, q.gender, 'gender');
    return answer(request, reply, SUGGEST_LIFETIME, () => search.suggest(q.c ?? '', gender));
  });

  app.get('/api/json/suggester/:lifetime/:file', cachedRoute, async (request, reply) => {
    const p = request.params as P;
    const lifetime = check(lifetimeSchema, p.lifetime, 'lifetime');
    const [countRaw] = dotted(p.file ?? '', 1);
    const count = check(countSchema, countRaw, 'count');
    return answer(request, reply, lifetime, () => search.top(count));
  });
}
