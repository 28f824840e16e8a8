// Site settings kept in the database (issue 17): GET/POST /api/admin/settings.php and the
// /admin/settings/ page. Each setting has a key, a section of the page, a kind (how the page edits it)
// and a zod schema whose messages are the field codes of a 400. The server layers the stored values
// over the environment's (server/modules/settings/); shared by the server, the page and the tests.
import { z } from 'zod';
import { SEARCH_TERMS_Q_MAX } from './admin-search-terms.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './catalog.ts';

export const ADMIN_SETTINGS_PATH = '/api/admin/settings.php';

export const SETTING_SECTIONS = [
  'general',
  'languages',
  'age_gate',
  'links',
  'operator',
  'analytics',
  'captcha',
  'mail',
  'uploads',
  'rate_limits',
  'transcoding',
  'search',
] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];

/** How the page edits a value: a line, a number, a URL, an address, lines, one of, several of, a secret. */
export const SETTING_KINDS = ['text', 'number', 'url', 'email', 'list', 'choice', 'flags', 'secret'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

/** The MP4 ladder's rungs (server/media/ladder.ts LADDER_HEIGHTS), by their short side. */
export const TRANSCODE_HEIGHTS = ['240', '360', '480', '720', '1080'] as const;
export const CAPTCHA_CHOICES = ['none', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
/** content.md §5: "Maximum 10GB". */
export const UPLOAD_MAX_BYTES_CAP = 10 * 1024 ** 3;
/** shell.md §1: the footer lists up to 15 network sites. */
export const NETWORK_SITES_MAX = 15;

/** A setting's value as stored and sent: a line, a number, lines, or nothing (unset). */
export const settingValueSchema = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(500)).max(300),
  z.null(),
]);
export type SettingValue = z.infer<typeof settingValueSchema>;

// Field codes (the messages below): required, too_long, invalid, invalid_url, invalid_email,
// too_small, too_large, too_many, must_include_default, unknown_option.
const trimmed = z.string({ error: 'invalid' }).trim();
const blankIsNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const line = (max: number) => trimmed.min(1, 'required').max(max, 'too_long');
const optionalLine = (max: number) => z.preprocess(blankIsNull, line(max).nullable());
const httpUrl = (protocols: string[]) =>
  trimmed
    .max(2000, 'too_long')
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), 'invalid_url');
const optionalUrl = (protocols = ['http:', 'https:']) =>
  z.preprocess(blankIsNull, httpUrl(protocols).nullable());
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const email = trimmed.max(254, 'too_long').regex(EMAIL, 'invalid_email');
const integer = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'invalid' }).int('invalid').min(min, 'too_small').max(max, 'too_large'),
  );
const subsetOf = (options: readonly string[]) =>
  z
    .array(z.string({ error: 'invalid' }), { error: 'invalid' })
    .refine((values) => values.every((v) => options.includes(v)), 'unknown_option')
    .transform((values) => options.filter((o) => values.includes(o)));

/** Network sites: `Name|https://…` lines, at most 15. */
export function parseSiteLine(value: string): { name: string; url: string } | null {
  const [name, url, ...rest] = value.split('|').map((s) => s.trim());
  if (rest.length || !name || name.length > 100 || !url || !URL.canParse(url)) return null;
  return /^https?:$/.test(new URL(url).protocol) ? { name, url } : null;
}

interface SettingSpec {
  section: SettingSection;
  kind: SettingKind;
  schema: z.ZodType;
  options?: readonly string[];
  /** Read once at boot by the part that uses it: a change shows after a restart. */
  restart?: boolean;
}

export const SETTING_SPECS = {
  site_name: { section: 'general', kind: 'text', schema: line(60) },
  languages: {
    section: 'languages',
    kind: 'flags',
    options: LANGUAGES,
    schema: subsetOf(LANGUAGES).refine((v) => v.includes(DEFAULT_LANGUAGE), 'must_include_default'),
  },
  age_gate_countries: {
    section: 'age_gate',
    kind: 'list',
    schema: z
      .array(trimmed.toLowerCase(), { error: 'invalid' })
      .max(250, 'too_many')
      .refine((v) => v.every((c) => /^[a-z]{2}$/.test(c)), 'invalid')
      .transform((v) => [...new Set(v)]),
  },
  link_tv_app: { section: 'links', kind: 'url', schema: optionalUrl() },
  link_partner: { section: 'links', kind: 'url', schema: optionalUrl() },
  link_live_cam: { section: 'links', kind: 'url', schema: optionalUrl() },
  link_rta: { section: 'links', kind: 'url', schema: optionalUrl() },
  network_sites: {
    section: 'links',
    kind: 'list',
    schema: z
      .array(trimmed, { error: 'invalid' })
      .transform((v) => v.filter(Boolean))
      .refine((v) => v.length <= NETWORK_SITES_MAX, 'too_many')
      .refine((v) => v.every((s) => parseSiteLine(s) !== null), 'invalid'),
  },
  download_channel: { section: 'links', kind: 'url', schema: optionalUrl(['https:']) },
  download_bot: { section: 'links', kind: 'url', schema: optionalUrl(['https:']) },
  extension_store: { section: 'links', kind: 'url', schema: optionalUrl(['https:']) },
  operator_name: { section: 'operator', kind: 'text', schema: line(200) },
  operator_address: { section: 'operator', kind: 'text', schema: optionalLine(500) },
  dmca_agent_name: { section: 'operator', kind: 'text', schema: line(200) },
  dmca_agent_email: {
    section: 'operator',
    kind: 'email',
    schema: z.preprocess(blankIsNull, email.nullable()),
  },
  custodian_of_records: { section: 'operator', kind: 'text', schema: optionalLine(500) },
  analytics_script_url: { section: 'analytics', kind: 'url', schema: optionalUrl(['https:']) },
  captcha_provider: {
    section: 'captcha',
    kind: 'choice',
    options: CAPTCHA_CHOICES,
    schema: z.enum(CAPTCHA_CHOICES, { error: 'unknown_option' }),
  },
  captcha_site_key: { section: 'captcha', kind: 'text', schema: optionalLine(200) },
  captcha_secret: { section: 'captcha', kind: 'secret', schema: optionalLine(500) },
  mail_from: { section: 'mail', kind: 'email', schema: email },
  smtp_url: { section: 'mail', kind: 'secret', schema: optionalUrl(['smtp:', 'smtps:']) },
  upload_max_bytes: { section: 'uploads', kind: 'number', schema: integer(1, UPLOAD_MAX_BYTES_CAP) },
  upload_max_open: { section: 'uploads', kind: 'number', schema: integer(1, 1000) },
  upload_max_open_bytes: { section: 'uploads', kind: 'number', schema: integer(1, 100 * 1024 ** 4) },
  comments_per_member: { section: 'rate_limits', kind: 'number', schema: integer(1, 10_000) },
  comments_per_ip: { section: 'rate_limits', kind: 'number', schema: integer(1, 10_000) },
  comments_window_seconds: {
    section: 'rate_limits',
    kind: 'number',
    schema: integer(1, 86_400),
  },
  writes_per_minute: { section: 'rate_limits', kind: 'number', schema: integer(0, 100_000), restart: true },
  transcode_renditions: {
    section: 'transcoding',
    kind: 'flags',
    options: TRANSCODE_HEIGHTS,
    schema: subsetOf(TRANSCODE_HEIGHTS).refine((v) => v.length > 0, 'required'),
  },
  // Search terms offered to everyone (contract/admin-search-terms.ts): distinct visitors a term needs,
  // and the words (or phrases, one a line, any case) that keep a term from being offered.
  search_suggestion_threshold: { section: 'search', kind: 'number', schema: integer(1, 1000) },
  search_blocked_words: {
    section: 'search',
    kind: 'list',
    schema: z
      .array(trimmed.toLowerCase().max(SEARCH_TERMS_Q_MAX, 'too_long'), { error: 'invalid' })
      .transform((v) => [...new Set(v.map((w) => w.replace(/\s+/g, ' ')).filter(Boolean))])
      .refine((v) => v.length <= 300, 'too_many'),
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTING_SPECS;
export const SETTING_KEYS = Object.keys(SETTING_SPECS) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_SPECS, key);

export const settingViewSchema = z.object({
  key: z.string(),
  section: z.enum(SETTING_SECTIONS),
  kind: z.enum(SETTING_KINDS),
  value: settingValueSchema.optional().describe('The value in effect; absent for a secret.'),
  default: settingValueSchema.optional().describe('The environment’s value; absent for a secret.'),
  overridden: z.boolean().describe('A stored value overrides the environment’s.'),
  secret: z.boolean(),
  set: z.boolean().optional().describe('A secret: whether one is in effect.'),
  default_set: z.boolean().optional().describe('A secret: whether the environment sets one.'),
  restart: z.boolean().describe('Read at boot: a change applies after a restart.'),
  options: z.array(z.string()).optional(),
});
export type SettingView = z.infer<typeof settingViewSchema>;

export const settingsPageSchema = z.object({
  settings: z.array(settingViewSchema),
  changed: z.array(z.string()).optional().describe('The keys a POST changed.'),
});
export type SettingsPage = z.infer<typeof settingsPageSchema>;

/**
 * POST /api/admin/settings.php (JSON): `save` stores `values` (key → value; each checked by its
 * schema, a bad one is 400 with its code on the key), `reset` deletes the stored values of `keys`
 * (the environment's apply again).
 */
export const settingsForm = z.object({
  act: z.enum(['save', 'reset'], { error: 'invalid' }),
  values: z.record(z.string().max(100), settingValueSchema, { error: 'invalid' }).optional(),
  keys: z.array(z.string().max(100), { error: 'invalid' }).max(100, 'invalid').optional(),
});
export type SettingsForm = z.infer<typeof settingsForm>;
