// Profile editing's sections, limits, codes and field rules without zod: the edit page checks the same
// before sending (a member page, a public first load); importing profile.ts would bring its schemas,
// and zod, there. profile.ts re-exports all of it.
import { PASSWORD_MAX } from './accounts-values.ts';
import type { FieldError } from './errors.ts';
import { MEMBER_GENDERS, ORIENTATIONS, RELATIONSHIPS } from './members-values.ts';

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

/** The profile section's fields as the form sends them (profile.ts profileFieldsSchema). */
export interface ProfileFields {
  gender?: string;
  relationship?: string;
  orientation?: string;
  birth_date?: string;
  country?: string;
  education?: string;
  website?: string;
  about_me?: string;
}

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
