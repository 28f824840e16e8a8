// Editing one's own profile (issue 14; content.md §3, §5, §7, §8): POST /api/member.php, by `section`.
// There is no user id in the call: a member only ever changes their own account. The field rules and
// their codes live here (one source for the server, the edit page and the tests); the service applies
// them (server/modules/members/profile.service.ts).
import { z } from 'zod';
import { PASSWORD_MAX } from './accounts.ts';
import type { FieldError } from './errors.ts';
import { MEMBER_GENDERS, ORIENTATIONS, RELATIONSHIPS } from './members.ts';

export const PROFILE_PATH = '/api/member.php';
/** The link of the e-mail change mail: sets the new address, then goes to the edit page. */
export const EMAIL_CONFIRM_PATH = '/api/confirm_email.php';

export const PROFILE_SECTIONS = [
  'profile',
  'avatar',
  'cover',
  'email',
  'password',
  'delete',
  'clear_history',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

// --- Limits -----------------------------------------------------------------------------------------

export const EDUCATION_MAX = 100;
export const WEBSITE_MAX = 255;
export const ABOUT_ME_MAX = 1000;
/** Members are adults: a birth date that makes someone younger is `too_young`. */
export const MIN_AGE = 18;
/** Nobody is older than this: a birth date before it is `invalid_date` (a typo, not a person). */
export const MAX_AGE = 120;

/** One image per call; larger is 413 `file_too_large` on its field. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Read by content (sharp), whatever the file is called: anything else is `file_type`. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;
/** Decoding stops past this many pixels (a small file can declare a huge image). */
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * What each image section takes and stores: the smallest image accepted (content.md §5 "Image upload
 * at least 1250x250" for the cover; an avatar of at least 100x100, decisions.md) and the stored size
 * (WebP, cropped to fill).
 */
export const IMAGE_RULES = {
  avatar: { minWidth: 100, minHeight: 100, width: 256, height: 256 },
  cover: { minWidth: 1250, minHeight: 250, width: 1250, height: 250 },
} as const;
export type ImageSection = keyof typeof IMAGE_RULES;

/** How long the e-mail change link works. */
export const EMAIL_CHANGE_HOURS = 48;

// --- Codes and messages (content.md §8) -------------------------------------------------------------

export const PROFILE_CODES = {
  required: 'required',
  maxLength: 'max_length',
  /** A coded select (gender, relationship, orientation) outside its meanings. */
  invalid: 'invalid',
  invalidDate: 'invalid_date',
  tooYoung: 'too_young',
  invalidCountry: 'invalid_country',
  invalidUrl: 'invalid_url',
  invalidEmail: 'invalid_email',
  /** The signup's code for an address another account has. */
  exists: 'exists',
  /** The new address is the current one. */
  sameEmail: 'same_email',
  /** The current password is wrong ('Invalid password'). */
  invalidPassword: 'invalid_password',
  minLength: 'min_length',
  fileType: 'file_type',
  fileTooLarge: 'file_too_large',
  imageTooSmall: 'image_too_small',
  /** 'Failed to load image!': the file is not an image sharp can read. */
  imageLoad: 'image_load_failed',
  /** 'Error resizing image': sharp read the header but failed on the pixels (a truncated file). */
  imageResize: 'image_resize_failed',
} as const;

export const PROFILE_MESSAGES = {
  invalidPassword: 'Invalid password',
  imageLoad: 'Failed to load image!',
  imageResize: 'Error resizing image',
  imageTooSmall: 'Image upload at least {width}x{height}',
} as const;

// --- Fields -----------------------------------------------------------------------------------------

const text = z.string().optional();
const coded = (meanings: Record<number, string>) =>
  text.describe(
    `'' clears; ${Object.entries(meanings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}: \`invalid\` otherwise.`,
  );
const image = (section: ImageSection) =>
  z
    .instanceof(Uint8Array)
    .optional()
    .catch(undefined)
    .meta({
      type: 'string',
      format: 'binary',
      description: `Section ${section}: JPEG, PNG, WebP or GIF (read by content), at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB, at least ${IMAGE_RULES[section].minWidth}x${IMAGE_RULES[section].minHeight}; stored ${IMAGE_RULES[section].width}x${IMAGE_RULES[section].height}. Codes on \`${section}\`: \`required\`, \`file_type\`, \`file_too_large\` (413), \`image_too_small\`, \`image_load_failed\` ('Failed to load image!'), \`image_resize_failed\` ('Error resizing image').`,
    });

/** The profile section's fields: a field not sent stays as it is, '' clears it. */
export const profileFieldsSchema = z.object({
  gender: coded(MEMBER_GENDERS),
  relationship: coded(RELATIONSHIPS),
  orientation: coded(ORIENTATIONS),
  birth_date: text.describe(
    `YYYY-MM-DD, or '' to clear: \`invalid_date\`, \`too_young\` (under ${MIN_AGE}).`,
  ),
  country: text.describe("ISO 3166 alpha-2 (any case), or '': `invalid_country`."),
  education: text.describe(`At most ${EDUCATION_MAX} characters: \`max_length\`.`),
  website: text.describe(
    `An http(s) address or a bare domain, at most ${WEBSITE_MAX} characters: \`invalid_url\`, \`max_length\`.`,
  ),
  about_me: text.describe(`Plain text, at most ${ABOUT_ME_MAX} characters: \`max_length\`.`),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** The e-mail section: the new address and the current password. */
export const emailSectionSchema = z.object({
  email: text.describe('The new address: `required`, `invalid_email`, `exists`, `same_email`.'),
  password: text.describe('The current password: `required`, `invalid_password`.'),
});
/** The password section: the current one and the new one (the signup's rules). */
export const passwordSectionSchema = z.object({
  password: text.describe(
    'The current password (not asked of an account that has none yet): `required`, `invalid_password`.',
  ),
  new_password: text.describe('`required`, `min_length` (5), `max_length`.'),
});

/** Every field of every section: the call is one form (multipart, or form-encoded without images). */
export const profileCallSchema = z.object({
  section: z
    .enum(PROFILE_SECTIONS, { error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
    .describe(
      'profile: the fields; avatar, cover: one image (`remove=1` removes it); email: a confirmation link goes to the new address; password: other sessions end; delete: the account (password); clear_history: the server history.',
    ),
  ...profileFieldsSchema.shape,
  ...emailSectionSchema.shape,
  ...passwordSectionSchema.shape,
  remove: text.describe('Sections avatar and cover: `1` removes the image instead.'),
  avatar: image('avatar'),
  cover: image('cover'),
});
export type ProfileCall = z.infer<typeof profileCallSchema>;

export const profileAnswerSchema = z
  .object({
    ok: z.literal(true),
    section: z.enum(PROFILE_SECTIONS),
    /** Sections avatar and cover: the stored image's /media/ URL (null after a removal). */
    url: z.string().nullable().optional(),
    /** Section email: the address the confirmation link was sent to. */
    pending_email: z.string().optional(),
  })
  .meta({ id: 'ProfileSaved' });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** What the edit page shows its owner beside the profile: the address, a pending change, a password. */
export interface ProfileEditView {
  email: string;
  pending_email: string | null;
  /** false for an account made by Google sign-in that has set no password yet. */
  has_password: boolean;
}

export const emailConfirmQuery = z.object({
  token: z.string().max(200).optional().catch(undefined).describe('The token of the mailed link.'),
});

// --- Rules (pure: the edit page checks the same before sending) -------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Region codes ICU names that are no country: groupings, pseudo-locales, the unknown region. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
let countryCodes: string[] | undefined;

/**
 * The countries the select offers, ISO 3166 alpha-2 upper case: the code base has no country table, so
 * it is the regions ICU (Intl.DisplayNames, in Node and in browsers) can name, without groupings and
 * without codes replaced by others (UK → GB, YU, SU…).
 */
export function countryList(): string[] {
  if (countryCodes) return countryCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a < 91; a++) {
    for (let b = 65; b < 91; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || !names.of(code)) continue;
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      codes.push(code);
    }
  }
  countryCodes = codes;
  return codes;
}

export const isCountryCode = (value: string) => countryList().includes(value.toUpperCase());
const DOMAIN = /^([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?(\/\S*)?$/i;

/** The calendar date of YYYY-MM-DD, or null when it is not one (2026-02-30). */
export function parseDate(value: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Whole years from a birth date to `today` (UTC). */
export function yearsSince(birth: { y: number; m: number; d: number }, today: Date): number {
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  return today.getUTCFullYear() - birth.y - (m < birth.m || (m === birth.m && d < birth.d) ? 1 : 0);
}

/** An address members type (with or without a scheme) as stored: http(s) only. */
export function websiteError(value: string): string | null {
  if (value.length > WEBSITE_MAX) return PROFILE_CODES.maxLength;
  if (/^https?:\/\//i.test(value)) return URL.canParse(value) ? null : PROFILE_CODES.invalidUrl;
  return DOMAIN.test(value) ? null : PROFILE_CODES.invalidUrl;
}

const codeIn = (meanings: Record<number, string>, value: string) => /^\d$/.test(value) && value in meanings;

/** The profile section's field errors, every field at once. */
export function profileFieldErrors(input: ProfileFields, today = new Date()): FieldError[] {
  const errors: FieldError[] = [];
  const check = (field: keyof ProfileFields, code: string | null) => {
    if (code) errors.push({ field, code });
  };
  const value = (field: keyof ProfileFields) => input[field]?.trim() ?? '';
  for (const [field, meanings] of [
    ['gender', MEMBER_GENDERS],
    ['relationship', RELATIONSHIPS],
    ['orientation', ORIENTATIONS],
  ] as const) {
    const v = value(field);
    check(field, v === '' || codeIn(meanings, v) ? null : PROFILE_CODES.invalid);
  }
  const birth = value('birth_date');
  if (birth) {
    const date = parseDate(birth);
    const age = date ? yearsSince(date, today) : -1;
    check(
      'birth_date',
      !date || age > MAX_AGE || age < 0
        ? PROFILE_CODES.invalidDate
        : age < MIN_AGE
          ? PROFILE_CODES.tooYoung
          : null,
    );
  }
  const country = value('country');
  check('country', country === '' || isCountryCode(country) ? null : PROFILE_CODES.invalidCountry);
  check('education', value('education').length > EDUCATION_MAX ? PROFILE_CODES.maxLength : null);
  const website = value('website');
  check('website', website ? websiteError(website) : null);
  check('about_me', value('about_me').length > ABOUT_ME_MAX ? PROFILE_CODES.maxLength : null);
  return errors;
}

/** The `{length}` of a max_length code, for the form's message. */
export const PROFILE_MAX_LENGTHS: Record<string, number> = {
  education: EDUCATION_MAX,
  website: WEBSITE_MAX,
  about_me: ABOUT_ME_MAX,
  new_password: PASSWORD_MAX,
};
