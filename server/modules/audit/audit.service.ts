// The audit log of staff actions (issue 17): every console, moderation, report, DMCA, ad and
// age-verification decision calls `record` once it has happened; administrators read it filtered.
// No HTTP here; the route and the page are the console's.
import type { CurrentUser } from '../../../contract/accounts.ts';
import { requireAdministrator } from '../access.ts';
import type { AuditEntryRow, AuditFilter, AuditRepository } from './audit.repository.ts';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditTarget {
  type: string;
  id: string | number;
}

export interface AuditService {
  /**
   * Records what `actor` did. `action` is `<object>.<verb>` ('video.edit', 'user.ban', 'setting.change');
   * `details` is what changed (never a password or a secret key).
   */
  record(
    actor: CurrentUser,
    action: string,
    target?: AuditTarget | null,
    details?: Record<string, unknown>,
  ): Promise<void>;
  /** A page of entries, newest first; administrators only (401 guests, 403 others). */
  list(
    viewer: CurrentUser | null,
    filter: AuditFilter,
    page: number,
  ): Promise<{ items: AuditEntryRow[]; total: number; page: number; pages: number; actions: string[] }>;
}

export function createAuditService(repo: AuditRepository): AuditService {
  return {
    async record(actor, action, target, details = {}) {
      await repo.insert({
        actorId: actor.user_id,
        actorName: actor.username,
        action,
        targetType: target?.type ?? '',
        targetId: target ? String(target.id) : '',
        details,
      });
    },

    async list(viewer, filter, page) {
      requireAdministrator(viewer);
      const [{ rows, total }, actions] = await Promise.all([
        repo.list(filter, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
        repo.actions(),
      ]);
      return { items: rows, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), actions };
    },
  };
}
