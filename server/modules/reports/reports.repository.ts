// SQL of the contact/report form's sends: the video a report names, and the report's row. Decides
// nothing (reports.service.ts checks the form); the staff's side is reports-admin.repository.ts.
import type { DB } from '../../db/database.ts';
import { moveVideoStatus, UNAVAILABLE } from '../appeals/video-status-sql.ts';

export interface NewReport {
  subject: string;
  email: string;
  message: string;
  file_key: string | null;
  referrer: string | null;
  user_id: number | null;
  video_id: number | null;
  ip: string;
  reporter_name?: string | null;
}

export interface StaffContact {
  email: string;
  username: string;
  language: string | null;
}

export function createReportsRepository(db: DB) {
  return {
    /** The id of the video, or null when there is no such row (a report may outlive its video). */
    async videoId(videoId: number): Promise<number | null> {
      const row = await db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
      return row?.id ?? null;
    },

    async insert(report: NewReport): Promise<number> {
      const row = await db.insertInto('reports').values(report).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /**
     * A performer's removal request (issue 31), in one transaction: the report, the video down at once
     * (status 5, the status it had kept for a reinstatement; nothing to take down when it is already
     * unavailable) and the request's row.
     */
    insertRemoval(
      report: NewReport & { video_id: number },
    ): Promise<{ reportId: number; requestId: number; takenDown: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('reports')
          .values(report)
          .returning('id')
          .executeTakeFirstOrThrow();
        const video = await trx
          .selectFrom('videos')
          .select(['user_id'])
          .where('id', '=', report.video_id)
          .executeTakeFirst();
        const previous = await moveVideoStatus(trx, report.video_id, (s) => s !== UNAVAILABLE, UNAVAILABLE);
        const takenDown = previous !== null && previous !== UNAVAILABLE;
        const request = await trx
          .insertInto('removal_requests')
          .values({
            report_id: inserted.id,
            video_id: report.video_id,
            uploader_id: video?.user_id ?? null,
            taken_down: takenDown,
            previous_status: takenDown ? previous : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { reportId: Number(inserted.id), requestId: Number(request.id), takenDown };
      });
    },

    /** Moderators and administrators to tell of a removal request (at most 50, the oldest accounts). */
    async staffContacts(): Promise<StaffContact[]> {
      return db
        .selectFrom('users')
        .select(['email', 'username', 'language'])
        .where('role', 'in', ['moderator', 'administrator'])
        .where('status', '=', 'active')
        .orderBy('id')
        .limit(50)
        .execute();
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
