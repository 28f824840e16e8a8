// The staff side of the contact/report form: who may read the reports and mark them handled. No HTTP,
// no SQL. Moderators and administrators only, as the moderation queue.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type AdminReport,
  type AdminReportList,
  REPORTS_PAGE_SIZE,
  type ReportAdminCommand,
  type ReportAdminResult,
  type ReportListQuery,
} from '../../../contract/report-admin.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdminReportRow, ReportsAdminRepository } from './reports-admin.repository.ts';

export interface ReportsAdminService {
  /** Open or handled reports, newest first, 20 a page. Guests 401, members 403. */
  list(user: CurrentUser | null, query: ReportListQuery): Promise<AdminReportList>;
  /** Marks a report handled, or reopens it; doing it twice changes nothing. 404 for an unknown id. */
  setHandled(user: CurrentUser | null, command: ReportAdminCommand): Promise<ReportAdminResult>;
}

export function createReportsAdminService(
  repo: ReportsAdminRepository,
  storage: Storage,
  // Marking handled or reopening goes to the audit log (issue 17): report.handle / report.reopen.
  audit?: AuditService,
): ReportsAdminService {
  async function item(row: AdminReportRow): Promise<AdminReport> {
    return {
      report_id: row.id,
      subject: row.subject,
      email: row.email,
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
    };
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

    async setHandled(user, { act, reportId }) {
      requireModerator(user);
      const outcome = await repo.setState(reportId, act === 'handle' ? 'handled' : 'open', user.user_id);
      if (!outcome.ok) {
        throw new DomainError('report_not_found', { status: 404, message: english('api.report_not_found') });
      }
      await audit?.record(user, `report.${act}`, { type: 'report', id: reportId }, { state: outcome.state });
      return { status: 'success', report_id: reportId, state: outcome.state };
    },
  };
}
