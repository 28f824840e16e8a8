// A member's page (issue 14; content.md §2, §3, §6): the public profile and the lists of its sections.
// Who may see what is decided here: the profile, uploads, favourites, playlists (public ones; the
// owner's private ones to the owner) and subscriptions are public; watch later and history are the
// owner's alone — a guest is asked to log in (401), anyone else, staff included, is refused (403).
// Every call first finds the member (`member_not_found`, 404); a page above the last of a list is 404
// `not_found`, while page 1 of an empty list is an empty answer.
import type { SubscriptionsResponse } from '../../../contract/acts.ts';
import type { VideoCard } from '../../../contract/catalog.ts';
import {
  MEMBER_CODES,
  MEMBER_OVERVIEW_VIDEOS,
  MEMBER_PAGE_SIZE,
  type MemberPlaylist,
  type MemberProfile,
  type MemberResponse,
} from '../../../contract/members.ts';
import { DomainError, unauthorized } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Actor } from '../acts/actor.ts';
import { pageWindow } from '../acts/actor.ts';
import type { ListsService } from '../acts/lists.service.ts';
import type { PlaylistsService } from '../acts/playlists.service.ts';
import type { SubscriptionsService } from '../acts/subscriptions.service.ts';
import { media, toCard } from '../catalog/catalog.mappers.ts';
import { ageOf } from '../catalog/objects.mappers.ts';
import type { MemberRow, MembersRepository } from './members.repository.ts';

/** The acts' services the member page reads through (their rules stay theirs). */
export interface MemberActs {
  lists: Pick<ListsService, 'page'>;
  playlists: Pick<PlaylistsService, 'ofMember'>;
  subscriptions: Pick<SubscriptionsService, 'state' | 'ofMember'>;
}

/** The member lists of videos: favourites, watch later and the server history. */
export type MemberVideoList = 'favourite' | 'watch_later' | 'history';

export interface MemberVideosPage {
  videos: VideoCard[];
  total_count: number;
  page: number;
}

export interface MemberPlaylistsPage {
  playlists: MemberPlaylist[];
  total_count: number;
  page: number;
  /** The viewer is the owner: private playlists are in the list, with Edit and Delete. */
  own: boolean;
}

export interface MemberSubscriptionsPage extends SubscriptionsResponse {
  page: number;
}

/** The largest page of a member's history (as favourites and watch later: LIST_MAX_COUNT). */
export const HISTORY_MAX_COUNT = 120;

const memberNotFound = () =>
  new DomainError(MEMBER_CODES.memberNotFound, { status: 404, message: english('notfound.title') });
const pageNotFound = () =>
  new DomainError(MEMBER_CODES.pageNotFound, { status: 404, message: english('notfound.title') });
const forbidden = () =>
  new DomainError(MEMBER_CODES.forbidden, { status: 403, message: english('member.forbidden') });

/** Page 1 is always there (empty or not); a later page only when something is on it. */
function checkPage(page: number, count: number, total: number) {
  const { limit, offset } = pageWindow(page, count, Number.MAX_SAFE_INTEGER);
  if (page > 1 && offset >= total) throw pageNotFound();
  return limit;
}

export function createMembersService(repo: MembersRepository, acts: MemberActs) {
  const requireMember = async (memberId: number): Promise<void> => {
    if (!(await repo.exists(memberId))) throw memberNotFound();
  };

  /** The owner's alone: a guest is asked to log in, anyone else is refused. */
  const requireOwner = (viewer: Actor | null, memberId: number) => {
    if (!viewer) throw unauthorized();
    if (viewer.user_id !== memberId) throw forbidden();
  };

  async function profileOf(row: MemberRow, viewer: Actor | null): Promise<MemberResponse> {
    const own = viewer?.user_id === row.id;
    const [counts, follow] = await Promise.all([
      repo.counts(row.id, own),
      acts.subscriptions.state(viewer, 'member', row.id),
    ]);
    const member: MemberProfile = {
      user_id: row.id,
      username: row.username,
      avatar: media(row.avatar),
      cover: media(row.cover),
      gender: row.gender,
      age: row.birth_date ? ageOf(row.birth_date) : null,
      // The age is public; the date itself only to its owner (no setting to show it exists yet).
      birth_date: own ? row.birth_date : null,
      country: row.country ? row.country.trim().toLowerCase() : null,
      relationship: row.relationship,
      orientation: row.orientation,
      education: row.education || null,
      website: row.website || null,
      about_me: row.about_me || null,
      added_date: row.created_at.toISOString(),
      statistics: {
        videos: counts.videos,
        favourites: counts.favourites,
        playlists: counts.playlists,
        subscribers: follow.subscribers,
        subscriptions: counts.subscriptions,
        friends: counts.friends,
        // The requests waiting for an answer are the member's own business.
        ...(own ? { friend_requests: counts.friend_requests } : {}),
      },
    };
    return { member, viewer: viewer ? { own, subscribed: follow.subscribed } : null };
  }

  return {
    /**
     * The profile as `viewer` sees it (null: the public answer, the same for everyone). `viewer` in the
     * answer says whether the asker is the member and follows them; null for the public answer.
     */
    async profile(viewer: Actor | null, memberId: number): Promise<MemberResponse> {
      const row = await repo.find(memberId);
      if (!row) throw memberNotFound();
      return profileOf(row, viewer);
    },

    /** Favourites (public), watch later and history (the owner's alone), newest first. */
    async videos(
      viewer: Actor | null,
      memberId: number,
      list: MemberVideoList,
      page: number,
      count: number = MEMBER_PAGE_SIZE,
    ): Promise<MemberVideosPage> {
      await requireMember(memberId);
      if (list !== 'favourite') requireOwner(viewer, memberId);
      if (list === 'history') {
        const { limit, offset } = pageWindow(page, count, HISTORY_MAX_COUNT);
        const { rows, total } = await repo.history(memberId, limit, offset);
        checkPage(page, limit, total);
        return { videos: rows.map(toCard), total_count: total, page };
      }
      const result = await acts.lists.page(viewer, list, memberId, page, count);
      checkPage(page, count, result.total_count);
      return { ...result, page };
    },

    /** The member's playlists: public ones for everyone, all of them for their owner. */
    async playlists(
      viewer: Actor | null,
      memberId: number,
      page: number,
      count: number = MEMBER_PAGE_SIZE,
    ): Promise<MemberPlaylistsPage> {
      await requireMember(memberId);
      const own = viewer?.user_id === memberId;
      const result = await acts.playlists.ofMember(viewer, memberId, page, count);
      checkPage(page, count, result.total_count);
      if (!own) return { ...result, page, own };
      const fields = await repo.playlistFormFields(
        memberId,
        result.playlists.map((p) => p.playlist_id),
      );
      return {
        playlists: result.playlists.map((p) => ({ ...p, ...fields.get(p.playlist_id) })),
        total_count: result.total_count,
        page,
        own,
      };
    },

    /** What the member follows: models, channels and members, newest first (public). */
    async subscriptions(
      memberId: number,
      page: number,
      count: number = MEMBER_PAGE_SIZE,
    ): Promise<MemberSubscriptionsPage> {
      await requireMember(memberId);
      const result = await acts.subscriptions.ofMember(memberId, page, count);
      checkPage(page, count, result.total_count);
      return { ...result, page };
    },

    /** The profile page's preview: the member's newest listed uploads. */
    async latestUploads(memberId: number, count: number = MEMBER_OVERVIEW_VIDEOS): Promise<VideoCard[]> {
      await requireMember(memberId);
      return (await repo.latestUploads(memberId, count)).map(toCard);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
