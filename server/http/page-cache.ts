// A short shared cache of anonymous HTML (NOTES.md: "anonymous HTML wants a short shared cache"). A
// guest's page depends only on its URL and the orientation/language cookies, so for a few seconds one
// render serves everyone; members (a session), other cookies, non-GET requests and anything but a plain
// 200 HTML answer always render. The age gate's bit (modules/geo/visitor.ts) is part of the key: a
// gated page never reaches a visitor from elsewhere, nor the other way round. The language part is the
// language the page renders in (app/lib/i18n.ts requestLanguage: a valid `?lang=`, else kt_lang), so a
// page in one language never reaches a visitor of another.
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import { LANGUAGES } from '../../contract/catalog.ts';
import { requestLikeOf, type VisitorResolver, visitorVariant } from '../modules/geo/visitor.ts';
import { compressStored, pickEncoding, type Variants, varyOnEncoding } from './compression.ts';
import type { FrontDoorHit } from './front-door.ts';
import { securityHeaders } from './security-headers.ts';
import type { SsrHandler } from './ssr.ts';

const SAFE_COOKIES = new Set(['kt_gender', 'kt_lang', '_agv']);

// The door writes its own length; the stored answer was read whole, so it is not chunked.
const SENT_BY_DOOR = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  expires: number;
  /** The headers the front door sends: the page's own and the security headers. */
  raw: string[];
  /** The body compressed, filled in once made (COMPRESSION). */
  variants: Variants;
}

/**
 * The key of a guest's page: path and query, orientation and language, and the visitor's variant (the
 * age gate's bit); null when it must render.
 */
export function pageKeyOf(
  method: string,
  pathAndQuery: string,
  cookieHeader: string | null | undefined,
  variant = '',
) {
  if (method !== 'GET') return null;
  const cookies = new Map<string, string>();
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!SAFE_COOKIES.has(name)) return null;
    cookies.set(name, part.slice(eq + 1).trim());
  }
  // `//host/...` is a network-path reference to URL parsers, not a path of this site: never a page.
  if (!pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//')) return null;
  if (!URL.canParse(pathAndQuery, 'http://page.invalid')) return null;
  const url = new URL(pathAndQuery, 'http://page.invalid');
  const key = `${url.pathname}${url.search}|${cookies.get('kt_gender') ?? ''}|${languageKey(url, cookies.get('kt_lang'))}`;
  // In front, where no cookie value can reach it: a key starts with '/' otherwise.
  return variant ? `${variant}#${key}` : key;
}

const isLanguage = (value: string | null | undefined): value is string =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** The page's language as requestLanguage reads it; '' for the default (no or an unknown value). */
function languageKey(url: URL, cookie: string | undefined): string {
  const param = url.searchParams.get('lang');
  if (isLanguage(param)) return param;
  return isLanguage(cookie) ? cookie : '';
}

export function cacheKeyOf(request: Request, variant = ''): string | null {
  const url = new URL(request.url);
  return pageKeyOf(request.method, `${url.pathname}${url.search}`, request.headers.get('cookie'), variant);
}

export interface PageCache {
  /** The SSR handler with the cache in front. */
  handler: SsrHandler;
  /** A live page for a raw request (the front door answers it before Fastify). */
  lookup: (req: IncomingMessage) => FrontDoorHit | undefined;
  /** What is held now: pages and the bytes of their bodies. */
  stats(): { entries: number; bytes: number };
  /** Forgets every page (a video taken down must leave the pages at once). */
  clear(): void;
}

/** `createPageCache(handler).handler`, for callers that need no front door. */
export function withPageCache(handler: SsrHandler, options: PageCacheOptions = {}): SsrHandler {
  return createPageCache(handler, options).handler;
}

interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Total size of kept pages; the least recently used go first past it (default 64 MiB). */
  maxBytes?: number;
  now?: () => number;
  /** The visitor of a raw request, for the front door's lookups (the handler is given its visitor). */
  visitorOf?: VisitorResolver;
  /** COMPRESSION: keep each page's br and gzip variants for the front door (compression.ts). */
  compress?: boolean;
}

export function createPageCache(handler: SsrHandler, options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  if (ttlMs <= 0) {
    return { handler, lookup: () => undefined, stats: () => ({ entries: 0, bytes: 0 }), clear: () => {} };
  }
  // Bounded by count and bytes; a page is dropped when its lifetime ends, read again or not (audit F18).
  const entries = new LRUCache<string, Entry>({
    max: Math.max(1, maxEntries),
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
    ttl: Math.max(1, Math.ceil(ttlMs)),
    ttlAutopurge: true,
    // A test's clock is read as is (lru-cache otherwise reuses a reading for 1 ms).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  const loading = new Map<string, Promise<{ entry: Entry | null; response: Response }>>();

  /** The stored page, in the variant the request takes when there is one (the front door's bytes). */
  const toResponse = (e: Entry, request?: Request) => {
    const encoding =
      options.compress && request ? pickEncoding(request.headers.get('accept-encoding') ?? undefined) : null;
    const encoded = encoding ? e.variants[encoding] : undefined;
    if (!encoded) return new Response(new Uint8Array(e.body), { status: e.status, headers: e.headers });
    const headers = new Headers(e.headers);
    headers.set('content-encoding', encoding as string);
    headers.set('content-length', String(encoded.length));
    return new Response(new Uint8Array(encoded), { status: e.status, headers });
  };

  /** Renders once; the answer is stored when it can be shared, and always handed to the first caller. */
  async function render(
    key: string,
    request: Request,
    visitor: Parameters<SsrHandler>[2],
  ): Promise<{ entry: Entry | null; response: Response }> {
    const response = await handler(request, null, visitor);
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || response.headers.has('set-cookie') || !type.startsWith('text/html')) {
      return { entry: null, response };
    }
    const headers = [...response.headers.entries()].filter(
      ([name]) => !(options.compress && name === 'vary'),
    );
    if (options.compress) headers.push(['vary', varyOnEncoding(response.headers.get('vary'))]);
    const body = Buffer.from(await response.arrayBuffer());
    const entry: Entry = {
      status: response.status,
      headers,
      body,
      expires: now() + ttlMs,
      raw: [
        ...headers.filter(([name]) => !SENT_BY_DOOR.has(name)).flat(),
        ...Object.entries(securityHeaders(new URL(request.url).pathname)).flat(),
      ],
      // Made once, as the page enters the cache (off the event loop): its first caller and every hit
      // get the same bytes.
      variants: options.compress ? await compressStored(body) : {},
    };
    // A page larger than the whole cache is refused by lru-cache: it is still answered.
    entries.set(key, entry);
    return { entry, response: toResponse(entry, request) };
  }

  const cached: SsrHandler = async (request, user, visitor) => {
    const key = user ? null : cacheKeyOf(request, visitorVariant(visitor));
    if (key === null) return handler(request, user, visitor);
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return toResponse(hit, request);
    const pending = loading.get(key);
    if (pending) {
      // Another request is rendering this page: share its answer if it can be shared.
      const { entry } = await pending;
      return entry ? toResponse(entry, request) : handler(request, user, visitor);
    }
    const mine = render(key, request, visitor).finally(() => loading.delete(key));
    loading.set(key, mine);
    return (await mine).response;
  };

  const lookup = (req: IncomingMessage): FrontDoorHit | undefined => {
    const url = req.url;
    if (url === undefined || url.startsWith('/api/')) return undefined;
    const variant = visitorVariant(options.visitorOf?.(requestLikeOf(req)));
    const key = pageKeyOf(req.method ?? '', url, req.headers.cookie, variant);
    const hit = key === null ? undefined : entries.get(key);
    return hit && hit.expires > now()
      ? { body: hit.body, headers: hit.raw, variants: hit.variants }
      : undefined;
  };
  return {
    handler: cached,
    lookup,
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
    clear: () => entries.clear(),
  };
}
