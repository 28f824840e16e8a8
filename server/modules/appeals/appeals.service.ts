// Appeals (issue 31): the uploader of a video appeals the decision that holds it — a rejection (status
// 4), a DMCA takedown or a performer's removal (status 5) — once per decision; moderators and
// administrators uphold or overturn it with a message. An overturn puts the video back: a rejection to
// the moderation queue (status 3), a DMCA case restored through the DMCA service, a removal request
// reinstated through the reports service. Every answer goes to the audit log (`appeal.uphold`,
// `appeal.overturn`) and to the uploader by mail in their language; the uploads page shows it too.
// No HTTP, no SQL.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type AdminAppeal,
  type AdminAppealList,
  APPEALS_PAGE_SIZE,
  type Appeal,
  type AppealAnswer,
  type AppealListQuery,
  MY_APPEALS_MAX,
  type VideoAppeals,
} from '../../../contract/appeals.ts';
import { complaintClock } from '../../../contract/complaint-clock.ts';
import { DomainError, forbidden } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { requireMember, requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AppealRow, AppealsRepository } from './appeals.repository.ts';

export interface AppealsService {
  /** The asker's view of one of their videos: what they may appeal, and their appeals with answers. */
  ofVideo(user: CurrentUser | null, videoId: number): Promise<VideoAppeals>;
  /** The asker's own appeals, newest first (at most MY_APPEALS_MAX). */
  mine(user: CurrentUser | null): Promise<Appeal[]>;
  /** The uploader appeals the decision holding their video. */
  submit(user: CurrentUser | null, input: { videoId: number; message: string }): Promise<Appeal>;
  /** Staff: open appeals (oldest first, with their clock) or answered ones. */
  list(user: CurrentUser | null, query: AppealListQuery): Promise<AdminAppealList>;
  /** Staff: uphold or overturn an open appeal with a message. */
  answer(
    user: CurrentUser | null,
    input: { appealId: number; act: AppealAnswer; answer: string },
  ): Promise<AdminAppeal>;
}

export interface AppealsDeps {
  repo: AppealsRepository;
  audit?: AuditService;
  /** Restores a DMCA case's video (the DMCA service's `restore`, as the staff member). */
  restoreDmca: (user: CurrentUser, caseId: number) => Promise<void>;
  /** Reinstates a removal-requested video (reports-admin.service.ts `reinstateRemoval`). */
  reinstateRemoval: (user: CurrentUser, reportId: number) => Promise<void>;
  /** Tells the uploader of the answer (a mail in their language); a failure is logged, not thrown. */
  tellUploader?: (appeal: AdminAppeal, to: { email: string; language: string | null }) => Promise<void>;
  /** After an overturn that changed what the site shows: the app purges its caches. */
  changed?: () => Promise<void>;
  now?: () => number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const appealNotFound = () =>
  new DomainError('appeal_not_found', { status: 404, message: english('api.appeal_not_found') });
const videoNotFound = () =>
  new DomainError('video_not_found', { status: 404, message: english('notify.video_not_found') });

export function createAppealsService(deps: AppealsDeps): AppealsService {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  const appeal = (row: AppealRow): Appeal => ({
    appeal_id: row.id,
    video_id: row.video_id,
    kind: row.kind,
    message: row.message,
    state: row.state,
    answer: row.answer,
    created_at: new Date(row.created_at).toISOString(),
    answered_at: iso(row.answered_at),
  });

  async function adminAppeal(row: AppealRow): Promise<AdminAppeal> {
    const ref = Number(row.decision.split(':').at(-1));
    const removalReport = row.kind === 'removal' ? await repo.removalReport(ref) : null;
    return {
      ...appeal(row),
      video:
        row.video_id !== null && row.video_title !== null && row.video_dir !== null
          ? {
              video_id: row.video_id,
              title: row.video_title,
              dir: row.video_dir,
              status: row.video_status ?? 0,
            }
          : null,
      uploader: { user_id: row.user_id, username: row.uploader_name },
      decision: {
        report_id: removalReport,
        case_id: row.kind === 'dmca' ? ref : null,
        reason: row.kind === 'rejection' ? row.reject_reason : null,
      },
      answered_by:
        row.answered_by !== null && row.answerer_name
          ? { user_id: row.answered_by, username: row.answerer_name }
          : null,
      clock: row.state === 'open' ? complaintClock(row.created_at, now()) : null,
    };
  }

  /** The asker's own video, else 404 (none) or 403 (another member's). */
  async function ownVideo(user: CurrentUser, videoId: number) {
    const video = await repo.video(videoId);
    if (!video) throw videoNotFound();
    if (video.user_id === null || video.user_id !== user.user_id) throw forbidden();
    return video;
  }

  return {
    async ofVideo(user, videoId) {
      requireMember(user);
      const video = await ownVideo(user, videoId);
      const decision = await repo.decision(video);
      const rows = await repo.ofVideo(video.id, user.user_id);
      return {
        video_id: video.id,
        appealable: decision
          ? { kind: decision.kind, open: !rows.some((r) => r.decision === decision.key) }
          : null,
        appeals: rows.map(appeal),
      };
    },

    async mine(user) {
      requireMember(user);
      return (await repo.ofUser(user.user_id, MY_APPEALS_MAX)).map(appeal);
    },

    async submit(user, { videoId, message }) {
      requireMember(user);
      const video = await ownVideo(user, videoId);
      const decision = await repo.decision(video);
      if (!decision) {
        throw new DomainError('not_appealable', {
          status: 409,
          message: english('api.not_appealable'),
          codes: [{ field: 'notify', code: 'not_appealable' }],
        });
      }
      // Once per decision: the unique index answers for parallel posts too.
      const id = await repo.insert({ videoId: video.id, userId: user.user_id, decision, message });
      if (id === null) {
        throw new DomainError('already_appealed', {
          status: 409,
          message: english('api.already_appealed'),
          codes: [{ field: 'notify', code: 'already_appealed' }],
        });
      }
      const row = await repo.get(id);
      if (!row) throw appealNotFound();
      return appeal(row);
    },

    async list(user, { status, page }) {
      requireModerator(user);
      const { rows, total } = await repo.list(status, page, APPEALS_PAGE_SIZE);
      return {
        appeals: await Promise.all(rows.map(adminAppeal)),
        status,
        total_count: total,
        page,
        per_page: APPEALS_PAGE_SIZE,
      };
    },

    async answer(user, { appealId, act, answer }) {
      requireModerator(user);
      const row = await repo.get(appealId);
      if (!row) throw appealNotFound();
      if (row.state !== 'open') {
        throw new DomainError('appeal_answered', { status: 409, message: english('api.appeal_answered') });
      }
      const overturn = act === 'overturn';
      const rejection = overturn && row.kind === 'rejection' && row.video_id !== null;
      const claimed = await repo.answer(
        appealId,
        overturn ? 'overturned' : 'upheld',
        answer,
        user.user_id,
        rejection && row.video_id !== null ? { videoId: row.video_id } : null,
      );
      if (!claimed) {
        throw new DomainError('appeal_answered', { status: 409, message: english('api.appeal_answered') });
      }
      if (overturn && row.kind !== 'rejection') {
        const ref = Number(row.decision.split(':').at(-1));
        try {
          if (row.kind === 'dmca') await deps.restoreDmca(user, ref);
          else {
            const reportId = await repo.removalReport(ref);
            if (reportId !== null) await deps.reinstateRemoval(user, reportId);
          }
        } catch (error) {
          // The video could not be put back (the case moved meanwhile): the appeal stays open.
          await repo.reopen(appealId);
          throw error;
        }
      }
      if (overturn) await deps.changed?.();
      const answered = await repo.get(appealId);
      if (!answered) throw appealNotFound();
      const result = await adminAppeal(answered);
      await deps.audit?.record(
        user,
        `appeal.${act}`,
        { type: 'appeal', id: appealId },
        { kind: row.kind, ...(row.video_id !== null ? { video_id: row.video_id } : {}), answer },
      );
      await deps
        .tellUploader?.(result, { email: row.uploader_email, language: await repo.language(row.user_id) })
        .catch(() => {});
      return result;
    },
  };
}
