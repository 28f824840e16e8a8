// The shapes of the catalogue's read answers (spec/content.md §7) as TypeScript types: the list items,
// the references inside them and the whole answers (inferred from contract/catalog-responses.ts).
// Types only; contract/catalog-api.ts re-exports them.
import type { z } from 'zod';
import type { VideoCard } from './catalog.ts';
import type {
  channelsResponseSchema,
  modelsResponseSchema,
  playlistsResponseSchema,
  suggestResponseSchema,
  videos2ResponseSchema,
} from './catalog-responses.ts';

export interface CategoryRef {
  id: number;
  dir: string;
  title: string;
}

export interface ModelRef {
  dir: string;
  title: string;
  img: string | null;
  videos: number;
}

export interface ListVideo extends VideoCard {
  categories: CategoryRef[];
  models: ModelRef[];
}

export interface MvpLink {
  url: string;
  title_nav: string;
}

export interface Mvp {
  mtitle: string;
  mdesc: string;
  h1: string;
  links: MvpLink[];
}

export type Videos2Response = z.infer<typeof videos2ResponseSchema>;

export interface CountedItem {
  dir: string;
  title: string;
  total_videos: number;
}

export interface ObjectStatistics {
  videos: number;
  viewed: number;
  subscribers: number;
}

export interface ModelListItem extends CountedItem {
  id: number;
  img: string | null;
  statistics: ObjectStatistics;
}

export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

export interface ChannelListItem extends CountedItem {
  id: number;
  url: string | null;
  scr1: string | null;
  statistics: ObjectStatistics;
}

export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;

export interface PlaylistListItem {
  playlist_id: number;
  title: string;
  description: string;
  private: 0 | 1;
  total_videos: number;
  viewed: number;
  rating: number;
  scr: string | null;
  user: { id: number; user_id: number; username: string };
}

export type PlaylistsResponse = z.infer<typeof playlistsResponseSchema>;

export type SuggestResponse = z.infer<typeof suggestResponseSchema>;
