// The console's comments (issue 17): moderators and administrators read every comment, newest first,
// and hide, unhide or delete up to 100 at once, or ban their authors (through the users console's
// banAuthor: a moderator's ban ends within 30 days). No HTTP, no SQL.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type AdminComment,
  type AdminCommentList,
  type AdminCommentResult,
  COMMENTS_PAGE_SIZE,
  type CommentsInput,
  type CommentsQuery,
} from '../../../contract/admin-users.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import { isStaff, requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdminCommentRow, CommentsAdminRepository } from './comments-admin.repository.ts';
import type { UsersAdminService } from './users-admin.service.ts';

export interface CommentsAdminDeps {
  repo: CommentsAdminRepository;
  users: Pick<UsersAdminService, 'banAuthor'>;
  audit: Pick<AuditService, 'record'>;
  changes: Pick<ContentChanges, 'notify'>;
}

export function toAdminComment(row: AdminCommentRow): AdminComment {
  return {
    comment_id: Number(row.id),
    comment: row.comment,
    status: row.status,
    section: row.section,
    object_id: Number(row.object_id),
    video:
      row.video_id !== null
        ? { video_id: Number(row.video_id), title: row.video_title ?? '', dir: row.video_dir ?? '' }
        : null,
    author: { user_id: Number(row.user_id), username: row.username, status: row.user_status },
    added_date: new Date(row.added_date).toISOString(),
  };
}

const conflict = (code: string, message: string) =>
  new DomainError(code, { status: 409, message, codes: [{ field: 'general', code }] });
const commentNotFound = () =>
  new DomainError('comment_not_found', { status: 404, message: english('api.comment_not_found') });

export function createCommentsAdminService(deps: CommentsAdminDeps) {
  const { repo, users, audit, changes } = deps;

  return {
    async list(viewer: CurrentUser | null, query: CommentsQuery): Promise<AdminCommentList> {
      requireModerator(viewer);
      const { rows, total } = await repo.list(
        { q: query.q, status: query.status, videoId: query.video_id, userId: query.user_id },
        COMMENTS_PAGE_SIZE,
        (query.page - 1) * COMMENTS_PAGE_SIZE,
      );
      return {
        comments: rows.map(toAdminComment),
        total_count: total,
        page: query.page,
        per_page: COMMENTS_PAGE_SIZE,
      };
    },

    /**
     * One act on every comment of `ids` that exists (the others are listed in not_found; none at all is
     * 404 comment_not_found). Acting twice changes nothing the second time (changed: []).
     */
    async act(viewer: CurrentUser | null, input: CommentsInput): Promise<AdminCommentResult> {
      requireModerator(viewer);
      const found = await repo.authors(input.ids);
      if (found.length === 0) throw commentNotFound();
      const present = new Set(found.map((f) => f.id));
      const notFound = input.ids.filter((id) => !present.has(id));
      const ids = input.ids.filter((id) => present.has(id));
      let changed: number[] = [];
      const banned: number[] = [];

      if (input.act === 'ban_author') {
        const authors = [...new Set(found.map((f) => f.user_id))];
        // All or none: a staff author (or the asker) refuses the whole call before anyone is banned.
        if (found.some((f) => f.user_id === viewer.user_id))
          throw conflict('own_account', english('api.own_account'));
        if (found.some((f) => isStaff(f))) throw conflict('author_is_staff', english('api.author_is_staff'));
        for (const author of authors) {
          await users.banAuthor(viewer, author, { reason: input.reason as string, until: input.until });
          banned.push(author);
          await audit.record(
            viewer,
            'comment.ban_author',
            { type: 'user', id: author },
            {
              comments: found.filter((f) => f.user_id === author).map((f) => f.id),
              reason: input.reason,
              until: input.until?.toISOString() ?? null,
            },
          );
        }
      } else {
        changed =
          input.act === 'hide'
            ? await repo.hide(ids)
            : input.act === 'unhide'
              ? await repo.unhide(ids)
              : await repo.remove(ids);
        changed.sort((x, y) => x - y);
        for (const id of changed) {
          const author = found.find((f) => f.id === id)?.user_id;
          await audit.record(viewer, `comment.${input.act}`, { type: 'comment', id }, { author });
        }
      }
      // Hidden, shown again or deleted comments, and a banned member's pages: the site changed.
      if (changed.length > 0 || banned.length > 0) await changes.notify();
      return { status: 'success', act: input.act, changed, not_found: notFound, banned };
    },
  };
}

export type CommentsAdminService = ReturnType<typeof createCommentsAdminService>;
