// The read calls' answers from the response cache: `{lifetime}` is both the Cache-Control max-age and
// the server-side lifetime; 0 is never cached anywhere (no-store). A stored answer is served before
// any parsing (by the front door, or by the route's onRequest hook under inject), because only valid
// URLs are ever stored (errors are not cached).
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ResponseCache } from '../lib/response-cache.ts';
import type { AppServices } from '../services.ts';
import { compressOne, createVariantStore, pickEncoding } from './compression.ts';
import type { ContractApp } from './contract.ts';
import { type FrontDoor, publicJsonHeaders } from './front-door.ts';
import { plainQuery } from './input.ts';

interface StoredAnswer {
  cacheControl: string;
  headers: string[];
  onHit?: (req: IncomingMessage) => void;
}

/** URLs whose headers are kept for hits; the bytes themselves live in the response cache. */
const STORED_MAX = 100_000;

export type CachedAnswers = ReturnType<typeof createCachedAnswers>;

export function createCachedAnswers(cache: ResponseCache, frontDoor?: FrontDoor, compress = false) {
  // What each stored answer is sent with, so that a hit is answered before any parsing: only valid
  // URLs are ever stored (errors are not cached), so a hit needs no validation. The front door answers
  // hits before Fastify; the route hook answers them for requests that come through Fastify (inject).
  const stored = new LRUCache<string, StoredAnswer>({ max: STORED_MAX });
  // Compressed once per stored body (issue 29), whichever cache holds the body.
  const variants = createVariantStore();
  const lookup = (url: string) => {
    const meta = stored.get(url);
    const body = meta && cache.peek(url);
    if (!body) return undefined;
    return {
      body,
      headers: meta.headers,
      onHit: meta.onHit,
      variants: compress ? variants.get(url, body) : undefined,
    };
  };
  /** Sends `body` (stored under `key`, or null for a lifetime-0 answer) in the encoding the client takes. */
  const send = async (request: FastifyRequest, reply: FastifyReply, key: string | null, body: Buffer) => {
    reply.type('application/json; charset=utf-8');
    if (!compress) return reply.send(body);
    reply.header('vary', 'Accept-Encoding');
    // A stored answer's variants are made as it enters the cache, whoever asks first, so that the front
    // door has them for every hit after; a lifetime-0 answer is one member's, made for this request only.
    const stored = key === null ? null : await variants.ensure(key, body);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(body);
    const encoded = stored ? stored[encoding] : await compressOne(body, encoding);
    return encoded ? reply.header('content-encoding', encoding).send(encoded) : reply.send(body);
  };
  frontDoor?.use((req) => (req.url?.startsWith('/api/') ? lookup(req.url) : undefined));
  const fromCache = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const hit = lookup(request.url);
    const meta = hit && stored.get(request.url);
    if (!hit || !meta) return done();
    hit.onHit?.(request.raw);
    reply.header('cache-control', meta.cacheControl);
    void send(request, reply, request.url, hit.body);
  };
  // A repeated query parameter counts once (its first value) and control characters are a 400, before
  // any handler reads the query (input.ts).
  // Not compressed by @fastify/compress: the answers pick their stored variant (compression.ts), as the
  // front door does, so that the first answer and the hits are the same bytes.
  const cachedRoute = { onRequest: fromCache, preValidation: plainQuery, compress: false as const };

  /**
   * Answers `load()`'s value as JSON, from the cache when the lifetime allows; `onHit` runs on later
   * hits, with the request that hit.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    lifetime: number,
    load: () => Promise<unknown>,
    onHit?: (req: IncomingMessage) => void,
  ) {
    const serialize = async () => Buffer.from(JSON.stringify(await load()));
    const body = lifetime === 0 ? await serialize() : await cache.getOrLoad(request.url, lifetime, serialize);
    const cacheControl = lifetime === 0 ? 'no-store' : `public, max-age=${lifetime}`;
    if (lifetime !== 0 && !stored.has(request.url)) {
      stored.set(request.url, {
        cacheControl,
        headers: publicJsonHeaders(request.url, cacheControl, compress),
        onHit,
      });
    }
    reply.header('cache-control', cacheControl);
    return send(request, reply, lifetime === 0 ? null : request.url, body);
  }

  return { cachedRoute, answer };
}

/** What the read-call registrars share (catalog.routes.ts builds it). */
export interface CatalogRouteDeps {
  api: ContractApp;
  services: AppServices;
  answers: CachedAnswers;
  viewerOf: (request: FastifyRequest) => number | null | Promise<number | null>;
  /** The client address of a raw request, as TRUST_PROXY allows (front-door hits have no Fastify request). */
  addressOf: (req: IncomingMessage) => string | undefined;
}

/** The schema of a read call: its cache hooks, OpenAPI tags and summary, and params/query/responses. */
export function readCall<S extends FastifySchema>(
  answers: CachedAnswers,
  schema: S,
  tags: string[],
  summary: string,
) {
  return { ...answers.cachedRoute, schema: { tags, summary, ...schema } };
}
