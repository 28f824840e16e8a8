// SQL of the contact/report form's sends: the video a report names, and the report's row. Decides
// nothing (reports.service.ts checks the form); the staff's side is reports-admin.repository.ts.
import type { DB } from '../../db/database.ts';

export interface NewReport {
  subject: string;
  email: string;
  message: string;
  file_key: string | null;
  referrer: string | null;
  user_id: number | null;
  video_id: number | null;
  ip: string;
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
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
