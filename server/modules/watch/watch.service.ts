// Watching (issue 6): related videos, the batched view counter, oEmbed and downloads. A view writes
// nothing to the database (issue 18): it is claimed and counted in the view stage (view-stage.ts: in
// process, or Redis across processes) and flushed in batches; only a member's server history is written
// at once, so that their history page shows it (content.md §6).
import { createHash } from 'node:crypto';
import type { Gender } from '../../../contract/catalog.ts';
import { plainText } from '../../../contract/plain-text.ts';
import {
  OEMBED_MAX_WIDTH,
  type OembedResponse,
  RELATED_LIST_MAX,
  type RelatedResponse,
} from '../../../contract/watch.ts';
import { DomainError, notFound } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { mediaUrl, toCard } from '../catalog/catalog.mappers.ts';
import { refreshStatsWindows } from '../catalog/rollups.ts';
import { createMemoryViewStage, type ViewStage } from './view-stage.ts';
import { claimDailyRefresh, type WatchRepository } from './watch.repository.ts';

/** The dedup window of views: one UTC day (bucket = days since the epoch). */
export const VIEW_WINDOW_MS = 86_400_000;
export const bucketOfTime = (ms: number) => Math.floor(ms / VIEW_WINDOW_MS);
const dayOfBucket = (bucket: number) => new Date(bucket * VIEW_WINDOW_MS).toISOString().slice(0, 10);

/**
 * Counted views per IP per video per UTC day (audit F15): a household or an office behind one NAT still
 * counts a few viewers; changing the user agent no longer makes a new one without end.
 */
export const VIEWS_PER_IP = 5;

/**
 * The network a view is capped by: an IPv4 address, or the /64 of an IPv6 one (one host is handed a
 * whole /64, so its addresses are free to rotate). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function viewNetworkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  // A dotted IPv4 tail (::ffff:1.2.3.4) is two groups of hex.
  const text = address.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_m, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = [...left, ...fill, ...right].map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  if (groups.length !== 8) return address;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const n = [groups[6], groups[7]].map((g) => Number.parseInt(g ?? '0', 16));
    return [(n[0] ?? 0) >> 8, (n[0] ?? 0) & 255, (n[1] ?? 0) >> 8, (n[1] ?? 0) & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** How long the record of an applied batch is kept: a batch left behind turns up within minutes. */
const BATCH_RECORD_MS = 2 * 86_400_000;
/** How long a video's listed state is taken as known by the view call (a view of a video just taken down may still count). */
const LISTED_TTL_MS = 30_000;

/** A related list's ids: the first `coviewed` are co-viewed videos. */
interface RelatedIds {
  ids: number[];
  coviewed: number;
}

export interface Viewer {
  /** The signed-in member, if any: their views are deduplicated by account. */
  userId: number | null;
  ip: string;
  userAgent: string;
}

export interface WatchServiceOptions {
  /** How long a video's related list is kept in memory (0: not at all). */
  cacheTtlMs?: number;
  siteName: string;
  publicUrl: string;
  now?: () => number;
  /** Runs a function in a transaction (the daily full roll-up refresh). */
  transaction: <T>(work: (db: import('../../db/database.ts').DB) => Promise<T>) => Promise<T>;
  /** Counted views per IP per video per day (default VIEWS_PER_IP). */
  viewsPerIp?: number;
  /** Where views wait for the flush (default: in process). */
  stage?: ViewStage;
}

export interface FlushResult {
  views: number;
  videos: number;
  /** true when this call ran the day's full refresh of the windows */
  daily: boolean;
}

export function createWatchService(repo: WatchRepository, options: WatchServiceOptions) {
  const now = options.now ?? Date.now;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  // A ranked list (~15 ms at 100k on PostgreSQL) changes only as videos are added: kept 10× longer than
  // the pages, whose cards carry view counts.
  const relatedLists = new TtlCache<RelatedIds>({ ttlMs: Math.max(ttlMs * 10, 1), maxEntries: 5000 });
  const relatedPages = new TtlCache<RelatedResponse>({ ttlMs: Math.max(ttlMs, 1), maxEntries: 5000 });
  let salt: Promise<string> | undefined;
  let dailyCheckedFor: number | null = null;
  let flushing: Promise<FlushResult> | null = null;
  const stage = options.stage ?? createMemoryViewStage();
  // The view call's one read, the video's listed state, is kept briefly: a view writes nothing and
  // should read next to nothing.
  const listedState = new TtlCache<boolean>({ ttlMs: LISTED_TTL_MS, maxEntries: 100_000 });
  const isListed = (videoId: number) => {
    const load = async () => (await repo.findListed(videoId))?.listed ?? false;
    return ttlMs > 0 ? listedState.getOrLoad(String(videoId), load) : load();
  };

  const salted = async (text: string): Promise<string> => {
    salt ??= repo.viewSalt().catch((error) => {
      salt = undefined;
      throw error;
    });
    return createHash('sha256')
      .update(`${await salt}\n${text}`)
      .digest('base64url')
      .slice(0, 27);
  };
  const viewerHash = async (viewer: Viewer, bucket: number): Promise<string> => {
    if (viewer.userId !== null) return `u:${viewer.userId}`;
    return `g:${await salted(`${bucket}\n${viewer.ip}\n${viewer.userAgent}`)}`;
  };
  // Members count against their address's cap too: one account per view is cheap to multiply.
  const ipHash = (viewer: Viewer, bucket: number) => salted(`ip\n${bucket}\n${viewNetworkOf(viewer.ip)}`);

  /**
   * The whole ranked list, RELATED_LIST_MAX ids at most: the co-viewed videos (issue 32: precomputed by
   * the coview.compute job, one row read), then the shared-link scoring, then the popular filler. A video
   * with little viewing history has few or no co-viewed neighbours, and the scoring fills the rest.
   */
  const relatedList = (videoId: number, gender: Gender) => {
    const load = async (): Promise<RelatedIds> => {
      const coviewed = await repo.coviewedIds(videoId, gender);
      const scored = (await repo.relatedIds(videoId, gender, RELATED_LIST_MAX + coviewed.length))
        .filter((id) => !coviewed.includes(id))
        .slice(0, RELATED_LIST_MAX - coviewed.length);
      const ids = [...coviewed, ...scored];
      if (ids.length >= RELATED_LIST_MAX) return { ids, coviewed: coviewed.length };
      const filler = await repo.popularIds(gender, [videoId, ...ids], RELATED_LIST_MAX - ids.length);
      return { ids: [...ids, ...filler], coviewed: coviewed.length };
    };
    return ttlMs > 0 ? relatedLists.getOrLoad(`${videoId}:${gender}`, load) : load();
  };

  async function runFlush(): Promise<FlushResult> {
    let views = 0;
    let videos = 0;
    for (const batch of await stage.take()) {
      try {
        const applied = await repo.applyViews(batch.id, batch.views, batch.visits);
        if (applied.applied) {
          views += batch.views.reduce((sum, v) => sum + v.views, 0);
          videos += applied.videos;
        }
      } catch (error) {
        await batch.failed();
        throw error;
      }
      await batch.done();
    }
    // Once per UTC day: the windows move, so they are rebuilt from video_stats_daily (by the one process
    // that claims the day), and the staging rows of past windows go.
    const bucket = bucketOfTime(now());
    let daily = false;
    if (dailyCheckedFor !== bucket) {
      daily = await options.transaction(async (db) => {
        if (!(await claimDailyRefresh(db, dayOfBucket(bucket)))) return false;
        await refreshStatsWindows(db);
        return true;
      });
      await repo.pruneViewBatches(new Date(now() - BATCH_RECORD_MS));
      dailyCheckedFor = bucket;
    }
    return { views, videos, daily };
  }

  return {
    /** Forgets this process's cached related lists and listed states (a video taken down). */
    clearCache() {
      for (const c of [relatedLists, relatedPages, listedState]) c.clear();
    },
    /** One page of the related list (the page loader and the related call); cached like listings. */
    related(videoId: number, gender: Gender, page: number, count: number): Promise<RelatedResponse> {
      const load = async () => {
        const video = await repo.findListed(videoId);
        if (!video?.listed) throw notFound('video_not_found');
        const { ids, coviewed } = await relatedList(videoId, gender);
        const slice = ids.slice((page - 1) * count, page * count);
        const cards = await repo.cards(slice);
        return { videos: cards.map(toCard), total_count: ids.length, coviewed };
      };
      return ttlMs > 0 ? relatedPages.getOrLoad(`${videoId}:${gender}:${page}:${count}`, load) : load();
    },

    /** Stages one view; `counted` is false for a repeat of this viewer, or past its IP's cap, in this window. */
    async recordView(videoId: number, viewer: Viewer): Promise<{ counted: boolean }> {
      const at = now();
      const bucket = bucketOfTime(at);
      if (!(await isListed(videoId))) throw notFound('video_not_found');
      const counted = await stage.claim({
        videoId,
        viewerHash: await viewerHash(viewer, bucket),
        ipHash: await ipHash(viewer, bucket),
        ipCap: options.viewsPerIp ?? VIEWS_PER_IP,
        bucket,
        day: dayOfBucket(bucket),
      });
      // Members' history lives on the server; a repeat view moves the video to the top.
      if (viewer.userId !== null) await repo.rememberWatch(viewer.userId, videoId, new Date(at));
      return { counted };
    },

    /** Moves staged views into the counters; concurrent calls share one run. */
    flushViews(): Promise<FlushResult> {
      flushing ??= runFlush().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    /** Views counted and not yet flushed. */
    unflushedViews: () => stage.pending(),

    /** oEmbed 1.0 "video" for a video page URL of this site. */
    async oembed(url: string, maxWidth?: number, maxHeight?: number): Promise<OembedResponse> {
      const id = videoIdOfUrl(url, options.publicUrl);
      if (id === null) throw notFound('not_found');
      const video = await repo.findListed(id);
      if (!video?.listed) throw notFound('video_not_found');
      const info = await repo.oembedInfo(id);
      const { width, height } = embedSize(maxWidth, maxHeight);
      const site = options.publicUrl.replace(/\/$/, '');
      const src = `${site}/embed/${video.id}/${encodeURIComponent(video.dir)}/`;
      const thumbW = video.width ?? 640;
      const thumbH = video.height ?? 360;
      // oEmbed consumers show the title as text: markup is dropped as in the page's head.
      const title = plainText(video.title);
      return {
        version: '1.0',
        type: 'video',
        provider_name: options.siteName,
        provider_url: `${site}/`,
        title,
        ...(info?.user_id != null
          ? {
              author_name: info.username ?? '',
              author_url: `${site}/members/${info.user_id}/`,
            }
          : {}),
        ...(info?.poster_key
          ? {
              thumbnail_url: `${site}${mediaUrl(info.poster_key)}`,
              thumbnail_width: thumbW,
              thumbnail_height: thumbH,
            }
          : {}),
        html: `<iframe src="${escapeAttr(src)}" width="${width}" height="${height}" frameborder="0" allowfullscreen allow="autoplay; fullscreen; picture-in-picture" title="${escapeAttr(title)}"></iframe>`,
        width,
        height,
        cache_age: 86400,
      };
    },

    /** The MP4 rendition a member downloads, or a 404. */
    async downloadFile(videoId: number, format: string) {
      const file = await repo.downloadFile(videoId, format);
      if (!file)
        throw notFound(
          await repo.findListed(videoId).then((v) => (v?.listed ? 'format_not_found' : 'video_not_found')),
        );
      return { key: file.storage_key, mime: file.mime, filename: `${file.dir}-${format}.mp4` };
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;

/** `https://site/video/{id}/{dir}/` (with or without the slash, query or hash) → id; null otherwise. */
export function videoIdOfUrl(url: string, publicUrl: string): number | null {
  let parsed: URL;
  let site: URL;
  try {
    parsed = new URL(url);
    site = new URL(publicUrl);
  } catch {
    return null;
  }
  if (parsed.host !== site.host) return null;
  const m = /^\/(?:video|embed)\/(\d{1,15})\/[^/]+\/?$/.exec(parsed.pathname);
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 ? id : null;
}

/** The player's 16:9 box within maxwidth/maxheight (oEmbed: both are upper bounds). */
export function embedSize(maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  let width = OEMBED_MAX_WIDTH;
  if (maxWidth !== undefined) width = Math.min(width, maxWidth);
  if (maxHeight !== undefined) width = Math.min(width, Math.floor((maxHeight * 16) / 9));
  width = Math.max(16, width);
  return { width, height: Math.round((width * 9) / 16) };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Validation failure in the spec's shape. */
export const invalid = (field: string, code = `invalid_${field}`) =>
  new DomainError(code, { message: english('api.invalid_field', { field }), codes: [{ field, code }] });
