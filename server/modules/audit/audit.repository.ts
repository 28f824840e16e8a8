// SQL of the audit log (migration 0035): append one entry, read a filtered page, newest first.
import type { DB } from '../../db/database.ts';

export interface AuditEntryRow {
  id: string;
  at: Date;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  details: unknown;
}

export interface AuditFilter {
  /** An exact action ('video.edit'), or a prefix ending in '.' ('video.'). */
  action?: string;
  actorId?: number;
  /** A username: entries recorded under it, and those of the account that has it now (renamed since). */
  actorName?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive bounds on `at`. */
  from?: Date;
  to?: Date;
}

export interface NewAuditEntry {
  actorId: number | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}

export function createAuditRepository(db: DB) {
  return {
    async insert(entry: NewAuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: entry.actorId,
          actor_name: entry.actorName,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          details: JSON.stringify(entry.details),
        })
        .execute();
    },

    async list(
      filter: AuditFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: AuditEntryRow[]; total: number }> {
      let query = db.selectFrom('audit_log');
      if (filter.action) {
        query = filter.action.endsWith('.')
          ? query.where('action', 'like', `${filter.action.replace(/[\\%_]/g, '\\$&')}%`)
          : query.where('action', '=', filter.action);
      }
      if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
      if (filter.actorName) {
        const name = filter.actorName.toLowerCase();
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['actor_name']), '=', name),
            eb(
              'actor_id',
              'in',
              eb
                .selectFrom('users')
                .select('users.id')
                .where((inner) => inner(inner.fn('lower', ['users.username']), '=', name)),
            ),
          ]),
        );
      }
      if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
      if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
      if (filter.from) query = query.where('at', '>=', filter.from);
      if (filter.to) query = query.where('at', '<=', filter.to);
      const [rows, count] = await Promise.all([
        query
          .select(['id', 'at', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'details'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, id: String(r.id) })), total: Number(count.n) };
    },

    /** The actions recorded so far, for the page's filter. */
    async actions(): Promise<string[]> {
      const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
      return rows.map((r) => r.action);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
