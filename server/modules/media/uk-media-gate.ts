// The UK gate (shell.md §4) over the video files themselves (issue 34): the overlay alone left the
// player's MP4s in the page and /media/ serving them. While the gate covers a viewer, the video page,
// the embed and /api/videofile.php hand out no URL of a moving picture, and /media/ and the download
// refuse those files (403 `age_verification_required`). Posters, stills, timeline sprites and their
// WebVTT index stay open, as do the information pages.
//
// Who: a visitor from gb (geo/visitor.ts) who is a guest or a member without age_verified. Staff are
// not covered: the console's players need the files (docs/decisions.md, 2026-11-29). A page reached
// from another site or with a promo-type query is not gated (shell.md §4); its player then gets a
// pass, a signed token naming the video and where its files are, good for PASS_HOURS: the player's
// calls come from the site's own page, so their Referer can no longer show where the visitor came
// from. The pass rides in the file list's URLs (`/media/~{pass}/{key}`: HLS playlists' relative
// URIs keep it) and in `&pass=` of the file-list call.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { hasPromoQuery } from '../../../contract/age-gates.ts';
import { isStaff } from '../access.ts';
import { HOUSE_PREROLL_CREATIVE } from '../ads/house-preroll.ts';
import type { Visitor, VisitorResolver } from '../geo/visitor.ts';
import type { MediaRepository } from './media.repository.ts';

/** How long a pass opens its video's files: a long video watched with pauses, from a page kept open. */
export const PASS_HOURS = 12;
/** The first segment of a /media/ path that carries a pass: `~` never starts a storage key segment. */
export const PASS_MARK = '~';
const PASS_KEY_SETTING = 'media.uk_pass_key';

/** Files anyone may have: pictures, and the timeline's WebVTT index (and JSON manifests). */
const OPEN_FILE = /\.(jpe?g|png|webp|gif|avif|vtt|json)$/i;
/** Ad creatives (the house pre-roll clip) are no catalogue video. */
const AD_CREATIVE_DIRS = [
  HOUSE_PREROLL_CREATIVE.storageKey.slice(0, HOUSE_PREROLL_CREATIVE.storageKey.lastIndexOf('/') + 1),
];

/**
 * A moving picture of a catalogue video: renditions, HLS playlists and segments, hover previews, and
 * any file that is not a picture or a text index (unknown kinds are closed, not open).
 */
export function isVideoFileKey(key: string): boolean {
  if (OPEN_FILE.test(key)) return false;
  return !AD_CREATIVE_DIRS.some((dir) => key.startsWith(dir));
}

/** What a page of one video may carry for this viewer. */
export interface PageMedia {
  /** No URL of a moving picture in the page (renditions, downloads, previews): the gate covers the viewer. */
  withheld: boolean;
  /** The gate is shown: the player asks for no files at all. */
  gated: boolean;
  /** The player's pass when the page is exempt (reached from another site, a promo query). */
  pass: string | null;
}

export const OPEN_PAGE_MEDIA: PageMedia = { withheld: false, gated: false, pass: null };

export interface UkMediaGate {
  /** Where a request comes from (the resolver of geo/visitor.ts with the settings in effect). */
  visitorOf: VisitorResolver;
  /** Whether the UK gate keeps video files from this viewer: gb, a guest or not age_verified, not staff. */
  covers(visitor: Visitor | undefined, user: CurrentUser | null | undefined): boolean;
  /** A video page's or an embed's share (the same clauses as the overlay: the root loader's). */
  forPage(
    visitor: Visitor | undefined,
    user: CurrentUser | null | undefined,
    search: URLSearchParams,
    videoId: number,
  ): Promise<PageMedia>;
  /** Whether `pass` is a live pass of this video (the file-list call). */
  passAllows(pass: string | undefined, videoId: number): Promise<boolean>;
  /** Whether `pass` is a live pass whose video's files include `key` (/media/). */
  passOpens(pass: string | undefined, key: string): Promise<boolean>;
}

interface PassBody {
  videoId: number;
  expires: number;
  /** The storage prefix of the video's files, without the trailing slash. */
  prefix: string;
}

export function createUkMediaGate(deps: {
  repository: Pick<MediaRepository, 'mediaPlace' | 'sharedSecret'>;
  visitorOf: VisitorResolver;
  now?: () => number;
}): UkMediaGate {
  const now = deps.now ?? Date.now;
  let secret: Promise<Buffer> | undefined;
  const key = () => {
    secret ??= deps.repository
      .sharedSecret(PASS_KEY_SETTING, () => randomBytes(32).toString('base64url'))
      .then((value) => Buffer.from(value, 'base64url'))
      .catch((error) => {
        secret = undefined;
        throw error;
      });
    return secret;
  };
  const mac = async (body: string) =>
    createHmac('sha256', await key())
      .update(`uk-media:${body}`)
      .digest()
      .subarray(0, 18)
      .toString('base64url');

  /** The pass's body when its signature holds and it has not expired. */
  async function read(pass: string | undefined): Promise<PassBody | null> {
    if (!pass || pass.length > 600) return null;
    const match = /^([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{24})$/.exec(pass);
    if (!match) return null;
    const [, id = '', expires = '', prefix = '', given = ''] = match;
    const expected = Buffer.from(await mac(`${id}.${expires}.${prefix}`), 'base64url');
    const got = Buffer.from(given, 'base64url');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
    if (Number(expires) * 1000 <= now()) return null;
    return {
      videoId: Number(id),
      expires: Number(expires),
      prefix: Buffer.from(prefix, 'base64url').toString('utf8'),
    };
  }

  /** Where the video's files are: its media_key, else the folder its moving pictures share. */
  async function prefixOf(videoId: number): Promise<string> {
    const place = await deps.repository.mediaPlace(videoId);
    const own = `videos/${videoId}`;
    if (!place) return own;
    const stored = place.mediaKey?.replace(/\/+$/, '') ?? '';
    if (stored && place.keys.every((k) => k.startsWith(`${stored}/`))) return stored;
    const common = commonFolder(place.keys);
    return common || own;
  }

  const covers: UkMediaGate['covers'] = (visitor, user) =>
    visitor?.ukCountry === true && !user?.age_verified && !isStaff(user);

  return {
    visitorOf: deps.visitorOf,
    covers,
    async forPage(visitor, user, search, videoId) {
      if (!covers(visitor, user)) return OPEN_PAGE_MEDIA;
      // The overlay's clauses (root loader): not reached from another site, no promo-type query.
      const exempt = visitor?.referred === true || hasPromoQuery(search);
      if (!exempt) return { withheld: true, gated: true, pass: null };
      const expires = Math.floor(now() / 1000) + PASS_HOURS * 3600;
      const prefix = Buffer.from(await prefixOf(videoId)).toString('base64url');
      const body = `${videoId}.${expires}.${prefix}`;
      return { withheld: true, gated: false, pass: `${body}.${await mac(body)}` };
    },
    async passAllows(pass, videoId) {
      return (await read(pass))?.videoId === videoId;
    },
    async passOpens(pass, storageKey) {
      const body = await read(pass);
      return body !== null && body.prefix !== '' && storageKey.startsWith(`${body.prefix}/`);
    },
  };
}

/** The deepest folder holding every key ('' when they share none). */
function commonFolder(keys: readonly string[]): string {
  if (keys.length === 0) return '';
  let parts = (keys[0] ?? '').split('/').slice(0, -1);
  for (const k of keys.slice(1)) {
    const other = k.split('/');
    let i = 0;
    while (i < parts.length && parts[i] === other[i]) i++;
    parts = parts.slice(0, i);
  }
  return parts.join('/');
}

/** A /media/ URL of the file list with the pass in front of the key (other URLs unchanged). */
export function withPass(url: string, pass: string): string {
  return url.startsWith('/media/') ? `/media/${PASS_MARK}${pass}/${url.slice('/media/'.length)}` : url;
}
