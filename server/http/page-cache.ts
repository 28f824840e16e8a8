// A short shared cache of anonymous HTML (NOTES.md: "anonymous HTML wants a short shared cache"). A
// guest's page depends only on its URL and the orientation/language cookies, so for a few seconds one
// render serves everyone; members (a session), other cookies, non-GET requests and anything but a plain
// 200 HTML answer always render.
import type { SsrHandler } from './ssr.ts';

const SAFE_COOKIES = new Set(['kt_gender', 'kt_lang', '_agv']);

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  expires: number;
}

export function cacheKeyOf(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!SAFE_COOKIES.has(name)) return null;
    cookies.set(name, part.slice(eq + 1).trim());
  }
  const url = new URL(request.url);
  return `${url.pathname}${url.search}|${cookies.get('kt_gender') ?? ''}|${cookies.get('kt_lang') ?? ''}`;
}

export function withPageCache(
  handler: SsrHandler,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): SsrHandler {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  if (ttlMs <= 0) return handler;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<{ entry: Entry | null; response: Response }>>();

  const toResponse = (e: Entry) => new Response(e.body.slice(), { status: e.status, headers: e.headers });

  /** Renders once; the answer is stored when it can be shared, and always handed to the first caller. */
  async function render(key: string, request: Request): Promise<{ entry: Entry | null; response: Response }> {
    const response = await handler(request, null);
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || response.headers.has('set-cookie') || !type.startsWith('text/html')) {
      return { entry: null, response };
    }
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers.entries()],
      body: new Uint8Array(await response.arrayBuffer()),
      expires: now() + ttlMs,
    };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return { entry, response: toResponse(entry) };
  }

  return async (request, user) => {
    const key = user ? null : cacheKeyOf(request);
    if (key === null) return handler(request, user);
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return toResponse(hit);
    const pending = loading.get(key);
    if (pending) {
      // Another request is rendering this page: share its answer if it can be shared.
      const { entry } = await pending;
      return entry ? toResponse(entry) : handler(request, user);
    }
    const mine = render(key, request).finally(() => loading.delete(key));
    loading.set(key, mine);
    return (await mine).response;
  };
}
