// The console's users (issue 17): administrators list members and change their role, ban and unban
// them, send them the password-reset mail and delete them with their content. The comments console
// bans authors through `banAuthor` (moderators too, for at most 30 days). No HTTP, no SQL.
import type { CurrentUser, Role } from '../../../contract/accounts.ts';
import {
  type AdminUser,
  type AdminUserList,
  type AdminUserResult,
  BAN_MAX_DAYS,
  MODERATOR_BAN_MAX_DAYS,
  USERS_PAGE_SIZE,
  type UsersInput,
  type UsersQuery,
} from '../../../contract/admin-users.ts';
import { DomainError, forbidden } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { isStaff, requireAdministrator, requireModerator } from '../access.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdminUserRow, UsersAdminQueries, UsersAdminRepository } from './users-admin.repository.ts';

export interface UsersAdminDeps {
  repo: UsersAdminRepository;
  accounts: Pick<AccountsService, 'endSessions' | 'mailRestoreLink'>;
  storage: Storage;
  audit: Pick<AuditService, 'record'>;
  changes: Pick<ContentChanges, 'notify'>;
  now?: () => number;
  /** Where best-effort cleanups (files of a deleted account) report a failure. */
  warn?: (message: string, error: unknown) => void;
}

const DAY_MS = 86_400_000;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toAdminUser(row: AdminUserRow): AdminUser {
  const banned = row.status === 'banned';
  return {
    user_id: Number(row.id),
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    ban_reason: banned ? row.ban_reason : null,
    banned_until: banned ? iso(row.banned_until) : null,
    banned_at: banned ? iso(row.banned_at) : null,
    created_at: iso(row.created_at) as string,
    last_login_at: iso(row.last_login_at),
    videos_count: Number(row.videos_count),
    comments_count: Number(row.comments_count),
  };
}

export const userNotFound = () =>
  new DomainError('user_not_found', { status: 404, message: english('api.user_not_found') });
const conflict = (code: string, message: string, info?: Record<string, unknown>) =>
  new DomainError(code, { status: 409, message, codes: [{ field: 'general', code }], info });
const fieldError = (field: string, code: string, info?: Record<string, unknown>) =>
  new DomainError('invalid', {
    status: 400,
    message: english('api.invalid_input'),
    codes: [{ field, code }],
    info,
  });
const ownAccount = () => conflict('own_account', english('api.own_account'));

export interface BanRequest {
  reason: string;
  until: Date | null;
}

export function createUsersAdminService(deps: UsersAdminDeps) {
  const { repo, accounts, storage, audit, changes } = deps;
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? (() => {});

  /**
   * Inside the roles lock: the asker is still staff of the right kind (a parallel demotion, ban or
   * deletion of the asker has lost them the right), and the target exists.
   */
  async function guarded<T>(
    viewer: CurrentUser,
    targetId: number,
    administratorOnly: boolean,
    work: (tx: UsersAdminQueries, target: AdminUserRow) => Promise<T>,
  ): Promise<T> {
    return repo.transaction(async (tx) => {
      await tx.lockRoles();
      const actor = await tx.find(viewer.user_id);
      const allowed =
        actor?.status === 'active' && (administratorOnly ? actor.role === 'administrator' : isStaff(actor));
      if (!allowed) throw forbidden();
      const target = await tx.find(targetId);
      if (!target) throw userNotFound();
      return work(tx, target);
    });
  }

  /** An administrator leaving (demoted, banned, deleted) must leave another active one behind. */
  async function keepAnAdministrator(tx: UsersAdminQueries, target: AdminUserRow) {
    if (target.role === 'administrator' && (await tx.otherAdministrators(Number(target.id))) === 0)
      throw conflict('last_administrator', english('api.last_administrator'));
  }

  function checkUntil(until: Date | undefined, maxDays: number | null): Date | null {
    if (!until) {
      if (maxDays !== null && maxDays < BAN_MAX_DAYS) throw fieldError('until', 'required');
      return null;
    }
    const t = until.getTime();
    if (t <= now()) throw fieldError('until', 'past');
    const days = maxDays ?? BAN_MAX_DAYS;
    if (t > now() + days * DAY_MS) throw fieldError('until', 'too_far', { days });
    return until;
  }

  async function ban(
    viewer: CurrentUser,
    targetId: number,
    request: BanRequest,
    administratorOnly: boolean,
    refuseStaff: boolean,
  ): Promise<AdminUserRow> {
    if (targetId === viewer.user_id) throw ownAccount();
    await guarded(viewer, targetId, administratorOnly, async (tx, target) => {
      if (refuseStaff && isStaff(target)) throw conflict('author_is_staff', english('api.author_is_staff'));
      await keepAnAdministrator(tx, target);
      await tx.ban(targetId, { reason: request.reason, until: request.until, by: viewer.user_id });
    });
    // Every session ends at once (userForSession refuses a banned account anyway; this frees them).
    await accounts.endSessions(targetId);
    await audit.record(
      viewer,
      'user.ban',
      { type: 'user', id: targetId },
      { reason: request.reason, until: request.until?.toISOString() ?? null },
    );
    return (await repo.find(targetId)) as AdminUserRow;
  }

  return {
    async list(viewer: CurrentUser | null, query: UsersQuery): Promise<AdminUserList> {
      requireAdministrator(viewer);
      const { rows, total } = await repo.list(
        { q: query.q, role: query.role, status: query.status },
        USERS_PAGE_SIZE,
        (query.page - 1) * USERS_PAGE_SIZE,
      );
      return {
        users: rows.map(toAdminUser),
        total_count: total,
        page: query.page,
        per_page: USERS_PAGE_SIZE,
      };
    },

    async act(viewer: CurrentUser | null, input: UsersInput): Promise<AdminUserResult> {
      requireAdministrator(viewer);
      const targetId = input.user_id;
      const done = async (row: AdminUserRow | undefined | null): Promise<AdminUserResult> => ({
        status: 'success',
        act: input.act,
        user_id: targetId,
        user: row ? toAdminUser(row) : null,
      });

      switch (input.act) {
        case 'role': {
          const role = input.role as Role;
          if (targetId === viewer.user_id) throw ownAccount();
          const from = await guarded(viewer, targetId, true, async (tx, target) => {
            if (target.role === role) return null;
            if (role !== 'administrator') await keepAnAdministrator(tx, target);
            await tx.setRole(targetId, role);
            return target.role;
          });
          if (from !== null)
            await audit.record(viewer, 'user.role', { type: 'user', id: targetId }, { from, to: role });
          return done(await repo.find(targetId));
        }

        case 'ban': {
          const until = checkUntil(input.until, null);
          const row = await ban(viewer, targetId, { reason: input.reason as string, until }, true, false);
          await changes.notify();
          return done(row);
        }

        case 'unban': {
          const target = await repo.find(targetId);
          if (!target) throw userNotFound();
          if (target.status !== 'banned') throw conflict('not_banned', english('api.not_banned'));
          await repo.unban(targetId);
          await audit.record(viewer, 'user.unban', { type: 'user', id: targetId });
          await changes.notify();
          return done(await repo.find(targetId));
        }

        case 'reset_password': {
          const target = await repo.find(targetId);
          if (!target) throw userNotFound();
          if (target.status === 'banned') throw conflict('user_banned', english('api.user_banned'));
          if (!(await accounts.mailRestoreLink(targetId))) throw userNotFound();
          await audit.record(viewer, 'user.reset_password', { type: 'user', id: targetId });
          return done(target);
        }

        case 'delete': {
          if (targetId === viewer.user_id) throw ownAccount();
          const { target, deleted } = await guarded(viewer, targetId, true, async (tx, target) => {
            await keepAnAdministrator(tx, target);
            const deleted = await tx.deleteWithContent(targetId);
            if (!deleted) throw userNotFound();
            return { target, deleted };
          });
          await accounts.endSessions(targetId);
          // Files after the commit, best effort: a failure leaves files nobody links to, not half an account.
          const drop = (work: Promise<unknown>, what: string) => work.catch((error) => warn(what, error));
          await Promise.all([
            ...[deleted.avatar, deleted.cover, ...deleted.fileKeys]
              .filter((key): key is string => Boolean(key))
              .map((key) => drop(storage.delete(key), 'file of a deleted account not deleted')),
            ...deleted.prefixes.map((prefix) =>
              drop(storage.deletePrefix(prefix), 'video files not deleted'),
            ),
          ]);
          await audit.record(
            viewer,
            'user.delete',
            { type: 'user', id: targetId },
            { username: target.username, videos: deleted.videoIds.length, comments: deleted.comments },
          );
          await changes.notify();
          return done(null);
        }
      }
    },

    /**
     * Bans the author of a comment (the comments console): moderators too, for at most
     * MODERATOR_BAN_MAX_DAYS days (they must give the end); administrators as on the users page. Staff
     * authors are refused (409 author_is_staff): their accounts are the users page's.
     */
    async banAuthor(viewer: CurrentUser | null, userId: number, request: { reason: string; until?: Date }) {
      requireModerator(viewer);
      const maxDays = viewer.role === 'administrator' ? null : MODERATOR_BAN_MAX_DAYS;
      const until = checkUntil(request.until, maxDays);
      return toAdminUser(await ban(viewer, userId, { reason: request.reason, until }, false, true));
    },
  };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
