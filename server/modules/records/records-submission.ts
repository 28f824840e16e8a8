// A performer records submission checked (issue 31): the form's fields by the contract's rules, the
// models it names, each identity document image re-encoded (photo.ts); then each performer's consent as it
// is sealed. The service (records.service.ts) stores what passes.
import {
  ageOn,
  CONSENT_STATEMENT,
  CONSENT_VERSION,
  type Consent,
  ID_IMAGE_MAX_BYTES,
  type PerformerFields,
  performerField,
  recordsFieldErrors,
} from '../../../contract/records.ts';
import { DomainError, type FieldError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { normalizePhoto } from '../age-verification/photo.ts';
import type { RecordsSubmission } from './records.service.ts';

/**
 * The submission's problems as one 400 (413 when every one is a file too large), or its named models
 * (id → title) and re-encoded images (one per performer).
 */
export async function checkSubmission(
  input: RecordsSubmission,
  existingModels: (ids: number[]) => Promise<Map<number, string>>,
  now: Date,
): Promise<{ models: Map<number, string>; images: (Buffer | null)[] }> {
  const codes = recordsFieldErrors(
    { recorded_on: input.recordedOn, performers: input.performers },
    (i) => {
      const image = input.performers[i]?.idImage;
      return image === 'too_large' || (!!image && image.length > 0);
    },
    now,
  );
  const modelIds = input.performers
    .map((p) => Number((p.model_id ?? '').trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const models = await existingModels(modelIds);
  input.performers.forEach((p, i) => {
    const id = (p.model_id ?? '').trim();
    if (id && /^[1-9]\d{0,14}$/.test(id) && !models.has(Number(id)))
      codes.push({ field: performerField(i, 'model_id'), code: 'invalid' });
  });
  const checked = await normalizeIdImages(
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
  return { models, images: checked.images };
}

/** One performer's consent as signed on the form (stored sealed, shown to those who may read records). */
export function signedConsent(
  p: PerformerFields,
  stageName: string,
  input: Pick<RecordsSubmission, 'recordedOn' | 'language'>,
  signedAt: string,
): Consent {
  return {
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
}

/** Each image checked and re-encoded (photo.ts); its problem named on its performer's field. */
export async function normalizeIdImages(images: (Buffer | 'too_large' | null)[]) {
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
