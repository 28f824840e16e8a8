// Editing one's own profile (issue 14; content.md §3, §5, §7, §8): POST /api/member.php, by `section`.
// There is no user id in the call: a member only ever changes their own account. The field rules and
// their codes live here (one source for the server, the edit page and the tests); the service applies
// them (server/modules/members/profile.service.ts).
import { z } from 'zod';
import { MEMBER_GENDERS, ORIENTATIONS, RELATIONSHIPS } from './members.ts';
import {
  ABOUT_ME_MAX,
  EDUCATION_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_RULES,
  type ImageSection,
  MIN_AGE,
  PROFILE_SECTIONS,
  type ProfileFields,
  WEBSITE_MAX,
} from './profile-values.ts';

// Sections, limits, codes and the field rules are zod-free in profile-values.ts (the edit page imports
// that); re-exported here for the server and the tests.
export * from './profile-values.ts';

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
}) satisfies z.ZodType<ProfileFields>;

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
