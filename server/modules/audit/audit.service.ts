// The audit log of staff actions (issue 17): every console, moderation, report, DMCA, ad and
// age-verification decision calls `record` once it has happened; administrators read it filtered.
// No HTTP here; the route and the page are the console's.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  AUDIT_PER_PAGE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  auditFilterOf,
} from '../../../contract/admin-audit.ts';
import { requireAdministrator } from '../access.ts';
import type { AuditEntryRow, AuditFilter, AuditRepository } from './audit.repository.ts';

export const AUDIT_PAGE_SIZE = AUDIT_PER_PAGE;

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
  /** The same for GET /api/admin/audit.php and the page: a checked query in, the contract's page out. */
  search(viewer: CurrentUser | null, query: AuditQuery): Promise<AuditPage>;
}

/** An entry as the API and the page show it. */
export function auditEntryOf(row: AuditEntryRow): AuditEntry {
  const details = typeof row.details === 'string' ? safeJson(row.details) : row.details;
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { user_id: row.actor_id, username: row.actor_name },
    action: row.action,
    target: row.target_type ? { type: row.target_type, id: row.target_id } : null,
    details:
      details && typeof details === 'object' && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : details === null || details === undefined
          ? {}
          : { value: details },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createAuditService(repo: AuditRepository): AuditService {
  const service: AuditService = {
    async record(actor, action, target, details = {}) {
      await repo.insert({
        actorId: actor.user_id,
        // A caller holding only the id (some tests, scripts) still leaves a readable entry.
        actorName: actor.username ?? `#${actor.user_id}`,
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

    async search(viewer, query) {
      const result = await service.list(viewer, auditFilterOf(query), query.page ?? 1);
      return {
        items: result.items.map(auditEntryOf),
        total_count: result.total,
        page: result.page,
        pages: result.pages,
        per_page: AUDIT_PAGE_SIZE,
        actions: result.actions,
      };
    },
  };
  return service;
}
