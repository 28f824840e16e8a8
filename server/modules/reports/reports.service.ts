// The contact/report form (shell.md §5, §7: POST /api/report.php): subject, email, message (≤ 1500),
// an optional image, the page as referrer. Stored in `reports` for the staff; an attached image goes
// to storage under `reports/` (staff only, see media-access.ts). The captcha token (field `captcha`) is
// checked with the configured provider before anything is stored (captcha.ts; none configured: no
// check), and a per-IP limit holds in any 10 minutes, shared by every process through Redis when
// REDIS_URL is set (the comments' sliding limiter).

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  PERFORMER_SUBJECT,
  REPORT_FILE_MAX_BYTES,
  REPORT_MESSAGE_MAX,
  REPORT_SUBJECTS,
  REPORTER_NAME_MAX,
} from '../../../contract/report.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import { images } from '../../media/images.ts';
import type { Storage } from '../../storage/storage.ts';
import { createMemorySlidingLimiter, type SlidingLimiter } from '../acts/comment-limiter.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BlocklistService } from '../integrity/blocklist.service.ts';
import { type CaptchaVerifier, noCaptcha } from './captcha.ts';
import type { ReportsRepository } from './reports.repository.ts';
import type { ReportsAdminRepository } from './reports-admin.repository.ts';
import { createReportsAdminService, type ReportsAdminService } from './reports-admin.service.ts';

// shell.md §5: the subjects, the message and file limits live in contract/report.ts.
export { REPORT_FILE_MAX_BYTES, REPORT_MESSAGE_MAX, REPORT_SUBJECTS } from '../../../contract/report.ts';
/** Sends per IP in the window; past it, 429 `too_many_reports`. */
export const REPORT_LIMIT = 5;
export const REPORT_WINDOW_MS = 10 * 60_000;
/**
 * A performer's removal request takes a video down before anyone looks at it (issue 31), so it has a
 * limit of its own besides the form's: per address and per member, in any 24 hours.
 */
export const REMOVAL_LIMIT = 3;
export const REMOVAL_WINDOW_MS = 24 * 60 * 60_000;

/** What the staff are told of a new removal request (app-services.ts: a log line and a mail each). */
export interface RemovalNotice {
  reportId: number;
  requestId: number;
  videoId: number;
  takenDown: boolean;
  reporterName: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IMAGE_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

export interface ReportInput {
  fields: Record<string, string>;
  file: Buffer | null;
  ip: string;
  user: CurrentUser | null;
  publicUrl: string;
}

/** The form's sends, plus the staff's list and handled state (reports-admin.service.ts). */
export interface ReportsService extends ReportsAdminService {
  submit(input: ReportInput): Promise<{ report_id: number; taken_down?: boolean }>;
}

const fieldError = (field: string, code: string, message = english('api.invalid_value')) =>
  new DomainError(code, { message, codes: [{ field, code }] });

/** The video a report is about, when the referrer is one of this site's video or embed pages. */
export function videoIdOfReferrer(referrer: string, publicUrl: string): number | null {
  try {
    const url = new URL(referrer);
    if (url.origin !== new URL(publicUrl).origin) return null;
    const match = /^\/(?:video|embed)\/(\d{1,15})\//.exec(url.pathname);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export function createReportsService(
  repository: ReportsRepository,
  adminRepository: ReportsAdminRepository,
  storage: Storage,
  options: {
    now?: () => number;
    /** The per-IP limit's store: in process by default, Redis-backed in production (app-services.ts). */
    limiter?: SlidingLimiter;
    captcha?: CaptchaVerifier;
    /** Where the staff's decisions are recorded (reports-admin.service.ts). */
    audit?: AuditService;
    /** Told when a removal request took a video down or it came back: the app purges its caches. */
    changes?: Pick<ContentChanges, 'notify'>;
    /** Tells the staff of a new removal request; its failure does not fail the request. */
    notifyStaff?: (notice: RemovalNotice) => Promise<void>;
    /** The block list: a confirmed removal request blocks the video's content. */
    blocks?: Pick<BlocklistService, 'block'>;
  } = {},
): ReportsService {
  const limiter = options.limiter ?? createMemorySlidingLimiter(options.now);
  const captcha = options.captcha ?? noCaptcha;

  return {
    ...createReportsAdminService(
      adminRepository,
      storage,
      options.audit,
      options.changes,
      Date.now,
      options.blocks,
    ),
    async submit({ fields, file, ip, user, publicUrl }) {
      const email = (fields.email ?? '').trim();
      const message = (fields.message ?? '').trim();
      const subject = (fields.subject ?? REPORT_SUBJECTS[0]).trim();
      const referrer = (fields.referrer ?? '').trim().slice(0, 2000);
      if (!email) throw fieldError('email', 'required', english('form.error.required'));
      if (!EMAIL.test(email) || email.length > 254) throw fieldError('email', 'invalid_email');
      if (!message) throw fieldError('message', 'required', english('form.error.required'));
      if (message.length > REPORT_MESSAGE_MAX) throw fieldError('message', 'max_length');
      if (!(REPORT_SUBJECTS as readonly string[]).includes(subject)) throw fieldError('subject', 'invalid');
      const name = (fields.name ?? '').trim();
      const removal = subject === PERFORMER_SUBJECT;
      if (removal && !name) throw fieldError('name', 'required', english('form.error.required'));
      if (name.length > REPORTER_NAME_MAX) throw fieldError('name', 'max_length');
      let image: { data: Buffer; ext: string } | null = null;
      if (file) {
        if (file.length > REPORT_FILE_MAX_BYTES) throw fieldError('file', 'file_too_large');
        const format = await images
          .facts(file)
          .then((m) => m.format)
          .catch(() => '');
        const ext = IMAGE_FORMATS[format];
        if (!ext) throw fieldError('file', 'file_type');
        image = { data: file, ext };
      }
      // Before anything is stored or counted: a refused token costs the sender no send of the limit.
      await captcha.verify(fields.captcha, ip);
      const videoId = videoIdOfReferrer(referrer, publicUrl);
      // Only a video that exists is linked (the referrer is the sender's to write).
      const knownVideoId = videoId === null ? null : await repository.videoId(videoId);
      // A removal request names a video of this site: the page it was sent from.
      if (removal && knownVideoId === null) throw fieldError('subject', 'no_video');
      const reserved = await limiter.reserve([
        { key: `ip:${ip}`, max: REPORT_LIMIT, windowMs: REPORT_WINDOW_MS },
        ...(removal
          ? [
              { key: `removal:ip:${ip}`, max: REMOVAL_LIMIT, windowMs: REMOVAL_WINDOW_MS },
              ...(user
                ? [{ key: `removal:user:${user.user_id}`, max: REMOVAL_LIMIT, windowMs: REMOVAL_WINDOW_MS }]
                : []),
            ]
          : []),
      ]);
      if (!reserved.ok) {
        throw new DomainError('too_many_reports', {
          status: 429,
          message: english('watch.contact_er.too_many_reports'),
          codes: [{ field: 'notify', code: 'too_many_reports' }],
        });
      }
      let fileKey: string | null = null;
      if (image) {
        fileKey = `reports/${randomUUID()}.${image.ext}`;
        await storage.putStream(fileKey, Readable.from([image.data]), {
          contentType: `image/${image.ext === 'jpg' ? 'jpeg' : image.ext}`,
        });
      }
      try {
        if (removal && knownVideoId !== null) {
          const done = await repository.insertRemoval({
            subject,
            email,
            message,
            file_key: fileKey,
            referrer: referrer || null,
            user_id: user?.user_id ?? null,
            video_id: knownVideoId,
            ip,
            reporter_name: name,
          });
          if (done.takenDown) await options.changes?.notify();
          await options
            .notifyStaff?.({
              reportId: done.reportId,
              requestId: done.requestId,
              videoId: knownVideoId,
              takenDown: done.takenDown,
              reporterName: name,
            })
            .catch(() => {});
          return { report_id: done.reportId, taken_down: done.takenDown };
        }
        const reportId = await repository.insert({
          subject,
          email,
          message,
          file_key: fileKey,
          referrer: referrer || null,
          user_id: user?.user_id ?? null,
          video_id: knownVideoId,
          ip,
          reporter_name: name || null,
        });
        return { report_id: reportId };
      } catch (error) {
        // Nothing half-written: the stored image goes with the failed row.
        if (fileKey) await storage.delete(fileKey).catch(() => {});
        throw error;
      }
    },
  };
}
