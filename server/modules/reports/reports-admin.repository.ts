// SQL of the staff view of reports: the two lists and the state change. Decides nothing.
import { sql } from 'kysely';
import type { VideoStatus } from '../../../contract/catalog.ts';
import type { RemovalState, ReportListStatus } from '../../../contract/report-admin.ts';
import type { DB } from '../../db/database.ts';
import { moveVideoStatus, UNAVAILABLE } from '../appeals/video-status-sql.ts';

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
  video_status: VideoStatus | null;
  reporter_name: string | null;
  removal_id: number | null;
  removal_state: RemovalState | null;
  removal_taken_down: boolean | null;
  removal_decided_at: Date | null;
  removal_decider_id: number | null;
  removal_decider_name: string | null;
}

export type RemovalDecision = 'confirm' | 'reinstate';
export type RemovalOutcome =
  | { ok: true; state: RemovalState; changed: boolean; videoId: number | null }
  | { ok: false; reason: 'not_found' | 'invalid_state' };

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
          .leftJoin('removal_requests as rr', 'rr.report_id', 'reports.id')
          .leftJoin('users as decider', 'decider.id', 'rr.decided_by')
          .select([
            'videos.status as video_status',
            'reports.reporter_name',
            'rr.id as removal_id',
            'rr.state as removal_state',
            'rr.taken_down as removal_taken_down',
            'rr.decided_at as removal_decided_at',
            'rr.decided_by as removal_decider_id',
            'decider.username as removal_decider_name',
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
          removal_id: id(r.removal_id),
          removal_decider_id: id(r.removal_decider_id),
        })),
        total: Number(count.n),
      };
    },

    /**
     * Moves a report to `handled` (status 'resolved', by whom, when) or back to `open`. A report
     * already in the wanted state is left as it is (the first handler stays recorded).
     */
    /**
     * A staff decision on a performer's removal request (issue 31), in one transaction with the request's
     * row locked: confirm (down → confirmed: the video stays down) or reinstate (down or confirmed →
     * reinstated: the video gets back the status it had, when this request took it down and it is still
     * unavailable). The report is marked handled by the same person. Deciding what is already decided
     * changes nothing (`changed: false`).
     */
    decideRemoval(reportId: number, decision: RemovalDecision, userId: number): Promise<RemovalOutcome> {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('removal_requests')
          .select(['id', 'state', 'video_id', 'taken_down', 'previous_status'])
          .where('report_id', '=', reportId)
          .forUpdate()
          .executeTakeFirst();
        if (!found) return { ok: false, reason: 'not_found' };
        const videoId = found.video_id === null ? null : Number(found.video_id);
        const target: RemovalState = decision === 'confirm' ? 'confirmed' : 'reinstated';
        if (found.state === target) return { ok: true, state: target, changed: false, videoId };
        if (decision === 'confirm' && found.state !== 'down') return { ok: false, reason: 'invalid_state' };
        if (
          decision === 'reinstate' &&
          found.taken_down &&
          videoId !== null &&
          found.previous_status !== null
        ) {
          const previous = found.previous_status;
          await moveVideoStatus(trx, videoId, (s) => s === UNAVAILABLE, previous);
        }
        await trx
          .updateTable('removal_requests')
          .set({
            state: target,
            ...(decision === 'reinstate' ? { taken_down: false } : {}),
            decided_by: userId,
            decided_at: sql<Date>`now()`,
          })
          .where('id', '=', found.id)
          .execute();
        await trx
          .updateTable('reports')
          .set({ status: 'resolved', resolved_by: userId, resolved_at: sql<Date>`now()` })
          .where('id', '=', reportId)
          .where('status', '=', 'open')
          .execute();
        return { ok: true, state: target, changed: true, videoId };
      });
    },

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
