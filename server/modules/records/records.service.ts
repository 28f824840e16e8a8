// Performer records (issue 31; 18 U.S.C. 2257 and the card networks' rules). When UPLOAD_RECORDS is
// `required`, a member's upload gets a records row (the upload repositories make it with the video)
// and waits in moderation until an administrator or a custodian has checked its records: per
// performer, an identity document image and a signed consent, both sealed in storage with the
// age-verification cipher (photo-cipher.ts) under `records/`, which /media never serves. Moderators see
// that records exist, their status and the stage names; only administrators and custodians open the
// consents and images, each opening audited. No HTTP, no SQL.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  ageOn,
  CONSENT_STATEMENT,
  CONSENT_VERSION,
  type Consent,
  type CustodianList,
  ID_IMAGE_MAX_BYTES,
  type PerformerFields,
  type PerformerView,
  performerField,
  RECORDS_IMAGE_PATH,
  RECORDS_MODELS_MAX,
  type RecordsDecisionCommand,
  type RecordsDecisionResult,
  type RecordsModels,
  type RecordsOwn,
  type RecordsSent,
  type RecordsView,
  recordsFieldErrors,
} from '../../../contract/records.ts';
import { DomainError, type FieldError, forbidden } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { isStaff, requireMember, requireModerator } from '../access.ts';
import { normalizePhoto } from '../age-verification/photo.ts';
import type { PhotoCipher } from '../age-verification/photo-cipher.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { NewPerformer, PerformerRow, RecordsRepository } from './records.repository.ts';

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

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

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

  const seal = async (key: string, plain: Buffer) => {
    await storage.putStream(key, Readable.from([cipher.seal(plain, key)]), {
      contentType: 'application/octet-stream',
    });
  };
  const open = async (key: string) => cipher.open(await readAll(await storage.get(key)), key);
  const drop = async (keys: string[]) => {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        deps.warn?.('performer record not deleted', { key, error: String(error) });
      }
    }
  };

  async function consentOf(row: PerformerRow): Promise<Consent> {
    return JSON.parse((await open(row.consent_key)).toString('utf8')) as Consent;
  }

  /** Each image checked and re-encoded (photo.ts); its problem named on its performer's field. */
  async function normalizeImages(images: (Buffer | 'too_large' | null)[]) {
    const codes: FieldError[] = [];
    const out: (Buffer | null)[] = [];
    for (const [i, image] of images.entries()) {
      if (!image) {
        out.push(null);
        continue;
      }
      if (image === 'too_large' || image.length > ID_IMAGE_MAX_BYTES) {
        codes.push({ field: performerField(i, 'id_image'), code: 'file_too_large' });
        out.push(null);
        continue;
      }
      try {
        out.push(await normalizePhoto(image));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        codes.push({ field: performerField(i, 'id_image'), code: error.code });
        out.push(null);
      }
    }
    return { codes, images: out };
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

      const codes = recordsFieldErrors(
        { recorded_on: input.recordedOn, performers: input.performers },
        (i) => {
          const image = input.performers[i]?.idImage;
          return image === 'too_large' || (!!image && image.length > 0);
        },
        now(),
      );
      const modelIds = input.performers
        .map((p) => Number((p.model_id ?? '').trim()))
        .filter((id) => Number.isSafeInteger(id) && id > 0);
      const models = await repository.existingModels(modelIds);
      input.performers.forEach((p, i) => {
        const id = (p.model_id ?? '').trim();
        if (id && /^[1-9]\d{0,14}$/.test(id) && !models.has(Number(id)))
          codes.push({ field: performerField(i, 'model_id'), code: 'invalid' });
      });
      const checked = await normalizeImages(
        input.performers.map((p, i) =>
          codes.some((c) => c.field === performerField(i, 'id_image')) ? null : p.idImage,
        ),
      );
      codes.push(...checked.codes);
      if (codes.length > 0) {
        const tooLarge = codes.every((c) => c.code === 'file_too_large');
        throw new DomainError(codes[0]!.code, {
          status: tooLarge ? 413 : 400,
          message: english('api.records_invalid'),
          codes,
        });
      }

      const signedAt = now().toISOString();
      const batch = randomBytes(8).toString('hex');
      const stored: string[] = [];
      const rows: NewPerformer[] = [];
      try {
        for (const [i, p] of input.performers.entries()) {
          const modelId = p.model_id?.trim() ? Number(p.model_id.trim()) : null;
          const stageName = p.stage_name?.trim() || (modelId !== null ? (models.get(modelId) ?? '') : '');
          const base = `${RECORDS_PREFIX}${input.videoId}/${batch}-${i}`;
          const consent: Consent = {
            version: CONSENT_VERSION,
            statement: CONSENT_STATEMENT,
            legal_name: p.legal_name!.trim(),
            stage_name: stageName,
            birth_date: p.birth_date!.trim(),
            recorded_on: input.recordedOn.trim(),
            age_at_recording: ageOn(p.birth_date!.trim(), input.recordedOn.trim()) ?? 0,
            signature: p.signature!.trim(),
            signed_at: signedAt,
            language: input.language,
          };
          const imageKey = `${base}-id.bin`;
          const consentKey = `${base}-consent.bin`;
          await seal(imageKey, checked.images[i] as Buffer);
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The export's page: English (an inspector's copy), printable, no outside resource. */
export function recordsHtml(input: {
  video: { id: number; title: string; user_id: number | null; username: string | null };
  row: {
    status: string;
    recorded_on: string | null;
    checked_at: Date | null;
    checked_by_name: string | null;
  };
  entries: { row: PerformerRow; consent: Consent; image: Buffer }[];
  exportedBy: string;
  at: Date;
}): string {
  const e = escapeHtml;
  const data = {
    video_id: input.video.id,
    title: input.video.title,
    uploader: input.video.username,
    records_status: input.row.status,
    recorded_on: input.row.recorded_on,
    checked_at: input.row.checked_at ? new Date(input.row.checked_at).toISOString() : null,
    checked_by: input.row.checked_by_name,
    exported_at: input.at.toISOString(),
    exported_by: input.exportedBy,
    performers: input.entries.map(({ row, consent }) => ({
      performer_id: row.id,
      model_id: row.model_id,
      ...consent,
    })),
  };
  const performers = input.entries
    .map(
      ({ row, consent, image }) => `<section class="performer">
<h2>${e(consent.stage_name)} — ${e(consent.legal_name)}</h2>
<dl>
<dt>Legal name</dt><dd>${e(consent.legal_name)}</dd>
<dt>Stage name</dt><dd>${e(consent.stage_name)}${row.model_title ? ` (model: ${e(row.model_title)})` : ''}</dd>
<dt>Date of birth</dt><dd>${e(consent.birth_date)}</dd>
<dt>Recording date</dt><dd>${e(consent.recorded_on)} (age ${consent.age_at_recording})</dd>
<dt>Statement (version ${consent.version})</dt><dd>${e(consent.statement)}</dd>
<dt>Signature</dt><dd>${e(consent.signature)}</dd>
<dt>Signed at</dt><dd>${e(consent.signed_at)} (form language: ${e(consent.language)})</dd>
</dl>
<figure><img alt="Identity document of ${e(consent.legal_name)}" src="data:image/jpeg;base64,${image.toString('base64')}"><figcaption>Identity document</figcaption></figure>
</section>`,
    )
    .join('\n');
  // The JSON inside a script element: `<` escaped, so no text in it can close the element.
  const json = JSON.stringify(data, null, 2).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Performer records — video ${input.video.id}</title>
<style>body{font:14px/1.5 sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}dt{font-weight:bold}dd{margin:0 0 .5rem}img{max-width:100%;border:1px solid #999}.performer{border-top:2px solid #333;margin-top:2rem;page-break-inside:avoid}</style>
</head><body>
<h1>Performer records (18 U.S.C. 2257) — video ${input.video.id}</h1>
<dl>
<dt>Title</dt><dd>${e(input.video.title)}</dd>
<dt>Uploader</dt><dd>${e(input.video.username ?? '—')}${input.video.user_id !== null ? ` (#${input.video.user_id})` : ''}</dd>
<dt>Records status</dt><dd>${e(input.row.status)}${input.row.checked_by_name ? ` by ${e(input.row.checked_by_name)}` : ''}${data.checked_at ? ` at ${e(data.checked_at)}` : ''}</dd>
<dt>Exported</dt><dd>${e(data.exported_at)} by ${e(input.exportedBy)}</dd>
</dl>
${performers}
<script type="application/json" id="records">${json}</script>
</body></html>
`;
}
