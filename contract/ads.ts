// Ad zones (issue 6): configured by an administrator (no code change to switch a network) and read
// by the pages. Members see no ads: for a signed-in viewer every zone is null or empty.

/** A banner creative: an image with a link, or an HTML snippet shown in a sandboxed iframe. */
export type BannerCreative =
  | { kind: 'image'; src: string; href: string; alt: string; width: number; height: number }
  | { kind: 'iframe'; src: string; width: number; height: number };

/** The VAST pre-roll (spec/content.md §4). */
export interface PrerollConfig {
  /** VAST tag URLs: the primary first, then the backups tried in order on an ad error. */
  tags: string[];
  /** Played when every tag fails; null: no ad then. */
  fallback: { mediaUrl: string; clickUrl: string | null } | null;
  skipOffsetSeconds: number; // 5
  timeoutDesktopMs: number; // 5000
  timeoutMobileMs: number; // 10000
  maxRedirects: number; // 8
}

export interface PromoBanner {
  kind: 'iframe' | 'image';
  src: string;
  href: string | null;
  height: number;
}

/** Everything a page needs to show ads to this viewer; `null` zones are simply not shown. */
export interface AdsForViewer {
  preroll: PrerollConfig | null;
  /** The in-video ad shown on pause. */
  pause: BannerCreative | null;
  /** Footer: 4 slots of 300x250 (2 at 767 px or less). */
  footer: BannerCreative[];
  /** Video page carousel: 5 slots of 300x250 scaling down. */
  carousel: BannerCreative[];
  /** Right-hand column of the video page (not on phones). */
  aside: BannerCreative[];
  /** Above the player. */
  promo: PromoBanner | null;
}

export const NO_ADS: AdsForViewer = {
  preroll: null,
  pause: null,
  footer: [],
  carousel: [],
  aside: [],
  promo: null,
};
