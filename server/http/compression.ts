// Compression of the answers Fastify's own plugin never sees (issue 29): the front door's cached hits,
// the read calls' stored answers and the server-rendered pages. A stored answer is compressed once,
// off the event loop (zlib's thread pool), when it enters its cache; a hit only picks the variant the
// client accepts. A page rendered for one visitor is compressed as it streams. COMPRESSION=false
// leaves all of it to a proxy in front.
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type Encoding = 'br' | 'gzip';

export interface Variants {
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this, compression saves less than its headers cost (as @fastify/compress's threshold). */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 5 (of 11) and level 6: within a few percent of the best on HTML and JSON, a fraction of the time.
const BROTLI_STORED = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const BROTLI_STREAM = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
  // Each chunk React writes goes out at once: the shell still reaches the browser first.
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/**
 * The encoding to send: br, else gzip, else none. A coding listed with q=0 is refused; `*` stands for
 * both. Without a header, none (RFC 9110 §12.5.3 allows any, but plain bytes are what old clients read).
 */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const value = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  // The common case, `gzip, deflate, br, zstd`: no weights to read.
  if (!value.includes(';')) {
    if (/(^|[\s,])br($|[\s,])/.test(value)) return 'br';
    if (/(^|[\s,])(x-)?gzip($|[\s,])/.test(value)) return 'gzip';
    return value.includes('*') ? 'br' : null;
  }
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = Math.max(weight('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** One encoding of a body (a lifetime-0 answer, made for one request), in zlib's thread pool. */
export async function compressOne(body: Buffer, encoding: Encoding): Promise<Buffer | undefined> {
  if (body.length < MIN_COMPRESS_BYTES) return undefined;
  return encoding === 'br' ? brotli(body, BROTLI_STREAM_ONE) : gzip(body, { level: 6 });
}

const BROTLI_STREAM_ONE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Both variants of a body, made in zlib's thread pool; none for a small body. */
export async function compressStored(body: Buffer): Promise<Variants> {
  if (body.length < MIN_COMPRESS_BYTES) return {};
  const [br, gz] = await Promise.all([brotli(body, BROTLI_STORED), gzip(body, { level: 6 })]);
  return { br, gzip: gz };
}

/**
 * Variants of stored answers by key, checked against the body they were made of: a key whose body
 * changed (a new answer after its lifetime) gets new ones. The first ask of a body starts the work and
 * answers nothing; the asks after it find the variants ready.
 */
export function createVariantStore(options: { maxEntries?: number; maxBytes?: number } = {}) {
  const kept = new LRUCache<string, { body: Buffer; variants: Variants }>({
    max: options.maxEntries ?? 20_000,
    maxSize: options.maxBytes ?? 128 * 1024 * 1024,
    sizeCalculation: (entry) =>
      Math.max(1, (entry.variants.br?.length ?? 0) + (entry.variants.gzip?.length ?? 0)),
  });
  const making = new Set<string>();
  return {
    get(key: string, body: Buffer): Variants | undefined {
      const entry = kept.get(key);
      if (entry && (entry.body === body || entry.body.equals(body))) return entry.variants;
      if (body.length < MIN_COMPRESS_BYTES || making.has(key)) return undefined;
      making.add(key);
      void compressStored(body)
        .then((variants) => kept.set(key, { body, variants }))
        .catch(() => {})
        .finally(() => making.delete(key));
      return undefined;
    },
    /** The variants of `body`, made now if they are not ready (the answer entering its cache waits for them). */
    async ensure(key: string, body: Buffer): Promise<Variants> {
      const entry = kept.get(key);
      if (entry && (entry.body === body || entry.body.equals(body))) return entry.variants;
      const variants = await compressStored(body);
      kept.set(key, { body, variants });
      return variants;
    },
    clear: () => kept.clear(),
  };
}

/** The body of a web Response, compressed as it streams (each chunk flushed). */
export function compressStream(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress(BROTLI_STREAM)
      : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  source.on('error', (error) => compressor.destroy(error));
  return Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>;
}

/** Adds `Accept-Encoding` to a Vary header value. */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}
