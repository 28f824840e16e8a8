// SQL of appeals (issue 31, migration 0053): the decision a video's uploader may appeal, the appeals'
// rows, the staff's lists and the answer (a conditional UPDATE: two staff answering at once cannot both
// win). A rejection's overturn moves the video here, in the answer's transaction; a takedown's is the
// DMCA or removal service's. Decides nothing (appeals.service.ts).
import { sql } from 'kysely';
import type { AppealKind, AppealListStatus, AppealState } from '../../../contract/appeals.ts';
import { VIDEO_STATUS, type VideoStatus } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { moveVideoStatus } from './video-status-sql.ts';

const REJECTED = VIDEO_STATUS.rejected;
const UNAVAILABLE = VIDEO_STATUS.unavailable;
const WAITING = VIDEO_STATUS.waiting;

export interface AppealVideo {
  id: number;
  user_id: number | null;
  status: VideoStatus;
}

/** The decision open to an appeal: its kind and the key that makes it appealable once. */
export interface Decision {
  kind: AppealKind;
  key: string;
}

export interface AppealRow {
  id: number;
  video_id: number | null;
  user_id: number;
  kind: AppealKind;
  decision: string;
  message: string;
  state: AppealState;
  answer: string | null;
  answered_by: number | null;
  answerer_name: string | null;
  answered_at: Date | null;
  created_at: Date;
  uploader_name: string;
  uploader_email: string;
  video_title: string | null;
  video_dir: string | null;
  video_status: VideoStatus | null;
  reject_reason: string | null;
}

export type NewAppeal = { videoId: number; userId: number; decision: Decision; message: string };

const num = (v: number | string | null) => (v === null ? null : Number(v));

export function createAppealsRepository(db: DB) {
  const appeals = () =>
    db
      .selectFrom('appeals as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('users as s', 's.id', 'a.answered_by')
      .leftJoin('videos as v', 'v.id', 'a.video_id')
      .select([
        'a.id',
        'a.video_id',
        'a.user_id',
        'a.kind',
        'a.decision',
        'a.message',
        'a.state',
        'a.answer',
        'a.answered_by',
        's.username as answerer_name',
        'a.answered_at',
        'a.created_at',
        'u.username as uploader_name',
        'u.email as uploader_email',
        'v.title as video_title',
        'v.dir as video_dir',
        'v.status as video_status',
        'v.reject_reason',
      ]);
  type Selected = Awaited<ReturnType<ReturnType<typeof appeals>['executeTakeFirstOrThrow']>>;
  const toRow = (r: Selected): AppealRow => ({
    ...r,
    id: Number(r.id),
    video_id: num(r.video_id),
    user_id: Number(r.user_id),
    answered_by: num(r.answered_by),
  });

  return {
    async video(videoId: number): Promise<AppealVideo | undefined> {
      const row = await db
        .selectFrom('videos')
        .select(['id', 'user_id', 'status'])
        .where('id', '=', videoId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: Number(row.id), user_id: num(row.user_id), status: row.status } : undefined;
    },

    /**
     * The decision that holds the video where it is: its latest rejection (status 4), or the removal
     * request or DMCA case that holds it down (status 5). Null when none does (staff set it by hand).
     */
    async decision(video: AppealVideo): Promise<Decision | null> {
      if (video.status === REJECTED) {
        const event = await db
          .selectFrom('moderation_events')
          .select('id')
          .where('video_id', '=', video.id)
          .where('action', '=', 'reject')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return { kind: 'rejection', key: event ? `rejection:${event.id}` : `rejection:video:${video.id}` };
      }
      if (video.status !== UNAVAILABLE) return null;
      const removal = await db
        .selectFrom('removal_requests')
        .select('id')
        .where('video_id', '=', video.id)
        .where('taken_down', '=', true)
        .where('state', 'in', ['down', 'confirmed'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (removal) return { kind: 'removal', key: `removal:${removal.id}` };
      const kase = await db
        .selectFrom('dmca_cases')
        .select('id')
        .where('video_id', '=', video.id)
        .where('taken_down', '=', true)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return kase ? { kind: 'dmca', key: `dmca:${kase.id}` } : null;
    },

    async decisionTaken(key: string): Promise<boolean> {
      const row = await db.selectFrom('appeals').select('id').where('decision', '=', key).executeTakeFirst();
      return row !== undefined;
    },

    /** The new appeal's id, or null when the decision has one already (the unique index decides). */
    async insert(appeal: NewAppeal): Promise<number | null> {
      const row = await db
        .insertInto('appeals')
        .values({
          video_id: appeal.videoId,
          user_id: appeal.userId,
          kind: appeal.decision.kind,
          decision: appeal.decision.key,
          message: appeal.message,
        })
        .onConflict((oc) => oc.column('decision').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    async get(appealId: number): Promise<AppealRow | undefined> {
      const row = await appeals().where('a.id', '=', appealId).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async ofVideo(videoId: number, userId: number): Promise<AppealRow[]> {
      const rows = await appeals()
        .where('a.video_id', '=', videoId)
        .where('a.user_id', '=', userId)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
      return rows.map(toRow);
    },

    async ofUser(userId: number, limit: number): Promise<AppealRow[]> {
      const rows = await appeals()
        .where('a.user_id', '=', userId)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    async list(
      status: AppealListStatus,
      page: number,
      perPage: number,
    ): Promise<{ rows: AppealRow[]; total: number }> {
      const open = status === 'open';
      const [rows, count] = await Promise.all([
        appeals()
          .where('a.state', open ? '=' : '<>', sql.lit('open'))
          .orderBy(open ? 'a.created_at' : 'a.answered_at', open ? 'asc' : 'desc')
          .orderBy('a.id', open ? 'asc' : 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        db
          .selectFrom('appeals')
          .where('state', open ? '=' : '<>', sql.lit('open'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRow), total: Number(count.n) };
    },

    /**
     * Open → upheld | overturned with the answer, by whom, when. A rejection's overturn puts the video
     * back in the moderation queue (status 3, the status it had before the rejection) in the same
     * transaction. False when the appeal was no longer open (answered meanwhile).
     */
    answer(
      appealId: number,
      state: 'upheld' | 'overturned',
      answer: string,
      staffId: number,
      rejection: { videoId: number } | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('appeals')
          .set({ state, answer, answered_by: staffId, answered_at: sql<Date>`now()` })
          .where('id', '=', appealId)
          .where('state', '=', 'open')
          .returning('id')
          .executeTakeFirst();
        if (!updated) return false;
        if (rejection) {
          const moved = await moveVideoStatus(trx, rejection.videoId, (s) => s === REJECTED, WAITING);
          if (moved !== null)
            await trx
              .updateTable('videos')
              .set({ reject_reason: null })
              .where('id', '=', rejection.videoId)
              .execute();
        }
        return true;
      });
    },

    /** Back to open (a takedown's reversal failed after the answer was claimed). */
    async reopen(appealId: number): Promise<void> {
      await db
        .updateTable('appeals')
        .set({ state: 'open', answer: null, answered_by: null, answered_at: null })
        .where('id', '=', appealId)
        .execute();
    },

    /** The report of a removal request (`removal:<id>`), for its reinstatement. */
    async removalReport(requestId: number): Promise<number | null> {
      const row = await db
        .selectFrom('removal_requests')
        .select('report_id')
        .where('id', '=', requestId)
        .executeTakeFirst();
      return row ? Number(row.report_id) : null;
    },

    /** The uploader's stored language, for the answer's mail. */
    async language(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return row?.language ?? null;
    },
  };
}

export type AppealsRepository = ReturnType<typeof createAppealsRepository>;
