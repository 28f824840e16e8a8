// Hotlink protection (issue 32 part 4): the site's pages and embeds get video file URLs signed with an
// expiry, in the path, so that a CDN can cache by the URL and check it (docs/hotlink-protection.md):
//
//   /media/s/{expires}/{token}/{key}    token = base64url(HMAC-SHA256(secret, "{expires}:{scope}"))[0..22)
//
// The scope is the folder of the signed file ("videos/12/" for "videos/12/720p.mp4", "videos/12/hls/" for
// an HLS master), so that the relative URIs inside a playlist (variants, segments) resolve under the same
// signed prefix and need no rewriting. A URL is checked against every folder above its key. The expiry
// is rounded up to a bucket (lifetime 6 h, buckets of 1 h by default): every page and file list made
// within one bucket carries the same URLs (stable for page caches and CDN cache keys), and a URL is
// always good for at least the lifetime after it was issued. A member's download link has its own
// scope, bound to the member, with a short lifetime (docs/decisions.md, 2026-11-29 hotlink protection).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The first segment of a signed /media/ path: the storage folder `s` is reserved for it. */
export const SIGNED_MARK = 's';
/** Signature length: 16 bytes of the HMAC, 22 base64url characters. */
const TOKEN_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const EXPIRES = /^[1-9]\d{0,11}$/;
/** A member's download link: long enough to start it, short enough that a copy is worth little. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export interface MediaSigningOptions {
  enabled: boolean;
  /** MEDIA_SIGNING_SECRET, or the one made once per database (site_settings) when unset. */
  secret: string | (() => Promise<string>);
  /** How long a URL is good for at least, from when it is issued (seconds). */
  lifetimeSeconds: number;
  /** The moving pictures (uk-media-gate.ts isVideoFileKey); default: every file but pictures and indexes. */
  isVideoFile?: (key: string) => boolean;
  now?: () => number;
}

export interface MediaSigner {
  readonly enabled: boolean;
  /** How long a response that carries signed URLs may be kept by a shared cache (one bucket). */
  readonly shareableSeconds: number;
  /** Whether /media/{key} needs a signature: moving pictures but the hover preview (see decisions). */
  needsSignature(key: string): boolean;
  /** `/media/s/{expires}/{token}/{key}` for the key, scoped to its folder. */
  signedPath(key: string): Promise<string>;
  /** A signed path's parts against the key it names. */
  check(expires: string, token: string, key: string): Promise<SignatureCheck>;
  /** Seconds left before `expires` (0 when past). */
  secondsLeft(expires: string): number;
  /** A member's download link parameters: `expires` and `token`, bound to member, video and format. */
  signDownload(scope: DownloadScope): Promise<{ expires: number; token: string }>;
  checkDownload(scope: DownloadScope, expires: string, token: string): Promise<SignatureCheck>;
}

export interface DownloadScope {
  userId: number;
  videoId: number;
  format: string;
}

/** Pictures and text indexes: never signed. */
const OPEN_FILE = /\.(jpe?g|png|webp|gif|avif|vtt|json)$/i;
/** The muted hover preview of cards: listings cached for a day carry it, so it stays unsigned. */
const PREVIEW_FILE = /(^|\/)preview\.mp4$/;

/** The bucket of a lifetime: a sixth of it, at most an hour, at least a second. */
export function bucketSeconds(lifetimeSeconds: number): number {
  return Math.max(1, Math.min(3600, Math.floor(lifetimeSeconds / 6)));
}

export function createMediaSigner(options: MediaSigningOptions): MediaSigner {
  const now = options.now ?? Date.now;
  const isVideoFile = options.isVideoFile ?? ((storageKey: string) => !OPEN_FILE.test(storageKey));
  const bucket = bucketSeconds(options.lifetimeSeconds);
  let secret: Promise<Buffer> | undefined;
  const key = () => {
    const source = options.secret;
    secret ??= (typeof source === 'string' ? Promise.resolve(source) : source())
      .then((value) => Buffer.from(value, 'utf8'))
      .catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
    return secret;
  };
  const mac = async (body: string) =>
    createHmac('sha256', await key())
      .update(body)
      .digest()
      .subarray(0, TOKEN_BYTES);
  const token = async (body: string) => (await mac(body)).toString('base64url');
  // The token's text is compared, not its decoded bytes: base64url's last character carries padding bits
  // a decoder ignores, and only the one canonical spelling of a token is accepted.
  const matches = async (body: string, given: Buffer) => {
    const expected = Buffer.from(await token(body), 'ascii');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const nowSeconds = () => Math.floor(now() / 1000);
  const expiresAt = (lifetime: number) => Math.ceil((nowSeconds() + lifetime) / bucket) * bucket;
  const live = (expires: string) => Number(expires) > nowSeconds();

  return {
    enabled: options.enabled,
    shareableSeconds: bucket,
    needsSignature: (storageKey) =>
      options.enabled && isVideoFile(storageKey) && !PREVIEW_FILE.test(storageKey),
    async signedPath(storageKey) {
      const slash = storageKey.lastIndexOf('/');
      const scope = storageKey.slice(0, slash + 1);
      const expires = expiresAt(options.lifetimeSeconds);
      const encoded = storageKey.split('/').map(encodeURIComponent).join('/');
      return `/media/${SIGNED_MARK}/${expires}/${await token(`${expires}:${scope}`)}/${encoded}`;
    },
    async check(expires, given, storageKey) {
      if (!EXPIRES.test(expires) || !TOKEN.test(given)) return 'invalid';
      const raw = Buffer.from(given, 'ascii');
      // Every folder above the key, deepest first (a playlist's files sit under the signed folder).
      const parts = storageKey.split('/');
      let signed = false;
      for (let depth = parts.length - 1; depth >= 0 && !signed; depth--) {
        const scope = depth === 0 ? '' : `${parts.slice(0, depth).join('/')}/`;
        signed = await matches(`${expires}:${scope}`, raw);
      }
      if (!signed) return 'invalid';
      return live(expires) ? 'ok' : 'expired';
    },
    secondsLeft: (expires) => Math.max(0, Number(expires) - nowSeconds()),
    async signDownload(scope) {
      // Not bucketed: a link of one member, asked for on a click, never cached.
      const expires = nowSeconds() + DOWNLOAD_LINK_SECONDS;
      return { expires, token: await token(downloadBody(scope, expires)) };
    },
    async checkDownload(scope, expires, given) {
      if (!EXPIRES.test(expires) || !TOKEN.test(given)) return 'invalid';
      if (!(await matches(downloadBody(scope, expires), Buffer.from(given, 'ascii')))) return 'invalid';
      return live(expires) ? 'ok' : 'expired';
    },
  };
}

const downloadBody = (scope: DownloadScope, expires: number | string) =>
  `download:${scope.userId}:${scope.videoId}:${scope.format}:${expires}`;

/** The site_settings row of the secret made when MEDIA_SIGNING_SECRET is unset. */
export const MEDIA_SIGNING_SETTING = 'media.signing_key';

/** A new secret for the database's site_settings, when MEDIA_SIGNING_SECRET is unset. */
export const newSigningSecret = () => randomBytes(32).toString('base64url');

/**
 * `s/{expires}/{token}/{key}` split, or null when the path is not of that form (then it is a plain key).
 * The key part is what the route serves.
 */
export function parseSignedPath(path: string): { expires: string; token: string; key: string } | null {
  if (!path.startsWith(`${SIGNED_MARK}/`)) return null;
  const match = /^s\/([^/]{1,20})\/([^/]{1,64})\/(.+)$/.exec(path);
  if (!match) return null;
  const [, expires = '', token = '', key = ''] = match;
  return { expires, token, key };
}
