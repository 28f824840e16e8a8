// Comments (content.md §5–§9): members comment on videos they can see; text is plain text (the contract's
// schema drops markup, keeps lines); 5 per 10 minutes per member and 20 per 10 minutes per IP
// (`too_many_comments`, 429, info {count, minutes}); the author and staff delete; anyone reads them,
// newest first, with the count.
import { createHash } from 'node:crypto';
import {
  COMMENT_LIMITS,
  COMMENTS_MAX_COUNT,
  type Comment,
  type CommentsResponse,
} from '../../../contract/acts.ts';
import { viewNetworkOf } from '../watch/watch.service.ts';
import { forbidden, notFound, tooManyComments } from './act-errors.ts';
import { type Actor, actingMember, pageWindow } from './actor.ts';
import type { RateQuota, SlidingLimiter } from './comment-limiter.ts';
import type { CommentRow, CommentsRepository } from './comments.repository.ts';

export interface CommentLimits {
  perMember: number;
  perIp: number;
  windowSeconds: number;
}

const toComment = (row: CommentRow): Comment => ({
  comment_id: Number(row.id),
  user_id: Number(row.user_id),
  username: row.username,
  added_date: new Date(row.added_date).toISOString(),
  comment: row.comment,
});

/** Limiter keys carry no plain address; an IPv6 host counts by its /64 (it may rotate within it). */
const ipKey = (ip: string) => createHash('sha256').update(viewNetworkOf(ip)).digest('base64url').slice(0, 22);

export function createCommentsService(
  repo: CommentsRepository,
  limiter: SlidingLimiter,
  limits: CommentLimits = COMMENT_LIMITS,
) {
  // Read at each comment: the limits may be the site settings in effect (modules/settings).
  const quotas = (userId: number, ip: string): RateQuota[] => {
    const windowMs = limits.windowSeconds * 1000;
    return [
      { key: `u:${userId}`, max: limits.perMember, windowMs },
      { key: `ip:${ipKey(ip)}`, max: limits.perIp, windowMs },
    ];
  };

  return {
    /**
     * act=comm section=video: the new comment. `text` is the contract's cleaned msg. `video_not_found`
     * (404; the reservation is given back), `too_many_comments` (429).
     */
    async add(actor: Actor | null, videoId: number, text: string, context: { ip: string }) {
      const member = actingMember(actor);
      const wanted = quotas(member.userId, context.ip);
      const reservation = await limiter.reserve(wanted);
      if (!reservation.ok) throw tooManyComments(reservation.blocked.max, limits.windowSeconds);
      let row: CommentRow | undefined;
      try {
        row = await repo.add(member, videoId, text, context.ip || null);
      } finally {
        if (!row)
          await limiter
            .release(
              wanted.map((q) => q.key),
              reservation.token,
            )
            .catch(() => {});
      }
      if (!row) throw notFound('video');
      const comment = toComment(row);
      return { ok: true as const, comment_id: comment.comment_id, comment };
    },

    /** act=comm section=del: by its author or staff (`forbidden`, 403, for anyone else). */
    async remove(actor: Actor | null, commentId: number) {
      const member = actingMember(actor);
      const result = await repo.remove(member, commentId);
      if (result.deleted) return { ok: true as const };
      // Gone, or deleted by a parallel request of someone who could: the same answer either way.
      if (result.author === null || result.author === member.userId || member.staff)
        throw notFound('comment');
      throw forbidden();
    },

    /**
     * GET /api/json/comments/…: a page of a video's comments, newest first. A guest's answer may be
     * cached (lifetime 3600): it never depends on who asks except for private videos, which are
     * `video_not_found` for everyone but their uploader and staff.
     */
    async list(
      viewer: Actor | null,
      videoId: number,
      page: number,
      count: number,
    ): Promise<CommentsResponse> {
      const member = viewer ? actingMember(viewer) : { userId: 0, staff: false };
      if (!(await repo.videoVisible(videoId, member))) throw notFound('video');
      const { limit, offset } = pageWindow(page, count, COMMENTS_MAX_COUNT);
      const { rows, total } = await repo.page(videoId, limit, offset);
      return { comments: rows.map(toComment), total_count: total };
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
