// Issue 31's services as app-services.ts builds them: the appeals (with the DMCA and reports services
// that put a video back on an overturn) and the staff's notice of a removal request. Mails go through
// the accounts' mailer and its send quota (a mail refused or failing is logged; the decision stands).
import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DmcaService } from '../reports/dmca.service.ts';
import type { StaffContact } from '../reports/reports.repository.ts';
import type { RemovalNotice, ReportsService } from '../reports/reports.service.ts';
import { createAppealsRepository } from './appeals.repository.ts';
import { type AppealsService, createAppealsService } from './appeals.service.ts';
import { appealAnswerMail, removalNoticeMail } from './notices.ts';

interface Deps {
  audit: AuditService;
  changes: ContentChanges;
  accounts: AccountsService;
  logger: Logger;
  publicUrl: string;
  siteName: () => string;
}

export function createAppeals(
  db: DB,
  deps: Deps & { dmca: DmcaService; reports: ReportsService },
): AppealsService {
  return createAppealsService({
    repo: createAppealsRepository(db),
    audit: deps.audit,
    restoreDmca: async (user, caseId) => {
      await deps.dmca.act(user, { act: 'restore', case_id: caseId });
    },
    reinstateRemoval: async (user, reportId) => {
      await deps.reports.reinstateRemoval(user, reportId);
    },
    changed: () => deps.changes.notify(),
    tellUploader: async (appeal, to) => {
      const link = `${deps.publicUrl.replace(/\/$/, '')}/members/${appeal.uploader.user_id}/uploaded_videos/`;
      const mail = appealAnswerMail(appeal, to.language, { site: deps.siteName(), link });
      await deps.accounts.sendAccountMail('appeal-answer', { to: to.email, ...mail, link }).catch((error) => {
        deps.logger.warn({ err: error, appeal_id: appeal.appeal_id }, 'appeal answer mail not sent');
      });
    },
  });
}

/** The staff's notice of a removal request: a log line, and a mail to each moderator and administrator. */
export function removalNotifier(
  deps: Pick<Deps, 'accounts' | 'logger' | 'publicUrl' | 'siteName'> & {
    staff: () => Promise<StaffContact[]>;
  },
) {
  return async (notice: RemovalNotice) => {
    deps.logger.warn({ ...notice }, 'performer removal request: video taken down pending review');
    const link = `${deps.publicUrl.replace(/\/$/, '')}/admin/reports/`;
    for (const member of await deps.staff()) {
      const mail = removalNoticeMail(member.language, {
        site: deps.siteName(),
        username: member.username,
        videoId: notice.videoId,
        link,
      });
      await deps.accounts
        .sendAccountMail('removal-notice', { to: member.email, ...mail, link })
        .catch(() => {});
    }
  };
}
