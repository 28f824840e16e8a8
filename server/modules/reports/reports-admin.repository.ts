// SQL of the staff view of reports: the two lists and the state change. Decides nothing.
import { sql } from 'kysely';
import type { ReportListStatus } from '../../../contract/report-admin.ts';
import type { DB } from '../../db/database.ts';

export interface AdminReportRow {
  id: number;
  subject: string;
  email: string;
  message: string;
  referrer: string | null;
  file_key: string | null;
  created_at: Date;
  status: 'open' | 'resolved' | 'dismissed';
  resolved_at: Date | null;
  user_id: number | null;
  username: string | null;
  resolver_id: number | null;
  resolver_name: string | null;
  video_id: number | null;
  video_title: string | null;
  video_dir: string | null;
}

export type StateOutcome = { ok: true; state: ReportListStatus } | { ok: false };

export function createReportsAdminRepository(db: DB) {
  // The same predicates as the partial indexes of 0017, so each list reads its own index: a literal,
  // not a parameter, so that a generic plan of a prepared statement can still prove the predicate.
  const inList = (status: ReportListStatus) =>
    db.selectFrom('reports').where('reports.status', status === 'open' ? '=' : '<>', sql.lit('open'));

  return {
    async list(
      status: ReportListStatus,
      page: number,
      perPage: number,
    ): Promise<{ rows: AdminReportRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        inList(status)
          .leftJoin('users as sender', 'sender.id', 'reports.user_id')
          .leftJoin('users as resolver', 'resolver.id', 'reports.resolved_by')
          .leftJoin('videos', 'videos.id', 'reports.video_id')
          .select([
            'reports.id',
            'reports.subject',
            'reports.email',
            'reports.message',
            'reports.referrer',
            'reports.file_key',
            'reports.created_at',
            'reports.status',
            'reports.resolved_at',
            'reports.user_id',
            'sender.username',
            'reports.resolved_by as resolver_id',
            'resolver.username as resolver_name',
            'reports.video_id',
            'videos.title as video_title',
            'videos.dir as video_dir',
          ])
          .orderBy('reports.created_at', 'desc')
          .orderBy('reports.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        inList(status)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const id = (v: number | string | null) => (v === null ? null : Number(v));
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          user_id: id(r.user_id),
          resolver_id: id(r.resolver_id),
          video_id: id(r.video_id),
        })),
        total: Number(count.n),
      };
    },

    /**
     * Moves a report to `handled` (status 'resolved', by whom, when) or back to `open`. A report
     * already in the wanted state is left as it is (the first handler stays recorded).
     */
    async setState(reportId: number, state: ReportListStatus, userId: number): Promise<StateOutcome> {
      const updated =
        state === 'handled'
          ? await db
              .updateTable('reports')
              .set({ status: 'resolved', resolved_by: userId, resolved_at: sql<Date>`now()` })
              .where('id', '=', reportId)
              .where('status', '=', 'open')
              .returning('id')
              .executeTakeFirst()
          : await db
              .updateTable('reports')
              .set({ status: 'open', resolved_by: null, resolved_at: null })
              .where('id', '=', reportId)
              .where('status', '<>', 'open')
              .returning('id')
              .executeTakeFirst();
      if (updated) return { ok: true, state };
      const current = await db
        .selectFrom('reports')
        .select('status')
        .where('id', '=', reportId)
        .executeTakeFirst();
      if (!current) return { ok: false };
      return { ok: true, state: current.status === 'open' ? 'open' : 'handled' };
    },
  };
}

export type ReportsAdminRepository = ReturnType<typeof createReportsAdminRepository>;
