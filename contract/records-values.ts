// Performer records (issue 31; 18 U.S.C. 2257 and the card networks' rules) without zod: paths, limits,
// the consent statement and the form's checks, shared by the server, the upload page's records step and
// the console's records panel (the browser checks the same rules before anything is sent).
import type { FieldError } from './errors.ts';

/** The uploader's call: POST (multipart) sends the records of one of their videos. */
export const RECORDS_PATH = '/api/video_records.php';
/** Staff: GET ?video_id= the records of a video; POST act=check|reject decides them. */
export const RECORDS_ADMIN_PATH = '/api/admin/video_records.php';
/** Administrators and custodians: one performer's ID image, decrypted (?performer_id=). */
export const RECORDS_IMAGE_PATH = '/api/admin/video_records_image.php';
/** Administrators and custodians: a video's records as one self-contained HTML file (?video_id=). */
export const RECORDS_EXPORT_PATH = '/api/admin/video_records_export.php';
/** Administrators: GET the custodians; POST user_id, custodian=1|0 names or removes one. */
export const RECORDS_CUSTODIAN_PATH = '/api/admin/records_custodian.php';
/** Members: GET ?q= the catalogue's models whose name matches, for the records form's performer picker. */
export const RECORDS_MODELS_PATH = '/api/video_records_models.php';
/** The picker asks from this many typed characters; it answers at most RECORDS_MODELS_MAX models. */
export const RECORDS_MODELS_MIN_CHARS = 2;
export const RECORDS_MODELS_MAX = 10;

export const RECORDS_STATUSES = ['pending', 'checked', 'rejected'] as const;
export type RecordsStatus = (typeof RECORDS_STATUSES)[number];

export const RECORDS_DECISIONS = ['check', 'reject'] as const;
export type RecordsDecision = (typeof RECORDS_DECISIONS)[number];

export const PERFORMERS_MAX = 6;
export const PERFORMER_NAME_MAX = 120;
export const RECORDS_REASON_MAX = 500;
/** One ID image: JPEG, PNG or WebP, at most 10 MB (the age-verification photo's rules). */
export const ID_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ID_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const ADULT_AGE = 18;

/**
 * The statement each performer signs (version 1), stored with the consent in English as signed; the
 * form shows it in the page's language too (upload.records.statement).
 */
export const CONSENT_VERSION = 1;
export const CONSENT_STATEMENT =
  'I am the person named above. I was at least 18 years old on the recording date. I appear in this video of my own free will, I consented to its recording and I consent to its publication on this site. The identity document I provide is mine and genuine.';

/** One performer as the form holds it (strings as typed; the image apart). */
export interface PerformerFields {
  model_id?: string;
  stage_name?: string;
  legal_name?: string;
  birth_date?: string;
  consent?: string;
  signature?: string;
}

/** The field of performer `index`, as the error codes name it: `performers[0][legal_name]`. */
export const performerField = (index: number, name: string) => `performers[${index}][${name}]`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseDay(value: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Whole years between two YYYY-MM-DD days (birthday counted on the day itself). */
export function ageOn(birth: string, day: string): number | null {
  const b = parseDay(birth);
  const t = parseDay(day);
  if (!b || !t) return null;
  let age = t.y - b.y;
  if (t.m < b.m || (t.m === b.m && t.d < b.d)) age -= 1;
  return age;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The records form's checks apart from the images' content: the same codes in the same order in the
 * browser and on the server. `hasImage(i)` says whether performer i came with an image.
 */
export function recordsFieldErrors(
  input: { recorded_on?: string; performers: PerformerFields[] },
  hasImage: (index: number) => boolean,
  now = new Date(),
): FieldError[] {
  const codes: FieldError[] = [];
  const recordedOn = (input.recorded_on ?? '').trim();
  const recordedDay = parseDay(recordedOn);
  if (!recordedOn) codes.push({ field: 'recorded_on', code: 'required' });
  else if (!recordedDay || recordedOn > today(now)) codes.push({ field: 'recorded_on', code: 'invalid' });
  if (input.performers.length === 0) codes.push({ field: 'performers', code: 'required' });
  else if (input.performers.length > PERFORMERS_MAX) codes.push({ field: 'performers', code: 'max_count' });
  input.performers.slice(0, PERFORMERS_MAX).forEach((p, i) => {
    const f = (name: string) => performerField(i, name);
    const modelId = (p.model_id ?? '').trim();
    const stage = (p.stage_name ?? '').trim();
    const legal = (p.legal_name ?? '').trim();
    const birth = (p.birth_date ?? '').trim();
    const signature = (p.signature ?? '').trim();
    if (modelId && !/^[1-9]\d{0,14}$/.test(modelId)) codes.push({ field: f('model_id'), code: 'invalid' });
    if (!stage && !modelId) codes.push({ field: f('stage_name'), code: 'required' });
    else if (stage.length > PERFORMER_NAME_MAX) codes.push({ field: f('stage_name'), code: 'max_length' });
    if (!legal) codes.push({ field: f('legal_name'), code: 'required' });
    else if (legal.length > PERFORMER_NAME_MAX) codes.push({ field: f('legal_name'), code: 'max_length' });
    if (!birth) codes.push({ field: f('birth_date'), code: 'required' });
    else if (!parseDay(birth) || birth > today(now)) codes.push({ field: f('birth_date'), code: 'invalid' });
    else if (recordedDay) {
      const age = ageOn(birth, recordedOn);
      if (age !== null && age < ADULT_AGE) codes.push({ field: f('birth_date'), code: 'under_18' });
    }
    if (!hasImage(i)) codes.push({ field: f('id_image'), code: 'required' });
    if (p.consent !== '1') codes.push({ field: f('consent'), code: 'not_signed' });
    if (!signature) codes.push({ field: f('signature'), code: 'not_signed' });
    else if (legal && signature.toLocaleLowerCase() !== legal.toLocaleLowerCase())
      codes.push({ field: f('signature'), code: 'signature_mismatch' });
  });
  return codes;
}
