// /media/{key}: every media file, through the storage port. Local disk streams with byte ranges and
// validators; S3 answers a redirect to the bucket's public URL or a short-lived signed one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CurrentUser } from '../../contract/accounts.ts';
import { parseImageVariantKey } from '../../contract/image-variants.ts';
import { mediaParams, storedFileResponses } from '../../contract/media.ts';
import { english } from '../lib/english.ts';
import { type MediaSigner, parseSignedPath } from '../lib/media-signing.ts';
import { createVariantMaker, type VariantMaker } from '../media/image-variants.ts';
import { requestLikeOf } from '../modules/geo/visitor.ts';
import type { MediaAccess } from '../modules/media/media-access.ts';
import { isVideoFileKey, PASS_MARK, type UkMediaGate } from '../modules/media/uk-media-gate.ts';
import {
  type ByteRange,
  contentTypeOf,
  InvalidStorageKeyError,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from '../storage/storage.ts';
import { contractRoutes, errors } from './contract.ts';

/** Media keys are immutable (a new rendition gets a new key), so browsers and CDNs may keep them for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A redirect to a signed URL must not outlive the URL (1 hour by default). */
const SIGNED_REDIRECT_CACHE_CONTROL = 'private, max-age=300';
const PUBLIC_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';
/** Files of unlisted videos (owner and staff only): no shared cache may keep them. */
const RESTRICTED_CACHE_CONTROL = 'private, no-store';

/**
 * CORS of public media (issue 34): a player on another origin (hls.js fetches playlists and segments,
 * with Range) may read them. `*` without credentials: no cookie is ever sent or honoured cross-origin,
 * so only what a guest may load is readable. A restricted file (an unlisted video's, served to its
 * owner or staff by their session) gets none: it stays readable only by the site's own pages.
 */
export const MEDIA_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Length, Content-Range, Accept-Ranges',
} as const;
/** The preflight of a cross-origin Range request; a day before the browser asks again. */
export const MEDIA_PREFLIGHT_HEADERS = {
  ...MEDIA_CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'Range',
  'access-control-max-age': '86400',
} as const;

export interface MediaGuard {
  access: MediaAccess;
  /** The signed-in user of the request; only asked for restricted files (media skips the session hook). */
  userOf(request: FastifyRequest): Promise<CurrentUser | null>;
  /** The UK gate over video files (issue 34); without it, none. */
  ukMedia?: UkMediaGate;
  /** Hotlink protection (issue 32): public video files only by a signed, unexpired URL; without it, none. */
  signing?: MediaSigner;
}

export function registerMediaRoutes(
  app: FastifyInstance,
  storage: Storage,
  guard?: MediaGuard,
  variants: VariantMaker = createVariantMaker(storage, { log: app.log }),
): void {
  // Asks nothing about the key: the same answer for every path, so that it tells no one which exist.
  contractRoutes(app).route({
    method: 'OPTIONS',
    url: '/media/*',
    schema: {
      tags: ['media'],
      summary: 'CORS preflight of a media file (a player on another origin asking for a byte range).',
      description:
        'Answers 204 with `Access-Control-Allow-Origin: *`, `Access-Control-Allow-Methods: GET, HEAD` and `Access-Control-Allow-Headers: Range`, whatever the key.',
      params: mediaParams,
      response: { 204: z.undefined().describe('The preflight is allowed.') },
    },
    handler: async (_request, reply) => reply.status(204).headers(MEDIA_PREFLIGHT_HEADERS).send(),
  });
  contractRoutes(app).route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: {
      tags: ['media'],
      summary: 'A stored media file (renditions, HLS, posters, thumbnails, sprites, VTT) by its key.',
      description:
        'Local disk: the file with validators and one byte range. S3: a redirect to the bucket (public URL, or a short-lived signed one). Every answer but a restricted file carries `Access-Control-Allow-Origin: *` (and exposes Content-Length, Content-Range, Accept-Ranges), so that a player on another origin can load it; OPTIONS answers the preflight of a Range request. Files of unlisted videos go to their uploader and staff only (`private, no-store`); to anyone else they do not exist (404). Video files (renditions, HLS, previews) are refused with 403 `age_verification_required` to a visitor the UK gate covers (gb, a guest or not age_verified), unless the path starts with a live pass of the video (`~{pass}/`, `private, no-store`), which a page exempt from the gate gives its player; pictures and the timeline index stay open. Hotlink protection (issue 32, on unless MEDIA_SIGNING=false): a public video file (renditions, HLS, not the hover preview `preview.mp4`) is served only by a signed URL `/media/s/{expires}/{token}/{key}` (token: HMAC-SHA256 of `{expires}:{folder}` for a folder above the key), with `Cache-Control: public, max-age` of the seconds it has left; the plain `/media/{key}` of such a file, a wrong token and a past expiry answer 403 `media_link_required`, `media_link_invalid`, `media_link_expired`. The WebP variant of a JPEG picture, `{name}.320w.webp` or `{name}.640w.webp` of `{name}.jpg` (at most that wide), not stored yet, is made from the JPEG on this request and stored; 404 when there is no such JPEG.',
      params: mediaParams,
      response: {
        ...storedFileResponses(),
        302: z.null().describe('S3 storage: redirect to the file in the bucket.'),
        ...errors(403, 404),
      },
    },
    handler: async (request, reply) => {
      // Refusals too (404, 403 of the UK gate): a player elsewhere can then tell why it got nothing.
      reply.headers(MEDIA_CORS_HEADERS);
      let key = request.params['*'];
      // `~{pass}/{key}`: a file of the UK gate's pass (uk-media-gate.ts); `~` starts no storage key.
      let pass: string | undefined;
      if (key.startsWith(PASS_MARK)) {
        const slash = key.indexOf('/');
        if (slash === -1) return notFound(reply);
        pass = key.slice(PASS_MARK.length, slash);
        key = key.slice(slash + 1);
      }
      // `s/{expires}/{token}/{key}`: a signed URL (issue 32, lib/media-signing.ts).
      const signed = parseSignedPath(key);
      if (signed) key = signed.key;
      let restricted = false;
      /** Seconds left of the signed URL that opened a video file: no cache keeps it longer. */
      let signedFor: number | undefined;
      let user: CurrentUser | null | undefined;
      const userOnce = async () => {
        if (user === undefined) user = guard ? await guard.userOf(request) : null;
        return user;
      };
      if (guard) {
        const { visibility, ownerId } = await guard.access.visibility(key);
        if (visibility === 'missing') return notFound(reply);
        if (visibility === 'restricted') {
          // Not 403: whether an unlisted video exists is not told to strangers.
          if (!guard.access.allowed(await userOnce(), ownerId)) return notFound(reply);
          restricted = true;
          for (const name of Object.keys(MEDIA_CORS_HEADERS)) reply.removeHeader(name);
        }
        const uk = guard.ukMedia;
        if (uk && isVideoFileKey(key)) {
          const visitor = uk.visitorOf(requestLikeOf(request.raw));
          // The session is read only for visitors from gb (the rest are never covered).
          if (visitor.ukCountry && uk.covers(visitor, await userOnce()) && !(await uk.passOpens(pass, key))) {
            return reply
              .status(403)
              .header('cache-control', RESTRICTED_CACHE_CONTROL)
              .send({
                error: english('api.age_verification_required'),
                code: 'age_verification_required',
                codes: [],
              });
          }
        }
        // Hotlink protection: a public video file needs a live signature (or the UK gate's pass, itself
        // a signed, expiring grant). Restricted files go by the session, which no other site has.
        const signing = guard.signing;
        if (!restricted && signing?.needsSignature(key) && !(await uk?.passOpens(pass, key))) {
          if (!signed) return refuseLink(reply, 'required');
          const verdict = await signing.check(signed.expires, signed.token, key);
          if (verdict !== 'ok') return refuseLink(reply, verdict);
          signedFor = signing.secondsLeft(signed.expires);
        }
      }
      // A picture's WebP variant (contract/image-variants.ts) missing from storage is made from its JPEG
      // now and stored; without its JPEG it does not exist. The rules above are the JPEG's: same video.
      if (parseImageVariantKey(key) && !(await variants.ensure(key))) return notFound(reply);
      // A pass's URL is one visitor's: no shared cache keeps what it opened.
      return serveMedia(storage, key, request, reply, restricted || pass !== undefined, signedFor);
    },
  });
}

/** 403 of hotlink protection: no signature on a video file, a wrong one, or one past its expiry. */
function refuseLink(reply: FastifyReply, verdict: 'required' | 'invalid' | 'expired') {
  return reply
    .status(403)
    .header('cache-control', RESTRICTED_CACHE_CONTROL)
    .send({ error: english('api.forbidden'), code: `media_link_${verdict}`, codes: [] });
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ error: english('api.not_found'), code: 'not_found', codes: [] });

async function serveMedia(
  storage: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  restricted = false,
  signedFor?: number,
) {
  if (storage.kind === 's3') {
    let target: string;
    try {
      // A presigned bucket URL lives as long as the signed /media/ URL it stands for (S3 allows 7 days).
      target = await storage.url(
        key,
        signedFor === undefined ? {} : { expiresInSeconds: Math.max(1, Math.min(signedFor, 604_800)) },
      );
    } catch (error) {
      if (error instanceof InvalidStorageKeyError) return notFound(reply);
      throw error;
    }
    reply.header(
      'cache-control',
      restricted
        ? RESTRICTED_CACHE_CONTROL
        : storage.urlsExpire || signedFor !== undefined
          ? SIGNED_REDIRECT_CACHE_CONTROL
          : PUBLIC_REDIRECT_CACHE_CONTROL,
    );
    return reply.redirect(target, 302);
  }

  let object: StoredObject | null;
  try {
    object = await storage.stat(key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return notFound(reply);
    throw error;
  }
  if (!object) return notFound(reply);

  return sendStoredObject(storage, key, object, request, reply, {
    contentType: contentTypeOf(key),
    cacheControl: restricted
      ? RESTRICTED_CACHE_CONTROL
      : signedFor !== undefined
        ? `public, max-age=${signedFor}`
        : MEDIA_CACHE_CONTROL,
    onMissing: () => notFound(reply),
  });
}

export interface SendObjectOptions {
  contentType: string;
  cacheControl: string;
  /** More headers, e.g. a Content-Disposition for a download. */
  headers?: Record<string, string>;
  /** The answer when the file went away between stat and open (its headers are already cleared). */
  onMissing: () => FastifyReply;
}

/**
 * Sends a stored file that `stat` found: validators (ETag, Last-Modified, 304), one byte range (206,
 * 416 with `Content-Range: bytes *\/size`), HEAD without a body. Used by /media/ and the download.
 */
export async function sendStoredObject(
  storage: Storage,
  key: string,
  object: StoredObject,
  request: FastifyRequest,
  reply: FastifyReply,
  options: SendObjectOptions,
): Promise<FastifyReply> {
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', object.etag);
  reply.header('last-modified', object.lastModified.toUTCString());
  reply.header('cache-control', options.cacheControl);
  reply.header('content-type', options.contentType);
  for (const [name, value] of Object.entries(options.headers ?? {})) reply.header(name, value);

  if (notModified(request, object)) return reply.status(304).send();

  const rangeHeader = request.headers.range;
  const range =
    rangeHeader !== undefined && ifRangeHolds(request, object) ? parseRange(rangeHeader, object.size) : null;
  if (range === 'unsatisfiable') {
    reply.removeHeader('content-type');
    for (const name of Object.keys(options.headers ?? {})) reply.removeHeader(name);
    reply.header('content-range', `bytes */${object.size}`);
    return reply.status(416).send({ error: english('api.bad_range'), code: 'bad_range', codes: [] });
  }
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(object.size));
  }
  if (request.method === 'HEAD' || object.size === 0) return reply.send();
  try {
    return reply.send(await storage.get(key, range ?? undefined));
  } catch (error) {
    // Deleted between stat and open.
    if (error instanceof StorageNotFoundError) {
      reply.removeHeader('content-length');
      reply.removeHeader('content-range');
      for (const name of Object.keys(options.headers ?? {})) reply.removeHeader(name);
      return options.onMissing();
    }
    throw error;
  }
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); ETags compare weakly. */
function notModified(request: FastifyRequest, object: StoredObject): boolean {
  const inm = request.headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    const mine = stripWeak(object.etag);
    return inm.split(',').some((tag) => stripWeak(tag.trim()) === mine);
  }
  const ims = request.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(object.lastModified.getTime() / 1000) * 1000 <= since;
}

const stripWeak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** A Range with an If-Range that no longer matches the file is ignored: the whole new file is sent. */
function ifRangeHolds(request: FastifyRequest, object: StoredObject): boolean {
  const raw = request.headers['if-range'];
  if (raw === undefined) return true;
  const ifRange = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === object.etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(object.lastModified.getTime() / 1000) * 1000 === date;
}

/**
 * One `bytes=` range against a size: the inclusive range to send, 'unsatisfiable' (416), or null to
 * ignore the header and send everything (malformed, another unit, or several ranges, which RFC 9110
 * lets a server answer with the whole representation).
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
