// Fetching one VAST tag in the browser with @dailymotion/vast-client (loaded on demand, so pages
// without a pre-roll never download it): follow wrappers, pick a linear MP4 the browser can play.

import { AD_CREATIVE_PARTNER, adCreativeName } from '../../../contract/ads-viewer.ts';

// biome-ignore lint/suspicious/noExplicitAny: the library's own types are `any` for ads and creatives.
type Loose = any;

export interface VastAd {
  mediaUrl: string;
  /** Fires impression and quartile events; null for the operator's fallback media (no VAST). */
  tracker: TrackerLike | null;
  clickUrl: string | null;
  /**
   * Issue 32: the id the ad is counted under: the VAST creative's id (or its ad's), else `partner`;
   * the operator's fallback media: `fallback`.
   */
  creativeId: string;
}

/** The id of a VAST creative as the ad accounting counts it: the creative's, its adId, the ad's, or `partner`. */
export function vastCreativeId(
  ad: { id?: unknown } | null,
  creative: { id?: unknown; adId?: unknown },
): string {
  for (const value of [creative.id, creative.adId, ad?.id]) {
    const name = typeof value === 'string' ? adCreativeName(value.trim()) : '';
    if (name) return name;
  }
  return AD_CREATIVE_PARTNER;
}

/** The part of VASTTracker the overlay uses. */
export interface TrackerLike {
  trackImpression(): void;
  load(): void;
  setDuration(seconds: number): void;
  setProgress(seconds: number): void;
  setPaused(paused: boolean): void;
  setMuted(muted: boolean): void;
  complete(): void;
  skip(): void;
  click(fallbackUrl?: string | null): void;
  errorWithCode(code: string): void;
  on(event: 'clickthrough', listener: (url: string) => void): void;
}

export interface MediaFileLike {
  fileURL?: string | null;
  mimeType?: string | null;
  deliveryType?: string | null;
  width?: number;
  apiFramework?: string | null;
}

/** A progressive file the browser plays, the one closest to the player's width; null if none. */
export function pickMediaFile(
  files: MediaFileLike[],
  canPlay: (mime: string) => boolean,
  targetWidth: number,
): string | null {
  const playable = files.filter(
    (file) =>
      typeof file.fileURL === 'string' &&
      /^https?:\/\//.test(file.fileURL.trim()) &&
      !file.apiFramework &&
      file.deliveryType !== 'streaming' &&
      canPlay((file.mimeType ?? '').toLowerCase()),
  );
  playable.sort((a, b) => Math.abs((a.width ?? 0) - targetWidth) - Math.abs((b.width ?? 0) - targetWidth));
  return playable[0]?.fileURL?.trim() ?? null;
}

/** Resolves a tag into a playable ad, or throws (request error, timeout, no linear creative). */
export async function loadVastAd(
  url: string,
  options: { timeoutMs: number; wrapperLimit: number; canPlay: (mime: string) => boolean; width: number },
): Promise<VastAd> {
  const { VASTClient, VASTTracker } = await import('@dailymotion/vast-client');
  const client = new VASTClient();
  const response: Loose = await withTimeout(
    client.get(url, { timeout: options.timeoutMs, wrapperLimit: options.wrapperLimit }),
    // The spec's request timeout bounds the whole ad request, wrappers included (docs/decisions.md).
    options.timeoutMs,
  );
  for (const ad of (response?.ads ?? []) as Loose[]) {
    for (const creative of (ad.creatives ?? []) as Loose[]) {
      if (creative.type !== 'linear') continue;
      const mediaUrl = pickMediaFile(creative.mediaFiles ?? [], options.canPlay, options.width);
      if (!mediaUrl) continue;
      const tracker = new VASTTracker(client, ad, creative) as unknown as TrackerLike;
      return {
        mediaUrl,
        tracker,
        clickUrl: creative.videoClickThroughURLTemplate?.url ?? null,
        creativeId: vastCreativeId(ad, creative),
      };
    }
  }
  throw new Error('no playable linear creative');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('VAST timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Phones and tablets: a coarse pointer or a mobile user agent (they get the longer request timeout). */
export function detectMobile(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.matchMedia?.('(pointer: coarse)').matches) return true;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}
