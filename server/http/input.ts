// The checks every piece of text passes at the HTTP edge (issue 11), in one module so that the form
// parsers, the query strings of the read calls and the page POSTs agree:
// - no C0 control characters: no field has a use for them, and PostgreSQL refuses a NUL in text
//   (which used to surface as a 500). Textareas keep tab, CR and LF (browsers send CRLF);
// - a repeated name counts once: the first value wins, as the report and upload forms already did;
// - a page POST is a form of bounded size, read before React Router sees it.
// It also gives the path the framing rules decide on (F17): dot segments and percent-encoding resolved.
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';

/**
 * Names of the fields whose control is a textarea: contact message, upload description, reject reason,
 * comment (`msg`) and playlist description (`desc`).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'message',
  'description',
  'reason_text',
  'msg',
  'desc',
]);

/** C0 controls (U+0000–U+001F) and DEL; a multi-line field keeps tab, LF and CR. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d)))) return true;
  }
  return false;
}

export function invalidCharacters(fields: string[]): DomainError {
  return new DomainError('invalid_characters', {
    status: 400,
    message: english('api.invalid_characters'),
    codes: fields.map((field) => ({ field, code: 'invalid_characters' })),
  });
}

/** 400 `invalid_characters`, naming each offending field once, if any string value has a control character. */
export function assertPlainText(entries: Iterable<[string, unknown]>): void {
  const bad = new Set<string>();
  for (const [name, value] of entries) {
    if (typeof value === 'string' && hasControlCharacters(value, MULTILINE_FIELDS.has(name))) {
      // A name with control characters is not a field anyone asked for: report it as general.
      bad.add(hasControlCharacters(name) ? 'general' : name);
    }
  }
  if (bad.size > 0) throw invalidCharacters([...bad]);
}

/** An application/x-www-form-urlencoded body as fields: the first value of a repeated name wins. */
export function parseUrlencoded(body: string): Record<string, string> {
  const fields = new Map<string, string>();
  const params = new URLSearchParams(body);
  assertPlainText(params);
  for (const [name, value] of params) if (!fields.has(name)) fields.set(name, value);
  return Object.fromEntries(fields);
}

/** The Fastify content-type parser of the form-encoded calls (`{ parseAs: 'string' }`). */
export function urlencodedParser(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, body?: unknown) => void,
): void {
  let fields: Record<string, string>;
  try {
    fields = parseUrlencoded(String(body));
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, fields);
}

/**
 * A route hook for read calls: each query parameter keeps its first value (Fastify's parser makes an
 * array of a repeated one, which the handlers do not expect), and control characters are a 400.
 */
export async function plainQuery(request: FastifyRequest): Promise<void> {
  const query = request.query;
  if (!query || typeof query !== 'object') return;
  const single: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    single[name] = Array.isArray(value) ? value[0] : value;
  }
  assertPlainText(Object.entries(single));
  request.query = single;
}

/**
 * The path a response's framing rule is decided on: dot segments resolved as a URL parser does, then
 * again after percent-decoding (`..%2F`), as a router matching decoded paths may see it. When the two
 * disagree about being under /embed/, or the target cannot be read, the answer is '/', which no other
 * site may frame: only an unambiguous /embed/ path loosens the rule.
 */
export function normalisedPath(url: string): string {
  const resolve = (target: string) => new URL(`http://site.invalid${target}`).pathname;
  const embed = (path: string) => path.startsWith('/embed/');
  try {
    const q = url.search(/[?#]/);
    const raw = q === -1 ? url : url.slice(0, q);
    if (!raw.startsWith('/')) return '/';
    const once = resolve(raw);
    const decoded = resolve(decodeURIComponent(once).replace(/[?#]/g, encodeURIComponent));
    return embed(once) === embed(decoded) ? once : '/';
  } catch {
    return '/';
  }
}

/**
 * A request target whose decoded path or query has a control character (`/search/1/?s=a%00b`): no page
 * has a use for one, and PostgreSQL refuses a NUL in text. An undecodable path is React Router's 404.
 */
export function targetHasControlCharacters(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  try {
    if (hasControlCharacters(decodeURIComponent(path))) return true;
  } catch {
    return false;
  }
  if (q === -1) return false;
  for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) return true;
  }
  return false;
}

/** The unreserved characters (RFC 3986 §2.3), which no one needs to percent-encode. */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2D|2E|5F|7E)/i;

/**
 * The path with its percent-encoded unreserved characters decoded and dot segments resolved (as the
 * router sees it), or null when the target has none. `/%61pi/input.php` reaches the `/api/input.php`
 * route, but every check keyed on the raw path (the Origin check, the write budget) missed it: such a
 * target is refused as a write (server/app.ts).
 */
export function encodedUnreservedPath(url: string): string | null {
  const q = url.search(/[?#]/);
  const raw = q === -1 ? url : url.slice(0, q);
  if (!ENCODED_UNRESERVED.test(raw) || !raw.startsWith('/')) return null;
  const decoded = raw.replace(/%[0-9A-F]{2}/gi, (hex) => {
    const char = String.fromCharCode(Number.parseInt(hex.slice(1), 16));
    return /[A-Za-z0-9._~-]/.test(char) ? char : hex;
  });
  try {
    return new URL(`http://site.invalid${decoded}`).pathname + (q === -1 ? '' : url.slice(q));
  } catch {
    return '/';
  }
}

// ---- Page POSTs (React Router actions) ----

/** The staff forms are a few short fields; 1 MB leaves room for any page form the site may add. */
export const PAGE_BODY_MAX_BYTES = 1024 * 1024;
const PAGE_FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/** How long the connection of a refused body stays open, unread, before it is closed. */
const LINGER_MS = 2000;

/**
 * Answers 413 at once, whole (with a content-length), but closes the connection only LINGER_MS later,
 * reading nothing more meanwhile: a client still writing is held by TCP's flow control and reads the
 * answer. Closing at once, with unread data in the socket, resets the connection, and such a client met
 * EPIPE before it had read the answer (a CI failure of input-edge.test.ts).
 */
function refuseAndLinger(
  res: ServerResponse,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  message: string,
): void {
  const body = Buffer.from(message);
  res.writeHead(413, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.byteLength,
    connection: 'close',
  });
  res.write(body);
  const close = setTimeout(() => {
    void reader.cancel().catch(() => {});
    res.end();
  }, LINGER_MS);
  close.unref();
}

/**
 * Reads a page POST's body before React Router does: 415 unless it is a form, 413 above `maxBytes`
 * (declared or counted while reading, so a chunked body is cut off too). Returns the request to hand
 * on, with the body in memory, or null when it has answered itself.
 */
export async function boundedPageRequest(
  request: Request,
  res: ServerResponse,
  maxBytes = PAGE_BODY_MAX_BYTES,
): Promise<Request | null> {
  if (request.method !== 'POST') return request;
  const refuse = (status: number, message: string) => {
    // Connection: close stops Node from reading (and discarding) the rest of a large body.
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(message);
    return null;
  };
  if (!PAGE_FORM_TYPES.test(request.headers.get('content-type') ?? '')) {
    await request.body?.cancel().catch(() => {});
    return refuse(415, english('api.unsupported_content_type'));
  }
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return refuse(413, english('api.body_too_large'));
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          refuseAndLinger(res, reader, english('api.body_too_large'));
          return null;
        }
        chunks.push(value);
      }
    } catch {
      return refuse(400, english('api.unreadable_body'));
    }
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: Buffer.concat(chunks),
    signal: request.signal,
  });
}
