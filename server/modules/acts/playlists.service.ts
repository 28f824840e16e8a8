// Playlists (content.md §5–§7): members create them (orientation on create only, default str; 1 to 3
// categories; visible 1 public, 0 private) and only their owner edits, deletes, adds to or removes from
// them. A private playlist is invisible to everyone else: acting on it is `playlist_not_found` (404),
// as for one that does not exist; someone else's public playlist is `forbidden` (403).
import { ACT_CODES, PLAYLIST_STRIP_PAGE_SIZE, PLAYLIST_VISIBLE } from '../../../contract/acts.ts';
import type { DurationClass, Gender, VideoCard } from '../../../contract/catalog.ts';
import type { PlaylistsResponse } from '../../../contract/catalog-api.ts';
import { media, toCard } from '../catalog/catalog.mappers.ts';
import { alreadyAdded, forbidden, invalidCategories, notFound } from './act-errors.ts';
import { type Actor, actingMember, pageWindow } from './actor.ts';
import type { PlaylistsRepository } from './playlists.repository.ts';

/** The largest page of a member's playlists (the picker shows 20). */
export const PLAYLISTS_MAX_COUNT = 100;

export interface NewPlaylist {
  title: string;
  desc: string;
  visible: '0' | '1';
  orientation: Gender;
  categories: number[];
}

export interface PlaylistEdit {
  title: string;
  desc: string;
  visible?: '0' | '1';
  categories?: number[];
}

/** A playlist as its owner edits it and the strip heads it. */
export interface PlaylistView {
  playlist_id: number;
  title: string;
  description: string;
  private: 0 | 1;
  orientation: Gender;
  total_videos: number;
  categories: { id: number; dir: string; title: string }[];
  user: { id: number; user_id: number; username: string };
}

export interface PlaylistStripPage {
  playlist: PlaylistView;
  videos: VideoCard[];
  total_count: number;
  page: number;
}

export function createPlaylistsService(repo: PlaylistsRepository) {
  /** Why a write on someone else's (or no) playlist was refused. */
  const refusal = async (playlistId: number, userId: number) => {
    const owner = await repo.ownerOf(playlistId);
    if (!owner || (owner.is_private && Number(owner.user_id) !== userId)) return notFound('playlist');
    return forbidden();
  };

  const view = async (playlistId: number, viewerId: number | null): Promise<PlaylistView | null> => {
    const p = await repo.find(playlistId, viewerId);
    if (!p) return null;
    return {
      playlist_id: Number(p.id),
      title: p.title,
      description: p.description,
      private: p.is_private ? 1 : 0,
      orientation: p.gender,
      total_videos: p.total_videos,
      categories: p.categories.map((c) => ({ id: Number(c.id), dir: c.dir, title: c.title })),
      user: { id: Number(p.user_id), user_id: Number(p.user_id), username: p.username },
    };
  };

  return {
    /** act=playlist section=new → {ok, playlist_id}; `invalid_categories` for an unknown category. */
    async create(actor: Actor | null, input: NewPlaylist) {
      const member = actingMember(actor);
      const id = await repo.create(member.userId, {
        title: input.title,
        description: input.desc,
        isPrivate: input.visible === PLAYLIST_VISIBLE.private,
        gender: input.orientation,
        categoryIds: input.categories,
      });
      if (id === null) throw invalidCategories();
      return { ok: true as const, playlist_id: id };
    },

    /** act=playlist section=upd (owner only; orientation is not changed). */
    async update(actor: Actor | null, playlistId: number, input: PlaylistEdit) {
      const member = actingMember(actor);
      const result = await repo.update(member.userId, playlistId, {
        title: input.title,
        description: input.desc,
        isPrivate: input.visible === undefined ? undefined : input.visible === PLAYLIST_VISIBLE.private,
        categoryIds: input.categories,
      });
      if (result === 'not_owned') throw await refusal(playlistId, member.userId);
      if (result === 'bad_category') throw invalidCategories();
      return { ok: true as const, playlist_id: playlistId };
    },

    /** act=playlist section=del (owner only; the browser asks for confirmation first). */
    async remove(actor: Actor | null, playlistId: number) {
      const member = actingMember(actor);
      if (!(await repo.remove(member.userId, playlistId))) throw await refusal(playlistId, member.userId);
      return { ok: true as const };
    },

    /** act=playlist section=add: `playlist_already_added` (409) when the video is on it already. */
    async addVideo(actor: Actor | null, playlistId: number, videoId: number) {
      const member = actingMember(actor);
      const result = await repo.addVideo(member, playlistId, videoId);
      if (result === 'not_owned') throw await refusal(playlistId, member.userId);
      if (result === 'no_video') throw notFound('video');
      if (result === 'exists') throw alreadyAdded(ACT_CODES.playlistAlreadyAdded);
      return { ok: true as const };
    },

    /** act=playlist section=rem (owner only); a video that is not on it is not an error. */
    async removeVideo(actor: Actor | null, playlistId: number, videoId: number) {
      const member = actingMember(actor);
      const result = await repo.removeVideo(member.userId, playlistId, videoId);
      if (result === 'not_owned') throw await refusal(playlistId, member.userId);
      return { ok: true as const };
    },

    /** A playlist for the edit form and the strip's heading; null when missing or not the viewer's to see. */
    get: (playlistId: number, viewer: Actor | null) => view(playlistId, viewer?.user_id ?? null),

    /**
     * A member's playlists page (and the AddTo modal's picker of 20 when it is the viewer's own): all
     * of them for their owner, the public ones for anyone else.
     */
    async ofMember(
      viewer: Actor | null,
      ownerId: number,
      page: number,
      count: number,
    ): Promise<PlaylistsResponse> {
      const { limit, offset } = pageWindow(page, count, PLAYLISTS_MAX_COUNT);
      const { rows, total } = await repo.ofMember(ownerId, viewer?.user_id === ownerId, limit, offset);
      return {
        playlists: rows.map((p) => ({
          playlist_id: Number(p.id),
          title: p.title,
          description: p.description,
          private: p.is_private ? 1 : 0,
          total_videos: p.total_videos,
          viewed: Number(p.viewed),
          rating: Math.round(p.rating * 100),
          scr: media(p.poster_key),
          user: { id: Number(p.user_id), user_id: Number(p.user_id), username: p.username },
        })),
        total_count: total,
      };
    },

    /**
     * The playlist strip: page `page` of PLAYLIST_STRIP_PAGE_SIZE listed videos in the playlist's order
     * (only those of one duration class when `duration` is given: the owner's playlist page filtered).
     * `playlist_not_found` (404) when missing or private to someone else.
     */
    async strip(
      viewer: Actor | null,
      playlistId: number,
      page: number,
      duration?: DurationClass,
    ): Promise<PlaylistStripPage> {
      const playlist = await view(playlistId, viewer?.user_id ?? null);
      if (!playlist) throw notFound('playlist');
      const { limit, offset } = pageWindow(page, PLAYLIST_STRIP_PAGE_SIZE, PLAYLIST_STRIP_PAGE_SIZE);
      const { rows, total } = await repo.videos(playlistId, limit, offset, duration);
      return {
        playlist,
        videos: rows.map(toCard),
        total_count: total,
        page: Math.max(1, Math.floor(page) || 1),
      };
    },

    /** The categories of these videos, the most frequent first: the category strip of the owner's page. */
    categoriesOf: (videoIds: number[]) => repo.categoriesOf(videoIds),
  };
}

export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
