// The wall (issue 14): posts on a member's page. Who writes: the member and their friends (accepted);
// who deletes: the author, the wall's owner and staff. Anyone reads it, newest first. Text is plain
// text (the contract drops markup and keeps lines); posting is limited as comments are (content.md §5:
// 5 per member and 20 per address in any 10 minutes), reserved atomically before the write, on a
// limiter of its own (its own keys: comments and wall posts do not share a budget).
import { createHash } from 'node:crypto';
import {
  COMMUNITY_MAX_COUNT,
  WALL_LIMITS,
  type WallPost,
  type WallPosted,
  type WallResponse,
  type WallViewer,
} from '../../../contract/community.ts';
import { english } from '../../lib/english.ts';
import { isStaff } from '../access.ts';
import { type Actor, actingMember, pageWindow } from '../acts/actor.ts';
import type { RateQuota, SlidingLimiter } from '../acts/comment-limiter.ts';
import { media } from '../catalog/catalog.mappers.ts';
import { viewNetworkOf } from '../watch/watch.service.ts';
import {
  forbidden,
  memberNotFound,
  pageNotFound,
  tooManyWallPosts,
  wallPostNotFound,
} from './community-errors.ts';
import type { FriendsService } from './friends.service.ts';
import type { WallPostRow, WallRepository } from './wall.repository.ts';

export interface WallLimits {
  perMember: number;
  perIp: number;
  windowSeconds: number;
}

export const WALL_FRIENDS_ONLY = english('api.wall_friends_only');

const toPost = (row: WallPostRow): WallPost => ({
  post_id: row.id,
  wall_id: row.wall_id,
  author: { user_id: row.author_id, username: row.username, avatar: media(row.avatar) },
  message: row.message,
  added_date: row.added_date.toISOString(),
});

/** Limiter keys carry no plain address; an IPv6 host counts by its /64 (as the comment limits). */
const ipKey = (ip: string) => createHash('sha256').update(viewNetworkOf(ip)).digest('base64url').slice(0, 22);

export function createWallService(
  repo: WallRepository,
  friends: Pick<FriendsService, 'areFriends' | 'memberActive'>,
  limiter: SlidingLimiter,
  limits: WallLimits = WALL_LIMITS,
) {
  const windowMs = limits.windowSeconds * 1000;
  const quotas = (userId: number, ip: string): RateQuota[] => [
    { key: `u:${userId}`, max: limits.perMember, windowMs },
    { key: `ip:${ipKey(ip)}`, max: limits.perIp, windowMs },
  ];
  const requireMember = async (id: number) => {
    if (!(await friends.memberActive(id))) throw memberNotFound();
  };

  /** What `viewer` may do on `wallId`'s wall. */
  async function viewerOf(viewer: Actor | null, wallId: number): Promise<NonNullable<WallViewer>> {
    if (!viewer) return { can_post: false, refusal: 'login_required', can_delete_any: false };
    const own = viewer.user_id === wallId;
    const canPost = own || (await friends.areFriends(viewer.user_id, wallId));
    return {
      can_post: canPost,
      refusal: canPost ? null : 'friends_only',
      can_delete_any: own || isStaff(viewer),
    };
  }

  return {
    viewerOf,

    /**
     * act=wall section=add. `member_not_found` (404), `forbidden` (403: not the owner nor a friend),
     * `too_many_wall_posts` (429, info {count, minutes}). A refused post uses none of the budget.
     */
    async add(
      actor: Actor | null,
      wallId: number,
      text: string,
      context: { ip: string },
    ): Promise<WallPosted> {
      const member = actingMember(actor);
      await requireMember(wallId);
      const own = member.userId === wallId;
      if (!own && !(await friends.areFriends(member.userId, wallId))) throw forbidden(WALL_FRIENDS_ONLY);
      const wanted = quotas(member.userId, context.ip);
      const reservation = await limiter.reserve(wanted);
      if (!reservation.ok) throw tooManyWallPosts(reservation.blocked.max, limits.windowSeconds);
      let row: WallPostRow | undefined;
      try {
        row = await repo.add(wallId, member.userId, text);
      } finally {
        if (!row)
          await limiter
            .release(
              wanted.map((q) => q.key),
              reservation.token,
            )
            .catch(() => {});
      }
      if (!row) throw memberNotFound();
      const post = toPost(row);
      return { ok: true, post_id: post.post_id, post };
    },

    /** act=wall section=del: its author, the wall's owner or staff (`forbidden`, 403, for anyone else). */
    async remove(actor: Actor | null, postId: number) {
      const member = actingMember(actor);
      const result = await repo.remove(postId, member.userId, member.staff);
      if (result.deleted) return { ok: true as const };
      // Found by the statement's snapshot but deleted meanwhile by a parallel call (PostgreSQL's DELETE
      // waits for it and then finds nothing): gone, as for a later call.
      if (!result.found || result.allowed) throw wallPostNotFound();
      throw forbidden();
    },

    /**
     * A page of the wall, newest first. `personal`: the asker's own view (what they may do); otherwise
     * the public answer, the same for everyone (`viewer` null).
     */
    async page(
      viewer: Actor | null,
      wallId: number,
      page: number,
      count: number,
      personal: boolean,
    ): Promise<WallResponse & { page: number }> {
      await requireMember(wallId);
      const { limit, offset } = pageWindow(page, count, COMMUNITY_MAX_COUNT);
      const [list, rights] = await Promise.all([
        repo.page(wallId, limit, offset),
        personal ? viewerOf(viewer, wallId) : null,
      ]);
      if (page > 1 && offset >= list.total) throw pageNotFound();
      return { posts: list.rows.map(toPost), total_count: list.total, viewer: rights, page };
    },
  };
}

export type WallService = ReturnType<typeof createWallService>;
