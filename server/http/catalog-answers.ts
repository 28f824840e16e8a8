// The read calls' answers from the response cache: `{lifetime}` is both the Cache-Control max-age and
// the server-side lifetime; 0 is never cached anywhere (no-store). A stored answer is served before
// any parsing (by the front door, or by the route's onRequest hook under inject), because only valid
// URLs are ever stored (errors are not cached).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ResponseCache } from '../lib/response-cache.ts';
import { type FrontDoor, publicJsonHeaders } from './front-door.ts';
import { plainQuery } from './input.ts';

interface StoredAnswer {
  cacheControl: string;
  headers: string[];
  onHit?: () => void;
}

/** URLs whose headers are kept for hits; the bytes themselves live in the response cache. */
const STORED_MAX = 100_000;

export type CachedAnswers = ReturnType<typeof createCachedAnswers>;

export function createCachedAnswers(cache: ResponseCache, frontDoor?: FrontDoor) {
  // What each stored answer is sent with, so that a hit is answered before any parsing: only valid
  // URLs are ever stored (errors are not cached), so a hit needs no validation. The front door answers
  // hits before Fastify; the route hook answers them for requests that come through Fastify (inject).
  const stored = new LRUCache<string, StoredAnswer>({ max: STORED_MAX });
  const lookup = (url: string) => {
    const meta = stored.get(url);
    const body = meta && cache.peek(url);
    return body ? { body, headers: meta.headers, onHit: meta.onHit } : undefined;
  };
  frontDoor?.use((req) => (req.url?.startsWith('/api/') ? lookup(req.url) : undefined));
  const fromCache = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const hit = lookup(request.url);
    const meta = hit && stored.get(request.url);
    if (!hit || !meta) return done();
    hit.onHit?.();
    reply.header('cache-control', meta.cacheControl).type('application/json; charset=utf-8').send(hit.body);
  };
  // A repeated query parameter counts once (its first value) and control characters are a 400, before
  // any handler reads the query (input.ts).
  // Not compressed: the front door sends hits exactly as stored, so the first answer must be the same.
  const cachedRoute = { onRequest: fromCache, preValidation: plainQuery, compress: false as const };

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
      stored.set(request.url, {
        cacheControl,
        headers: publicJsonHeaders(request.url, cacheControl),
        onHit,
      });
    }
    return reply.header('cache-control', cacheControl).type('application/json; charset=utf-8').send(body);
  }

  return { cachedRoute, answer };
}
