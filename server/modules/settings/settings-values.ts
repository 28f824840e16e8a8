// Pure rules of the site settings: the environment's values as the defaults, and the snapshot the
// rest of the server reads (the stored overrides layered over the defaults). No I/O here.

import { COMMENT_LIMITS } from '../../../contract/acts.ts';
import { DEFAULT_BLOCKED_WORDS, SEARCH_SUGGESTION_THRESHOLD } from '../../../contract/admin-search-terms.ts';
import {
  parseSiteLine,
  SETTING_KEYS,
  SETTING_SPECS,
  type SettingKey,
  type SettingValue,
  TRANSCODE_HEIGHTS,
} from '../../../contract/admin-settings.ts';
import { LANGUAGES, type Language } from '../../../contract/catalog.ts';
import type { Config, NetworkLinks, OperatorDetails } from '../../config.ts';
import type { CaptchaConfig } from '../reports/captcha.ts';

export type SettingValues = Record<SettingKey, SettingValue>;

/** What the server reads: the settings in effect now. */
export interface SiteSettings {
  siteName: string;
  /** Languages on offer in the language menu; always includes en. */
  languages: Language[];
  ageGateCountries: string[];
  links: NetworkLinks;
  operator: OperatorDetails;
  /** An external analytics script (https), or null. */
  analyticsScriptUrl: string | null;
  captcha: CaptchaConfig | null;
  mailFrom: string;
  smtpUrl: string | undefined;
  upload: { maxBytes: number; maxOpen: number; maxOpenBytes: number };
  rateLimits: {
    commentsPerMember: number;
    commentsPerIp: number;
    commentsWindowSeconds: number;
    writesPerMinute: number;
  };
  /** The MP4 ladder's rungs a new job makes (short sides), ascending. */
  transcodeHeights: number[];
  /** Which search terms are offered to everyone (modules/search/search-terms.ts). */
  search: { threshold: number; blockedWords: string[] };
}

/** The stored key of a setting in site_settings (other modules keep their own keys in that table). */
export const storedKey = (key: SettingKey) => `setting:${key}`;
export const STORED_PREFIX = 'setting:';
/** Bumped by every write; each process reloads when it differs from the one it holds. */
export const VERSION_KEY = 'setting_version';

/** Another helper's ANALYTICS_SCRIPT_URL, when the configuration has it. */
function analyticsOf(config: Config): string | null {
  const value = (config as Config & { analyticsScriptUrl?: string | null }).analyticsScriptUrl;
  return typeof value === 'string' && value ? value : null;
}

/** The environment's value of every setting (its default). */
export function defaultsOf(config: Config): SettingValues {
  const links = config.networkLinks;
  return {
    site_name: config.siteName,
    languages: [...LANGUAGES],
    age_gate_countries: [...config.ageGateCountries],
    link_tv_app: links.tvApp,
    link_partner: links.partner,
    link_live_cam: links.liveCam,
    link_rta: links.rta,
    network_sites: links.sites.map((s) => `${s.name}|${s.url}`),
    download_channel: links.downloadChannel,
    download_bot: links.downloadBot,
    extension_store: links.extensionStore,
    operator_name: config.operator.name,
    operator_address: config.operator.address,
    dmca_agent_name: config.operator.dmcaAgentName,
    dmca_agent_email: config.operator.dmcaAgentEmail,
    custodian_of_records: config.operator.custodianOfRecords,
    analytics_script_url: analyticsOf(config),
    captcha_provider: config.captcha?.provider ?? 'none',
    captcha_site_key: config.captcha?.siteKey ?? null,
    captcha_secret: config.captcha?.secret ?? null,
    mail_from: config.mailFrom,
    smtp_url: config.smtpUrl ?? null,
    upload_max_bytes: config.upload.maxBytes,
    upload_max_open: config.upload.maxOpen,
    upload_max_open_bytes: config.upload.maxOpenBytes,
    comments_per_member: COMMENT_LIMITS.perMember,
    comments_per_ip: COMMENT_LIMITS.perIp,
    comments_window_seconds: COMMENT_LIMITS.windowSeconds,
    writes_per_minute: config.writeRateLimit,
    transcode_renditions: [...TRANSCODE_HEIGHTS],
    search_suggestion_threshold: SEARCH_SUGGESTION_THRESHOLD,
    search_blocked_words: [...DEFAULT_BLOCKED_WORDS],
  };
}

/** Checks one value against its setting's schema: the clean value, or the field code. */
export function parseSetting(
  key: SettingKey,
  value: unknown,
): { ok: true; value: SettingValue } | { ok: false; code: string } {
  const result = SETTING_SPECS[key].schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data as SettingValue };
  const message = result.error.issues[0]?.message ?? 'invalid';
  return { ok: false, code: /^[a-z_]+$/.test(message) ? message : 'invalid' };
}

/**
 * The defaults with the stored values over them. A stored value that no longer passes its schema
 * (a rule tightened since) is ignored: the default applies.
 */
export function mergeValues(
  defaults: SettingValues,
  stored: ReadonlyMap<string, unknown>,
): {
  values: SettingValues;
  overridden: Set<SettingKey>;
} {
  const values = { ...defaults };
  const overridden = new Set<SettingKey>();
  for (const key of SETTING_KEYS) {
    if (!stored.has(key)) continue;
    const parsed = parseSetting(key, stored.get(key));
    if (!parsed.ok) continue;
    values[key] = parsed.value;
    overridden.add(key);
  }
  return { values, overridden };
}

const str = (v: SettingValue): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: SettingValue, fallback: number): number => (typeof v === 'number' ? v : fallback);
const list = (v: SettingValue): string[] => (Array.isArray(v) ? v : []);

/** The snapshot the server reads, from the values in effect. */
export function snapshotOf(values: SettingValues, config: Config): SiteSettings {
  const provider = str(values.captcha_provider);
  const siteKey = str(values.captcha_site_key);
  const secret = str(values.captcha_secret);
  const captcha =
    provider && provider !== 'none' && siteKey && secret
      ? {
          provider: provider as CaptchaConfig['provider'],
          siteKey,
          secret,
          ...(config.captcha?.verifyUrl ? { verifyUrl: config.captcha.verifyUrl } : {}),
        }
      : null;
  const languages = list(values.languages).filter((l): l is Language =>
    (LANGUAGES as readonly string[]).includes(l),
  );
  const heights = list(values.transcode_renditions)
    .map(Number)
    .filter((h) => Number.isInteger(h) && h > 0);
  return {
    siteName: str(values.site_name) ?? config.siteName,
    languages: languages.length ? languages : [...LANGUAGES],
    ageGateCountries: list(values.age_gate_countries),
    links: {
      tvApp: str(values.link_tv_app),
      partner: str(values.link_partner),
      liveCam: str(values.link_live_cam),
      rta: str(values.link_rta),
      sites: list(values.network_sites).flatMap((s) => parseSiteLine(s) ?? []),
      downloadChannel: str(values.download_channel),
      downloadBot: str(values.download_bot),
      extensionStore: str(values.extension_store),
    },
    operator: {
      name: str(values.operator_name) ?? config.operator.name,
      address: str(values.operator_address),
      dmcaAgentName: str(values.dmca_agent_name) ?? config.operator.dmcaAgentName,
      dmcaAgentEmail: str(values.dmca_agent_email),
      custodianOfRecords: str(values.custodian_of_records),
    },
    analyticsScriptUrl: str(values.analytics_script_url),
    captcha,
    mailFrom: str(values.mail_from) ?? config.mailFrom,
    smtpUrl: str(values.smtp_url) ?? undefined,
    upload: {
      maxBytes: num(values.upload_max_bytes, config.upload.maxBytes),
      maxOpen: num(values.upload_max_open, config.upload.maxOpen),
      maxOpenBytes: num(values.upload_max_open_bytes, config.upload.maxOpenBytes),
    },
    rateLimits: {
      commentsPerMember: num(values.comments_per_member, COMMENT_LIMITS.perMember),
      commentsPerIp: num(values.comments_per_ip, COMMENT_LIMITS.perIp),
      commentsWindowSeconds: num(values.comments_window_seconds, COMMENT_LIMITS.windowSeconds),
      writesPerMinute: num(values.writes_per_minute, config.writeRateLimit),
    },
    transcodeHeights: heights.length ? heights : TRANSCODE_HEIGHTS.map(Number),
    search: {
      threshold: num(values.search_suggestion_threshold, SEARCH_SUGGESTION_THRESHOLD),
      blockedWords: list(values.search_blocked_words),
    },
  };
}

/** The pipeline's reading of the stored ladder (a job reads it when it starts); null: the default. */
export function transcodeHeightsOf(stored: unknown): number[] | null {
  const parsed = SETTING_SPECS.transcode_renditions.schema.safeParse(stored);
  return parsed.success ? parsed.data.map(Number) : null;
}
export const TRANSCODE_SETTING_KEY = storedKey('transcode_renditions');
