// Performer records (issue 31; 18 U.S.C. 2257 and the card networks' rules). When UPLOAD_RECORDS is
// `required`, a member's upload gets a records row (the upload repositories make it with the video)
// and waits in moderation until an administrator or a custodian has checked its records: per
// performer, an identity document image and a signed consent, both sealed in storage with the
// age-verification cipher (photo-cipher.ts) under `records/`, which /media never serves. Moderators see
// that records exist, their status and the stage names; only administrators and custodians open the
// consents and images, each opening audited. No HTTP, no SQL.
import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type Consent,
  type CustodianList,
  type PerformerFields,
  type PerformerView,
  RECORDS_IMAGE_PATH,
  RECORDS_MODELS_MAX,
  type RecordsDecisionCommand,
  type RecordsDecisionResult,
  type RecordsModels,
  type RecordsOwn,
  type RecordsSent,
  type RecordsView,
} from '../../../contract/records.ts';
import { DomainError, forbidden } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { isStaff, requireMember, requireModerator } from '../access.ts';
import type { PhotoCipher } from '../age-verification/photo-cipher.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { NewPerformer, PerformerRow, RecordsRepository } from './records.repository.ts';
import { recordsHtml } from './records-export.ts';
import { sealedFiles } from './records-files.ts';
import { checkSubmission, signedConsent } from './records-submission.ts';

/** Storage prefix of the sealed records; /media never serves it (media-access.ts). */
export const RECORDS_PREFIX = 'records/';

export interface RecordsSubmission {
  videoId: number;
  recordedOn: string;
  /** `too_large`: the part went past ID_IMAGE_MAX_BYTES and was not read whole. */
  performers: (PerformerFields & { idImage: Buffer | 'too_large' | null })[];
  /** The page's language when the performers signed (stored with the consent). */
  language: string;
}

export interface RecordsDeps {
  repository: RecordsRepository;
  storage: Storage;
  cipher: PhotoCipher;
  /** UPLOAD_RECORDS, read at each upload. */
  mode: () => 'required' | 'off';
  audit?: AuditService;
  warn?: (message: string, detail: Record<string, unknown>) => void;
  now?: () => Date;
}

const videoNotFound = () =>
  new DomainError('video_not_found', { status: 404, message: english('notify.video_not_found') });

/** 409 on approval: the uploader's performer records are missing or not checked yet. */
export const recordsNotChecked = (status: string) =>
  new DomainError('records_not_checked', {
    status: 409,
    message: english('api.records_not_checked'),
    info: { records_status: status },
  });

export function createRecordsService(deps: RecordsDeps) {
  const { repository, storage, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  /** Administrators, and staff named custodians, read the records. */
  async function mayRead(user: CurrentUser): Promise<boolean> {
    if (user.role === 'administrator') return true;
    return isStaff(user) && (await repository.isCustodian(user.user_id));
  }
  async function requireReader(user: CurrentUser | null): Promise<CurrentUser> {
    requireModerator(user);
    if (!(await mayRead(user))) throw forbidden();
    return user;
  }

  const { seal, open, drop } = sealedFiles(storage, cipher, deps.warn);

  async function consentOf(row: PerformerRow): Promise<Consent> {
    return JSON.parse((await open(row.consent_key)).toString('utf8')) as Consent;
  }

  return {
    /** Whether `user`'s uploads need records now (members under UPLOAD_RECORDS=required). */
    requiredFor(user: { role?: string } | null | undefined): boolean {
      return deps.mode() === 'required' && !!user && !isStaff({ role: user.role ?? 'member' });
    },

    /** Whether `user` may read ID images and consents (for the pages). */
    async mayRead(user: CurrentUser | null): Promise<boolean> {
      return !!user && isStaff(user) && (await mayRead(user));
    },

    /** POST /api/video_records.php: the uploader sends (or sends again) the records of their video. */
    async submit(user: CurrentUser | null, input: RecordsSubmission): Promise<RecordsSent> {
      requireMember(user);
      const video = await repository.video(input.videoId);
      if (!video) throw videoNotFound();
      if (video.user_id !== user.user_id) throw forbidden();
      const current = await repository.status(input.videoId);
      if (current === null) {
        throw new DomainError('records_not_required', {
          status: 409,
          message: english('api.records_not_required'),
        });
      }
      if (current === 'checked') throw recordsChecked();

      const { models, images } = await checkSubmission(input, repository.existingModels, now());

      const signedAt = now().toISOString();
      const batch = randomBytes(8).toString('hex');
      const stored: string[] = [];
      const rows: NewPerformer[] = [];
      try {
        for (const [i, p] of input.performers.entries()) {
          const modelId = p.model_id?.trim() ? Number(p.model_id.trim()) : null;
          const stageName = p.stage_name?.trim() || (modelId !== null ? (models.get(modelId) ?? '') : '');
          const base = `${RECORDS_PREFIX}${input.videoId}/${batch}-${i}`;
          const consent = signedConsent(p, stageName, input, signedAt);
          const imageKey = `${base}-id.bin`;
          const consentKey = `${base}-consent.bin`;
          await seal(imageKey, images[i] as Buffer);
          stored.push(imageKey);
          await seal(consentKey, Buffer.from(JSON.stringify(consent), 'utf8'));
          stored.push(consentKey);
          rows.push({ position: i, modelId, stageName, idImageKey: imageKey, consentKey });
        }
      } catch (error) {
        await drop(stored);
        throw error;
      }
      let outcome: Awaited<ReturnType<RecordsRepository['replace']>>;
      try {
        outcome = await repository.replace(input.videoId, input.recordedOn.trim(), rows);
      } catch (error) {
        await drop(stored);
        throw error;
      }
      if (!outcome.ok) {
        await drop(stored);
        throw recordsChecked();
      }
      await drop(outcome.oldKeys);
      return {
        status: 'success',
        video_id: input.videoId,
        records_status: 'pending',
        performers: rows.length,
      };
    },

    /** GET /api/video_records_models.php: the records form's performer picker (members). */
    async models(user: CurrentUser | null, text: string): Promise<RecordsModels> {
      requireMember(user);
      return { models: await repository.findModels(text.toLowerCase(), RECORDS_MODELS_MAX) };
    },

    /**
     * GET /api/video_records.php: the uploader's view of their video's records (staff may read it too).
     * `ownerOnly`: the records step's page, where only the owner may send them.
     */
    async own(user: CurrentUser | null, videoId: number, ownerOnly = false): Promise<RecordsOwn> {
      requireMember(user);
      const video = await repository.video(videoId);
      if (!video) throw videoNotFound();
      if (video.user_id !== user.user_id && (ownerOnly || !isStaff(user))) throw forbidden();
      const row = await repository.records(videoId);
      return {
        video_id: videoId,
        required: row !== null,
        status: row?.status ?? null,
        submitted: row?.submitted_at != null,
        reason: row?.status === 'rejected' ? row.reason : null,
      };
    },

    /** GET /api/admin/video_records.php: staff; consents and images for readers only. */
    async view(user: CurrentUser | null, videoId: number): Promise<RecordsView> {
      requireModerator(user);
      const video = await repository.video(videoId);
      if (!video) throw videoNotFound();
      const row = await repository.records(videoId);
      const reader = await mayRead(user);
      const performers = row ? await repository.performers(videoId) : [];
      const views: PerformerView[] = [];
      for (const p of performers) {
        views.push({
          performer_id: p.id,
          position: p.position,
          stage_name: p.stage_name,
          model:
            p.model_id !== null && p.model_title !== null
              ? { model_id: p.model_id, title: p.model_title, dir: p.model_dir ?? '' }
              : null,
          consent: reader ? await consentOf(p) : null,
          id_image: reader ? `${RECORDS_IMAGE_PATH}?performer_id=${p.id}` : null,
        });
      }
      if (reader && views.length > 0) {
        await deps.audit?.record(user, 'records.view', { type: 'video', id: videoId }, {});
      }
      return {
        video_id: videoId,
        title: video.title,
        required: row !== null,
        status: row?.status ?? null,
        recorded_on: row?.recorded_on ?? null,
        submitted_at: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
        checked_at: row?.checked_at ? new Date(row.checked_at).toISOString() : null,
        checked_by:
          row?.checked_by != null && row.checked_by_name
            ? { user_id: row.checked_by, username: row.checked_by_name }
            : null,
        reason: row?.reason ?? null,
        uploader:
          video.user_id !== null && video.username
            ? { user_id: video.user_id, username: video.username, age_verified: video.age_verified === true }
            : null,
        may_read: reader,
        performers: views,
      };
    },

    /** One performer's ID image, decrypted (JPEG); readers only, audited. */
    async image(user: CurrentUser | null, performerId: number): Promise<Buffer> {
      const reader = await requireReader(user);
      const row = await repository.performer(performerId);
      if (!row) {
        throw new DomainError('performer_not_found', {
          status: 404,
          message: english('api.performer_not_found'),
        });
      }
      const image = await open(row.id_image_key);
      await deps.audit?.record(
        reader,
        'records.image',
        { type: 'video', id: row.video_id },
        { performer_id: performerId },
      );
      return image;
    },

    /** POST /api/admin/video_records.php: records checked | rejected (readers only: they saw the ID). */
    async decide(user: CurrentUser | null, command: RecordsDecisionCommand): Promise<RecordsDecisionResult> {
      const reader = await requireReader(user);
      const reason = command.reason.trim();
      if (command.act === 'reject' && !reason) {
        throw new DomainError('required', {
          status: 400,
          message: english('api.reason_required'),
          codes: [{ field: 'reason', code: 'required' }],
        });
      }
      const video = await repository.video(command.videoId);
      if (!video) throw videoNotFound();
      const status = command.act === 'check' ? 'checked' : 'rejected';
      const outcome = await repository.decide(command.videoId, {
        status,
        by: reader.user_id,
        reason: status === 'rejected' ? reason : null,
      });
      if (!outcome.ok) {
        const code = outcome.reason === 'not_required' ? 'records_not_required' : 'records_not_waiting';
        throw new DomainError(code, {
          status: 409,
          message: english(`api.${code}`),
          info: outcome.status ? { records_status: outcome.status } : undefined,
        });
      }
      await deps.audit?.record(
        reader,
        `records.${command.act}`,
        { type: 'video', id: command.videoId },
        status === 'rejected' ? { reason } : {},
      );
      return { status: 'success', video_id: command.videoId, records_status: status };
    },

    /**
     * The approval gate (moderation and the console's status change): a video whose records are
     * required may be listed only once they are checked.
     */
    async assertApprovable(videoId: number): Promise<void> {
      const status = await repository.status(videoId);
      if (status !== null && status !== 'checked') throw recordsNotChecked(status);
    },

    /**
     * The inspection export (docs/decisions.md): one self-contained HTML file with the video, every
     * performer's signed consent and decrypted ID image (inline), readers only, audited.
     */
    async exportHtml(user: CurrentUser | null, videoId: number): Promise<{ fileName: string; html: string }> {
      const reader = await requireReader(user);
      const video = await repository.video(videoId);
      if (!video) throw videoNotFound();
      const row = await repository.records(videoId);
      if (!row) {
        throw new DomainError('records_not_required', {
          status: 404,
          message: english('api.records_not_required'),
        });
      }
      const performers = await repository.performers(videoId);
      const entries: { row: PerformerRow; consent: Consent; image: Buffer }[] = [];
      for (const p of performers) {
        entries.push({ row: p, consent: await consentOf(p), image: await open(p.id_image_key) });
      }
      await deps.audit?.record(
        reader,
        'records.export',
        { type: 'video', id: videoId },
        { performers: performers.length },
      );
      return {
        fileName: `records-video-${videoId}.html`,
        html: recordsHtml({ video, row, entries, exportedBy: reader.username, at: now() }),
      };
    },

    async custodians(user: CurrentUser | null): Promise<CustodianList> {
      requireAdministratorOnly(user);
      const rows = await repository.custodians();
      return {
        custodians: rows.map((r) => ({ user_id: Number(r.user_id), username: r.username, role: r.role })),
      };
    },

    async setCustodian(user: CurrentUser | null, userId: number, on: boolean): Promise<CustodianList> {
      requireAdministratorOnly(user);
      if (!(await repository.setCustodian(userId, on))) {
        throw new DomainError('invalid', {
          status: 400,
          message: english('api.custodian_not_staff'),
          codes: [{ field: 'user_id', code: 'invalid' }],
        });
      }
      await deps.audit?.record(user!, on ? 'records.custodian_add' : 'records.custodian_remove', {
        type: 'user',
        id: userId,
      });
      const rows = await repository.custodians();
      return {
        custodians: rows.map((r) => ({ user_id: Number(r.user_id), username: r.username, role: r.role })),
      };
    },
  };
}

function requireAdministratorOnly(user: CurrentUser | null): asserts user is CurrentUser {
  requireModerator(user);
  if (user.role !== 'administrator') throw forbidden();
}

const recordsChecked = () =>
  new DomainError('records_already_checked', {
    status: 409,
    message: english('api.records_already_checked'),
  });

export type RecordsService = ReturnType<typeof createRecordsService>;
