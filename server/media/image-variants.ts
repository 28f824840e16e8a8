// The WebP variants of stored JPEG pictures (contract/image-variants.ts has their naming rule): how they
// are encoded, and the maker /media/ asks before it serves one. The pipeline writes them with every
// poster and thumbnail; a picture stored before them (an upgraded site, a demo clip of an older seed, a
// poster a moderator chose, a category's or a model's picture) gets each on its first request, made from
// its JPEG and stored beside it, on local disk and S3 alike (docs/decisions.md, issue 29).
import { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { type ImageVariantWidth, parseImageVariantKey } from '../../contract/image-variants.ts';
import type { Storage } from '../storage/storage.ts';
import { images as defaultImages, type EncodedImage, type EncodeOptions, type ImagePort } from './images.ts';

/** As the pipeline's full-size WebP (media-steps.ts). */
export const VARIANT_WEBP_QUALITY = 78;
/** A stored picture larger than this is not read to make a variant (posters are tens of KB). */
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;
/** Nor one of more pixels (a decompression bomb). */
const MAX_SOURCE_PIXELS = 40_000_000;

/** How a variant is encoded: `width` at most, never wider than its picture, the aspect kept. */
export function variantEncodeOptions(width: ImageVariantWidth): EncodeOptions {
  return {
    resize: { width, withoutEnlargement: true },
    format: 'webp',
    quality: VARIANT_WEBP_QUALITY,
    maxPixels: MAX_SOURCE_PIXELS,
  };
}

/** Qualities tried, in order, for a picture whose WebP would outweigh its JPEG (fine noise, dither). */
const FALLBACK_QUALITIES = [60, 40] as const;

/**
 * The variant `width` of a picture whose JPEG is `jpeg` (its width and bytes). WebP wins by a third on
 * video frames, but loses on fine noise (a demo clip's dither: 140 KB against a 110 KB JPEG), so a WebP
 * heavier than the JPEG would be at that width is made again at a lower quality, and the lightest kept.
 */
export async function encodeVariant(
  images: ImagePort,
  input: Buffer | string,
  width: ImageVariantWidth,
  jpeg: { width: number; bytes: number },
): Promise<EncodedImage> {
  const options = variantEncodeOptions(width);
  const shown = Math.min(width, jpeg.width);
  const budget = jpeg.bytes * (shown / jpeg.width) ** 2;
  const resize = { width: shown, withoutEnlargement: true };
  let best = await images.encode(input, { ...options, resize });
  for (const quality of FALLBACK_QUALITIES) {
    if (best.data.length <= budget) break;
    const lighter = await images.encode(input, { ...options, resize, quality });
    if (lighter.data.length < best.data.length) best = lighter;
  }
  return best;
}

export interface VariantMaker {
  /**
   * Whether the variant `key` is stored, once made from its JPEG if it was missing: false when its JPEG
   * is missing or unreadable (or `key` names no variant). Concurrent asks for one key make it once.
   */
  ensure(key: string): Promise<boolean>;
}

export interface VariantMakerOptions {
  images?: ImagePort;
  /** Variants encoded at once; more wait (sharp's work runs on libuv's pool, shared with the rest). */
  concurrency?: number;
  /** How many keys known to be stored are remembered (S3: no HEAD per request for them). */
  rememberKeys?: number;
  log?: { warn(object: object, message: string): void };
}

export function createVariantMaker(storage: Storage, options: VariantMakerOptions = {}): VariantMaker {
  const images = options.images ?? defaultImages;
  const stored = new LRUCache<string, true>({ max: options.rememberKeys ?? 100_000 });
  const running = new Map<string, Promise<boolean>>();
  const limit = semaphore(options.concurrency ?? 2);

  async function make(key: string): Promise<boolean> {
    const variant = parseImageVariantKey(key);
    if (!variant) return false;
    try {
      if (await storage.exists(key)) return true;
      const source = await storage.stat(variant.source);
      if (!source || source.size > MAX_SOURCE_BYTES) return false;
      const input = await readAll(await storage.get(variant.source), MAX_SOURCE_BYTES);
      const encoded = await limit(async () => {
        const facts = await images.facts(input, { maxPixels: MAX_SOURCE_PIXELS });
        return encodeVariant(images, input, variant.width, { width: facts.width, bytes: input.length });
      });
      await storage.putStream(key, Readable.from([encoded.data]), { contentType: 'image/webp' });
      return true;
    } catch (error) {
      // A key storage refuses, a JPEG gone meanwhile or one the library cannot read: no variant (404).
      options.log?.warn({ err: error, key }, 'image variant not made');
      return false;
    }
  }

  return {
    async ensure(key) {
      if (stored.has(key)) return true;
      let pending = running.get(key);
      if (!pending) {
        pending = make(key).finally(() => running.delete(key));
        running.set(key, pending);
      }
      const ok = await pending;
      if (ok) stored.set(key, true);
      return ok;
    },
  };
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > max) {
      stream.destroy();
      throw new RangeError('picture too large for a variant');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** At most `n` of the tasks at once, the rest in order (a finished task hands its slot to the next). */
function semaphore(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
