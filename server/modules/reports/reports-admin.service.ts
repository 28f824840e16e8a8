// The staff side of the contact/report form: who may read the reports and mark them handled. No HTTP,
// no SQL. Moderators and administrators only, as the moderation queue.
import type { CurrentUser } from '../../../contract/accounts.ts';
import { complaintClock } from '../../../contract/complaint-clock.ts';
import {
  type AdminReport,
  type AdminReportList,
  REPORTS_PAGE_SIZE,
  type ReportAdminCommand,
  type ReportAdminResult,
  type ReportListQuery,
} from '../../../contract/report-admin.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BlocklistService } from '../integrity/blocklist.service.ts';
import type { AdminReportRow, ReportsAdminRepository } from './reports-admin.repository.ts';

export interface ReportsAdminService {
  /** Open or handled reports, newest first, 20 a page. Guests 401, members 403. */
  list(user: CurrentUser | null, query: ReportListQuery): Promise<AdminReportList>;
  /**
   * Marks a report handled, or reopens it; doing it twice changes nothing. 404 for an unknown id.
   * confirm_removal / reinstate decide a performer's removal request (404 `removal_not_found` for a
   * report that is none, 409 `invalid_state` to confirm a reinstated one).
   */
  setHandled(user: CurrentUser | null, command: ReportAdminCommand): Promise<ReportAdminResult>;
  /**
   * Puts a removal-requested video back (an appeal overturned: appeals.service.ts), as `reinstate` does.
   * The caller has checked the staff member; answers false when there was nothing to reinstate.
   */
  reinstateRemoval(user: CurrentUser, reportId: number): Promise<boolean>;
}

export function createReportsAdminService(
  repo: ReportsAdminRepository,
  storage: Storage,
  // Marking handled or reopening goes to the audit log (issue 17): report.handle / report.reopen.
  audit?: AuditService,
  changes?: Pick<ContentChanges, 'notify'>,
  now: () => number = Date.now,
  // A confirmed removal request puts the video's fingerprint on the block list (issue 31: content
  // removed after a valid complaint must not come back), as the operator's "block this content" does.
  blocks?: Pick<BlocklistService, 'block'>,
): ReportsAdminService {
  async function item(row: AdminReportRow): Promise<AdminReport> {
    return {
      report_id: row.id,
      subject: row.subject,
      email: row.email,
      reporter_name: row.reporter_name,
      message: row.message,
      referrer: row.referrer,
      video:
        row.video_id !== null && row.video_title !== null && row.video_dir !== null
          ? { video_id: row.video_id, title: row.video_title, dir: row.video_dir }
          : null,
      // Report attachments are staff only (media-access.ts); this page is never cached.
      attachment: row.file_key ? await storage.url(row.file_key) : null,
      user: row.user_id !== null && row.username ? { user_id: row.user_id, username: row.username } : null,
      created_at: new Date(row.created_at).toISOString(),
      status: row.status === 'open' ? 'open' : 'handled',
      handled_at: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
      handled_by:
        row.resolver_id !== null && row.resolver_name
          ? { user_id: row.resolver_id, username: row.resolver_name }
          : null,
      clock: row.status === 'open' ? complaintClock(row.created_at, now()) : null,
      removal:
        row.removal_id !== null && row.removal_state !== null
          ? {
              request_id: row.removal_id,
              state: row.removal_state,
              taken_down: row.removal_taken_down ?? false,
              video_status: row.video_status,
              decided_at: row.removal_decided_at ? new Date(row.removal_decided_at).toISOString() : null,
              decided_by:
                row.removal_decider_id !== null && row.removal_decider_name
                  ? { user_id: row.removal_decider_id, username: row.removal_decider_name }
                  : null,
            }
          : null,
    };
  }

  async function decideRemoval(user: CurrentUser, reportId: number, decision: 'confirm' | 'reinstate') {
    const outcome = await repo.decideRemoval(reportId, decision, user.user_id);
    if (!outcome.ok) {
      if (outcome.reason === 'not_found')
        throw new DomainError('removal_not_found', {
          status: 404,
          message: english('api.removal_not_found'),
        });
      throw new DomainError('invalid_state', { status: 409, message: english('api.removal_reinstated') });
    }
    if (outcome.changed && decision === 'confirm' && outcome.videoId !== null && blocks) {
      // A video processed before fingerprints existed has none to block (409 no_fingerprint): the
      // removal stands all the same.
      await blocks.block(user, outcome.videoId).catch((error: unknown) => {
        if (!(error instanceof DomainError && error.code === 'no_fingerprint')) throw error;
      });
    }
    if (outcome.changed) {
      await audit?.record(
        user,
        `removal.${decision}`,
        { type: 'report', id: reportId },
        { state: outcome.state, ...(outcome.videoId !== null ? { video_id: outcome.videoId } : {}) },
      );
      if (decision === 'reinstate') await changes?.notify();
    }
    return outcome;
  }

  return {
    async list(user, { status, page }) {
      requireModerator(user);
      const { rows, total } = await repo.list(status, page, REPORTS_PAGE_SIZE);
      return {
        reports: await Promise.all(rows.map(item)),
        status,
        total_count: total,
        page,
        per_page: REPORTS_PAGE_SIZE,
      };
    },

    async reinstateRemoval(user, reportId) {
      const outcome = await decideRemoval(user, reportId, 'reinstate');
      return outcome.ok && outcome.changed;
    },

    async setHandled(user, { act, reportId }) {
      requireModerator(user);
      if (act === 'confirm_removal' || act === 'reinstate') {
        const done = await decideRemoval(user, reportId, act === 'reinstate' ? 'reinstate' : 'confirm');
        return {
          status: 'success',
          report_id: reportId,
          state: 'handled',
          ...(done.ok ? { removal_state: done.state } : {}),
        };
      }
      const outcome = await repo.setState(reportId, act === 'handle' ? 'handled' : 'open', user.user_id);
      if (!outcome.ok) {
        throw new DomainError('report_not_found', { status: 404, message: english('api.report_not_found') });
      }
      await audit?.record(user, `report.${act}`, { type: 'report', id: reportId }, { state: outcome.state });
      return { status: 'success', report_id: reportId, state: outcome.state };
    },
  };
}
