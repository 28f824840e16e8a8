// SQL of the staff's DMCA cases (0032): the report a case comes from, the case rows, the takedown and
// restore of the video (its status and the listed counts, in one transaction each), the uploaders'
// repeat-infringer counts. Decides nothing (dmca.service.ts); every state change is a conditional
// UPDATE, so two staff acting at once cannot both win.

import { sql } from 'kysely';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import type { DmcaCaseState } from '../../../contract/dmca.ts';
import type { DB } from '../../db/database.ts';
import { countListed } from '../catalog/listed-counts-sql.ts';
import { createBlocklistRepository } from '../integrity/blocklist.repository.ts';

const UNAVAILABLE = VIDEO_STATUS.unavailable;
const ACTIVE = VIDEO_STATUS.active;

export interface DmcaCaseRow {
  id: number;
  report_id: number;
  state: DmcaCaseState;
  taken_down: boolean;
  video_id: number | null;
  video_title: string | null;
  video_dir: string | null;
  video_status: number | null;
  uploader_id: number | null;
  uploader_name: string | null;
  opened_by: number | null;
  opener_name: string | null;
  opened_at: Date;
  taken_down_at: Date | null;
  counter_notice: string | null;
  counter_notice_at: Date | null;
  restored_at: Date | null;
  closed_at: Date | null;
  report_email: string;
  report_message: string;
  report_created_at: Date;
}

export type CaseChange =
  /** blockId: the block-list entry a take-down made (null: the video has no fingerprint to block). */
  | { ok: true; blockId?: number | null; liftedBlocks?: number }
  | { ok: false; reason: 'not_found' | 'invalid_state' | 'video_gone' };

const num = (v: number | string | null) => (v === null ? null : Number(v));

export function createDmcaRepository(db: DB) {
  const cases = () =>
    db
      .selectFrom('dmca_cases as c')
      .innerJoin('reports as r', 'r.id', 'c.report_id')
      .leftJoin('videos as v', (j) => j.onRef('v.id', '=', 'c.video_id').on('v.deleted_at', 'is', null))
      .leftJoin('users as u', 'u.id', 'c.uploader_id')
      .leftJoin('users as o', 'o.id', 'c.opened_by')
      .select([
        'c.id',
        'c.report_id',
        'c.state',
        'c.taken_down',
        'v.id as video_id',
        'v.title as video_title',
        'v.dir as video_dir',
        'v.status as video_status',
        'c.uploader_id',
        'u.username as uploader_name',
        'c.opened_by',
        'o.username as opener_name',
        'c.opened_at',
        'c.taken_down_at',
        'c.counter_notice',
        'c.counter_notice_at',
        'c.restored_at',
        'c.closed_at',
        'r.email as report_email',
        'r.message as report_message',
        'r.created_at as report_created_at',
      ]);
  const toRow = (
    r: Awaited<ReturnType<ReturnType<typeof cases>['executeTakeFirstOrThrow']>>,
  ): DmcaCaseRow => ({
    ...r,
    id: Number(r.id),
    report_id: Number(r.report_id),
    video_id: num(r.video_id),
    uploader_id: num(r.uploader_id),
    opened_by: num(r.opened_by),
  });

  return {
    async report(reportId: number) {
      const row = await db
        .selectFrom('reports')
        .select(['id', 'subject', 'message', 'video_id'])
        .where('id', '=', reportId)
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id), video_id: num(row.video_id) } : null;
    },

    /** The video and its uploader, when it exists (not deleted). */
    async video(videoId: number) {
      const row = await db
        .selectFrom('videos')
        .select(['id', 'user_id'])
        .where('id', '=', videoId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: Number(row.id), user_id: num(row.user_id) } : null;
    },

    /** The report's case; a second open of one report finds the first case. */
    async open(input: { reportId: number; videoId: number; uploaderId: number | null; openedBy: number }) {
      await db
        .insertInto('dmca_cases')
        .values({
          report_id: input.reportId,
          video_id: input.videoId,
          uploader_id: input.uploaderId,
          opened_by: input.openedBy,
        })
        .onConflict((oc) => oc.column('report_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('dmca_cases')
        .select('id')
        .where('report_id', '=', input.reportId)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async get(caseId: number): Promise<DmcaCaseRow | null> {
      const row = await cases().where('c.id', '=', caseId).executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Cases newest first; open and taken-down ones are not set apart (the page shows the state). */
    async list(page: number, perPage: number): Promise<{ rows: DmcaCaseRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        cases()
          .orderBy('c.opened_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        db
          .selectFrom('dmca_cases')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRow), total: Number(count.n) };
    },

    /** Repeat-infringer counts: each uploader's cases whose video is down. */
    async takedowns(uploaderIds: number[]): Promise<Map<number, number>> {
      if (uploaderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('dmca_cases')
        .select(['uploader_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('uploader_id', 'in', uploaderIds)
        .where('taken_down', '=', true)
        .groupBy('uploader_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.uploader_id), Number(r.n)]));
    },

    /** The cases of these reports (the reports page shows each on its report). */
    async byReports(reportIds: number[]): Promise<DmcaCaseRow[]> {
      if (reportIds.length === 0) return [];
      return (await cases().where('c.report_id', 'in', reportIds).execute()).map(toRow);
    },

    /**
     * Open or restored case → taken down: the video goes to status 5 and its earlier status is kept;
     * a listed video stops counting on its uploader, channel, categories, tags and models. The video's
     * fingerprint goes on the block list (content_blocks, issue 31) in the same transaction, so a copy
     * uploaded later is rejected (modules/integrity/screening.ts).
     */
    takeDown(caseId: number, by: number | null = null): Promise<CaseChange> {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('dmca_cases')
          .select(['id', 'state', 'video_id'])
          .where('id', '=', caseId)
          .forUpdate()
          .executeTakeFirst();
        if (!found) return { ok: false, reason: 'not_found' };
        if (found.state !== 'open' && found.state !== 'restored')
          return { ok: false, reason: 'invalid_state' };
        if (found.video_id === null) return { ok: false, reason: 'video_gone' };
        const video = await trx
          .selectFrom('videos')
          .select(['id', 'status', 'user_id', 'channel_id'])
          .where('id', '=', found.video_id)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!video) return { ok: false, reason: 'video_gone' };
        // Already unavailable (another case, or the staff): nothing to take down or to restore later.
        if (video.status === UNAVAILABLE) return { ok: false, reason: 'invalid_state' };
        await trx
          .updateTable('videos')
          .set({ status: UNAVAILABLE, updated_at: sql<Date>`now()` })
          .where('id', '=', video.id)
          .execute();
        await trx
          .updateTable('dmca_cases')
          .set({
            state: 'taken_down',
            taken_down: true,
            previous_status: video.status,
            taken_down_at: sql<Date>`now()`,
            restored_at: null,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', caseId)
          .execute();
        if (video.status === ACTIVE)
          await countListed(trx, Number(video.id), video.user_id, video.channel_id, -1);
        const blockId = await createBlocklistRepository(trx).add({
          videoId: Number(video.id),
          source: 'dmca',
          caseId,
          createdBy: by,
        });
        return { ok: true, blockId };
      });
    },

    /**
     * Taken-down case → restored: the video gets back the status it had (when it is still 5), and the
     * case's block-list entry is lifted (a counter-notice restore lets the content back).
     */
    restore(caseId: number, by: number | null = null): Promise<CaseChange> {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('dmca_cases')
          .select(['id', 'state', 'video_id', 'previous_status'])
          .where('id', '=', caseId)
          .forUpdate()
          .executeTakeFirst();
        if (!found) return { ok: false, reason: 'not_found' };
        if (found.state !== 'taken_down') return { ok: false, reason: 'invalid_state' };
        const previous = found.previous_status ?? ACTIVE;
        const video =
          found.video_id === null
            ? undefined
            : await trx
                .updateTable('videos')
                .set({ status: previous, updated_at: sql<Date>`now()` })
                .where('id', '=', found.video_id)
                .where('status', '=', UNAVAILABLE)
                .where('deleted_at', 'is', null)
                // A performer's removal request holding the video down (waiting or confirmed) keeps it
                // down: the case is restored, the video stays unavailable (issue 31).
                .where(
                  sql<boolean>`NOT EXISTS (SELECT 1 FROM removal_requests r WHERE r.video_id = videos.id AND r.state IN ('down', 'confirmed'))`,
                )
                .returning(['id', 'user_id', 'channel_id'])
                .executeTakeFirst();
        await trx
          .updateTable('dmca_cases')
          .set({
            state: 'restored',
            taken_down: false,
            restored_at: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', caseId)
          .execute();
        if (video && previous === ACTIVE)
          await countListed(trx, Number(video.id), video.user_id, video.channel_id, 1);
        const lifted = await createBlocklistRepository(trx).liftCase(caseId, by);
        return { ok: true, liftedBlocks: lifted.length };
      });
    },

    async counterNotice(caseId: number, text: string, received: string): Promise<CaseChange> {
      const updated = await db
        .updateTable('dmca_cases')
        .set({
          counter_notice: text,
          counter_notice_at: sql<Date>`${received}::date`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', caseId)
        .where('state', '<>', 'closed')
        .returning('id')
        .executeTakeFirst();
      if (updated) return { ok: true };
      return (await this.exists(caseId))
        ? { ok: false, reason: 'invalid_state' }
        : { ok: false, reason: 'not_found' };
    },

    /** Closes a case (a taken-down video stays down); closing twice changes nothing. */
    async close(caseId: number): Promise<CaseChange> {
      await db
        .updateTable('dmca_cases')
        .set({ state: 'closed', closed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('id', '=', caseId)
        .where('state', '<>', 'closed')
        .execute();
      return (await this.exists(caseId)) ? { ok: true } : { ok: false, reason: 'not_found' };
    },

    async exists(caseId: number): Promise<boolean> {
      const row = await db.selectFrom('dmca_cases').select('id').where('id', '=', caseId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type DmcaRepository = ReturnType<typeof createDmcaRepository>;
