// Favourites and watch later (content.md §7): add, remove, the member's pages. Adding a video twice
// is the spec's `watch_later_already_added` (409), and `favourite_already_added` for favourites;
// removing what is not there is not an error (a double click must not show one).
import { ACT_CODES, type MemberVideoState, type VideoList } from '../../../contract/acts.ts';
import type { VideoListResult } from '../../../contract/catalog.ts';
import { toCard } from '../catalog/catalog.mappers.ts';
import { alreadyAdded, forbidden, notFound } from './act-errors.ts';
import { type Actor, actingMember, pageWindow } from './actor.ts';
import type { ListsRepository } from './lists.repository.ts';

/** The largest page of a member's list. */
export const LIST_MAX_COUNT = 120;

const ALREADY = {
  favourite: ACT_CODES.favouriteAlreadyAdded,
  watch_later: ACT_CODES.watchLaterAlreadyAdded,
} as const;

export function createListsService(repo: ListsRepository) {
  return {
    /** `video_not_found` (404) when the member may not see the video; `…_already_added` (409). */
    async add(actor: Actor | null, list: VideoList, videoId: number): Promise<{ ok: true }> {
      const member = actingMember(actor);
      const result = await repo.add(list, member, videoId);
      if (!result.found) throw notFound('video');
      if (!result.added) throw alreadyAdded(ALREADY[list]);
      return { ok: true };
    },

    async remove(actor: Actor | null, list: VideoList, videoId: number): Promise<{ ok: true }> {
      const member = actingMember(actor);
      await repo.remove(list, member.userId, videoId);
      return { ok: true };
    },

    /**
     * A member's favourites (anyone may look: the profile's favourite_videos section) or watch later
     * (the member's own: `forbidden` for anyone else), newest first, listed videos only.
     */
    async page(
      viewer: Actor | null,
      list: VideoList,
      ownerId: number,
      page: number,
      count: number,
    ): Promise<VideoListResult> {
      // Watch later is a private to-do list: a guest is asked to log in, another member is refused.
      if (list === 'watch_later' && actingMember(viewer).userId !== ownerId) throw forbidden();
      const { limit, offset } = pageWindow(page, count, LIST_MAX_COUNT);
      const { rows, total } = await repo.page(list, ownerId, limit, offset);
      return { videos: rows.map(toCard), total_count: total };
    },

    /** The video page's member state: on favourites, on watch later, the member's vote. */
    async videoState(actor: Actor, videoId: number): Promise<MemberVideoState> {
      const row = await repo.state(actor.user_id, videoId);
      const vote = row.vote === null ? null : Number(row.vote) > 0 ? 1 : -1;
      return { favourite: Boolean(row.favourite), watch_later: Boolean(row.watch_later), vote };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
