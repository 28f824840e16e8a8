// The UK gate over a video's files (issue 34; server/modules/media/uk-media-gate.ts): while it covers
// the viewer, the video page and the embed carry no URL of a moving picture (renditions, downloads,
// hover previews); posters and stills stay. Their player either asks for nothing (the gate is shown)
// or asks with the page's pass (a page reached from another site or with a promo query).
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { VideoDetail } from '../../../contract/catalog.ts';
import type { Visitor } from '../../../server/modules/geo/visitor.ts';
import type { servicesOf } from '../../lib/route-data.ts';

/** What the player may ask for: nothing (gated), or its file list with the page's pass, if any. */
export interface PlayerMedia {
  gated: boolean;
  pass: string | null;
}

type Services = ReturnType<typeof servicesOf>;

/** This viewer's share of one video's files, and what the page's data must leave out. */
export async function pageMedia(
  services: Services,
  visitor: Visitor,
  user: CurrentUser | null,
  search: URLSearchParams,
  videoId: number,
): Promise<{ withheld: boolean; player: PlayerMedia }> {
  const media = await services.ukMedia.forPage(visitor, user, search, videoId);
  return { withheld: media.withheld, player: { gated: media.gated, pass: media.pass } };
}

/** The video without its files' URLs (the download dialog's renditions, JSON-LD's contentUrl). */
export function withoutFiles(video: VideoDetail): VideoDetail {
  const { preview: _preview, ...rest } = video;
  return { ...rest, files: [] };
}

/** Cards without their hover previews. */
export function withoutPreviews<T extends { preview?: string | null }>(cards: readonly T[]): T[] {
  return cards.map(({ preview: _preview, ...card }) => card as T);
}
