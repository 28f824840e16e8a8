// The staff's DMCA workflow (issue 15): a DMCA report naming a video becomes a case; the staff take the
// video down (status 5: 'Video not found or has been recently deleted', out of every list and the
// sitemap), record a counter-notice, restore the video (its earlier status) and close the case. The
// uploader's repeat-infringer count is their cases whose video is down. Moderators and administrators
// only. After a takedown or restore the onVideoChange listeners drop the cached lists and pages. No HTTP,
// no SQL.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  DMCA_PAGE_SIZE,
  type DmcaCase,
  type DmcaCaseList,
  type DmcaInput,
  type DmcaResult,
} from '../../../contract/dmca.ts';
import { REPORT_SUBJECTS } from '../../../contract/report.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CaseChange, DmcaCaseRow, DmcaRepository } from './dmca.repository.ts';
import { videoIdOfReferrer } from './reports.service.ts';

export const DMCA_SUBJECT = REPORT_SUBJECTS[0];

export interface DmcaService {
  /** Cases newest first (or the one `case_id`). Guests 401, members 403. */
  list(user: CurrentUser | null, query: { page: number; case_id?: number }): Promise<DmcaCaseList>;
  act(user: CurrentUser | null, input: DmcaInput): Promise<DmcaResult>;
  /** The cases of these reports by report id, for the reports page. Guests 401, members 403. */
  casesOfReports(user: CurrentUser | null, reportIds: number[]): Promise<Map<number, DmcaCase>>;
  /**
   * Called after a takedown or a restore, before the answer: the app drops its cached lists, pages
   * and sitemaps there (app.ts), so the video leaves or comes back at once.
   */
  onVideoChange(listener: () => Promise<void> | void): void;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const fieldError = (field: string, code: string) =>
  new DomainError('invalid', { message: english('api.invalid_value'), codes: [{ field, code }] });
const caseNotFound = () =>
  new DomainError('case_not_found', { status: 404, message: english('api.case_not_found') });

/** The first video of this site a DMCA message links (a video or embed page URL). */
export function videoIdInMessage(message: string, publicUrl: string): number | null {
  for (const match of message.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const id = videoIdOfReferrer(match[0], publicUrl);
    if (id !== null) return id;
  }
  return null;
}

export function createDmcaService(
  repo: DmcaRepository,
  // `audit`: every step goes to the audit log (issue 17) as dmca.open, dmca.takedown, dmca.restore,
  // dmca.counter_notice, dmca.close.
  options: { publicUrl: string; audit?: AuditService },
): DmcaService {
  const AUDIT_ACTION = {
    take_down: 'dmca.takedown',
    restore: 'dmca.restore',
    counter_notice: 'dmca.counter_notice',
    close: 'dmca.close',
  } as const;
  const listeners: (() => Promise<void> | void)[] = [];
  const purge = async () => {
    for (const listener of listeners) await listener();
  };
  async function toCases(rows: DmcaCaseRow[]): Promise<DmcaCase[]> {
    const counts = await repo.takedowns([
      ...new Set(rows.map((r) => r.uploader_id).filter((id): id is number => id !== null)),
    ]);
    return rows.map((row) => ({
      case_id: row.id,
      report_id: row.report_id,
      state: row.state,
      taken_down: row.taken_down,
      video:
        row.video_id !== null && row.video_title !== null && row.video_dir !== null
          ? {
              video_id: row.video_id,
              title: row.video_title,
              dir: row.video_dir,
              status: row.video_status ?? 0,
            }
          : null,
      uploader:
        row.uploader_id !== null && row.uploader_name !== null
          ? {
              user_id: row.uploader_id,
              username: row.uploader_name,
              takedowns: counts.get(row.uploader_id) ?? 0,
            }
          : null,
      report: {
        email: row.report_email,
        message: row.report_message,
        created_at: new Date(row.report_created_at).toISOString(),
      },
      opened_at: new Date(row.opened_at).toISOString(),
      opened_by:
        row.opened_by !== null && row.opener_name
          ? { user_id: row.opened_by, username: row.opener_name }
          : null,
      taken_down_at: iso(row.taken_down_at),
      counter_notice: row.counter_notice,
      counter_notice_at: row.counter_notice_at
        ? new Date(row.counter_notice_at).toISOString().slice(0, 10)
        : null,
      restored_at: iso(row.restored_at),
      closed_at: iso(row.closed_at),
    }));
  }

  async function one(caseId: number): Promise<DmcaCase> {
    const row = await repo.get(caseId);
    if (!row) throw caseNotFound();
    return (await toCases([row]))[0] as DmcaCase;
  }

  function check(change: CaseChange, message: string): void {
    if (change.ok) return;
    if (change.reason === 'not_found') throw caseNotFound();
    if (change.reason === 'video_gone') {
      throw new DomainError('video_not_found', {
        status: 404,
        message: english('notify.video_not_found'),
      });
    }
    throw new DomainError('invalid_state', { status: 409, message });
  }

  return {
    async list(user, { page, case_id }) {
      requireModerator(user);
      if (case_id !== undefined) {
        const row = await repo.get(case_id);
        if (!row) throw caseNotFound();
        return { cases: await toCases([row]), total_count: 1, page: 1, per_page: DMCA_PAGE_SIZE };
      }
      const { rows, total } = await repo.list(page, DMCA_PAGE_SIZE);
      return { cases: await toCases(rows), total_count: total, page, per_page: DMCA_PAGE_SIZE };
    },

    async casesOfReports(user, reportIds) {
      requireModerator(user);
      const cases = await toCases(await repo.byReports(reportIds));
      return new Map(cases.map((c) => [c.report_id, c]));
    },

    onVideoChange(listener) {
      listeners.push(listener);
    },

    async act(user, input) {
      requireModerator(user);
      if (input.act === 'open') {
        if (input.report_id === undefined) throw fieldError('report_id', 'required');
        const report = await repo.report(input.report_id);
        if (!report)
          throw new DomainError('report_not_found', {
            status: 404,
            message: english('api.report_not_found'),
          });
        if (report.subject !== DMCA_SUBJECT) {
          throw new DomainError('not_dmca', { status: 409, message: english('api.not_dmca') });
        }
        const videoId = report.video_id ?? videoIdInMessage(report.message, options.publicUrl);
        const video = videoId === null ? null : await repo.video(videoId);
        if (!video) {
          throw new DomainError('no_video', {
            status: 409,
            message: english('api.no_video'),
          });
        }
        const caseId = await repo.open({
          reportId: report.id,
          videoId: video.id,
          uploaderId: video.user_id,
          openedBy: user.user_id,
        });
        const opened = await one(caseId);
        await options.audit?.record(
          user,
          'dmca.open',
          { type: 'dmca_case', id: caseId },
          { report_id: report.id, video_id: video.id },
        );
        return { status: 'success', case: opened };
      }
      if (input.case_id === undefined) throw fieldError('case_id', 'required');
      const caseId = input.case_id;
      // The block list (issue 31): a take-down blocks the video's fingerprint, a restore lifts it.
      let block: Record<string, unknown> = {};
      switch (input.act) {
        case 'take_down': {
          const change = await repo.takeDown(caseId, user.user_id);
          check(change, english('api.case_not_open'));
          if (change.ok) block = { blocked: change.blockId != null, block_id: change.blockId ?? null };
          await purge();
          break;
        }
        case 'restore': {
          const change = await repo.restore(caseId, user.user_id);
          check(change, english('api.case_not_down'));
          if (change.ok) block = { blocks_lifted: change.liftedBlocks ?? 0 };
          await purge();
          break;
        }
        case 'counter_notice': {
          if (!input.message) throw fieldError('message', 'required');
          const received = input.received ?? new Date().toISOString().slice(0, 10);
          check(await repo.counterNotice(caseId, input.message, received), english('api.case_closed'));
          break;
        }
        case 'close':
          check(await repo.close(caseId), '');
          break;
      }
      const changed = await one(caseId);
      await options.audit?.record(
        user,
        AUDIT_ACTION[input.act],
        { type: 'dmca_case', id: caseId },
        {
          ...(changed.video ? { video_id: changed.video.video_id } : {}),
          ...(input.act === 'counter_notice' ? { received: changed.counter_notice_at } : {}),
          ...block,
        },
      );
      return { status: 'success', case: changed };
    },
  };
}
