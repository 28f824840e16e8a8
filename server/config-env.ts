// The environment the server reads (config.ts parses it at boot): every variable's schema with its
// default, and the checks across variables (S3, separate workers, the captcha) one schema cannot make.
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url({ message: 'must be a URL' })
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })
    .optional();

const MAX_UPLOAD = 10 * 1024 ** 3; // content.md §5: "Maximum 10GB"
// shell.md §9: the age gate's countries.
const AGE_GATE_DEFAULT =
  'at,be,bg,hr,cy,cz,dk,ee,fi,fr,de,gr,hu,ie,it,lv,lt,lu,mt,nl,pl,pt,ro,sk,si,es,se,us';

/** Every variable the server reads. Unset means the embedded default (see the README's table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SITE_NAME: z.string().trim().min(1, { message: 'must not be empty' }).max(60).default('TubeSite'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // off: no response, result or page caches (for the benchmark's uncached figures).
  CATALOG_CACHE: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  // Which proxies may set X-Forwarded-For (the client IP behind the login limit): false (none, the
  // default: a client could otherwise forge its IP), true (any), a hop count, or addresses/CIDRs.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      message: 'must be true, false, a hop count or a comma-separated list of addresses/CIDRs',
    })
    .default('false'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('no-reply@localhost'),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_ISSUER: optionalUrl(['http:', 'https:']),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Calls that send mail, per hour: signups per IP; confirmation/restore mails per address and per IP.
  SIGNUP_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
  MAIL_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(3),
  MAIL_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  // Object storage: all of endpoint, bucket and keys, or none (local disk under DATA_DIR/media).
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl(['http:', 'https:']),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  // inline: the web process also works jobs; off: it only enqueues (workers run `npm run worker`).
  WORKERS: z.enum(['inline', 'off'], { message: 'must be inline or off' }).default('inline'),
  // Uploads (content.md §5): the size cap (10 GB), and whether a link import may fetch from private,
  // loopback or link-local addresses (only tests should say yes: it opens the server to SSRF).
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).max(MAX_UPLOAD).default(MAX_UPLOAD),
  UPLOAD_ALLOW_PRIVATE_LINKS: bool.default(false),
  // Performer records (issue 31, 18 U.S.C. 2257): required, a member's upload waits in moderation until
  // its performers' ID and consent are checked; off: never asked. Staff uploads never need them.
  UPLOAD_RECORDS: z.enum(['required', 'off'], { message: 'must be required or off' }).default('required'),
  // Uploaders verified once (issue 31): with records required, a member's first upload waits until they
  // passed the site's age verification (modules/age-verification); off: not asked (the test apps' default).
  UPLOADER_VERIFICATION: z
    .enum(['required', 'off'], { message: 'must be required or off' })
    .default('required'),
  // Caps on unsubmitted tus uploads per member (count, declared bytes) and the free disk a new upload
  // must leave (audit F9).
  UPLOAD_MAX_OPEN: z.coerce.number().int().min(1).max(1000).default(5),
  UPLOAD_MAX_OPEN_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 ** 3),
  UPLOAD_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  // Only the packaged 2018 ffmpeg is installed: members' uploads wait unless this says yes (server/media/tools.ts).
  MEDIA_ALLOW_BUNDLED_FFMPEG: bool.default(false),
  // Hotlink protection (issue 32): video file URLs signed with an expiry (server/lib/media-signing.ts).
  MEDIA_SIGNING: bool.default(true),
  // The HMAC key a CDN or nginx shares to check the URLs; unset: one made once and kept in the database.
  MEDIA_SIGNING_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  // How long a signed URL is good for at least (seconds); its expiry is rounded up to a sixth of it (≤ 1 h).
  MEDIA_SIGNING_LIFETIME: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86400)
    .default(6 * 3600),
  // Opens /metrics to clients other than loopback that send `Authorization: Bearer <token>`.
  METRICS_TOKEN: z.string().trim().min(1).optional(),
  // Every API answer is checked against its route's declared responses (a mismatch becomes a 500 that
  // names it): on in tests, for development; off by default, where a missing field must not cost a page.
  CHECK_RESPONSES: bool.default(false),
  // Writes under /api/ per client address per minute (0: no budget); counted in Redis when configured.
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  // Connections (behind a trusted proxy: requests in flight) at once from one client address; 0: no cap.
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
  TAG_SUGGESTION_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(3),
  // Compress answers here (off when a proxy in front already does).
  COMPRESSION: bool.default(true),
  // Visitor country (server/modules/geo): a header a trusted CDN sets (CF-IPCountry…), else GeoIP.
  COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { message: 'must be a header name' })
    .optional(),
  // shell.md §9: where the age gate shows (two-letter codes, comma-separated; none turns it off).
  AGE_GATE_COUNTRIES: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(none|[a-z]{2}(\s*,\s*[a-z]{2})*)$/, { message: 'must be two-letter country codes or none' })
    .default(AGE_GATE_DEFAULT),
  // UK age verification (modules/age-verification): the photos' AES-256-GCM key, 32 bytes in base64;
  // unset, one is generated into DATA_DIR once (docs/decisions.md). Never logged.
  AGE_VERIFICATION_KEY: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 32, { message: 'must be 32 bytes in base64' })
    .optional(),
  // The legal pages' operator details (content.md §2 information/): unset lines are left out.
  OPERATOR_NAME: z.string().trim().min(1).max(200).optional(),
  OPERATOR_ADDRESS: z.string().trim().min(1).max(500).optional(),
  DMCA_AGENT_NAME: z.string().trim().min(1).max(200).optional(),
  DMCA_AGENT_EMAIL: z.string().trim().email({ message: 'must be an e-mail address' }).optional(),
  CUSTODIAN_OF_RECORDS: z.string().trim().min(1).max(500).optional(),
  // Footer network links (shell.md §1–§2): each hidden while unset; NETWORK_SITES is `Name|https://…`
  // pairs separated by commas (up to 15).
  TV_APP_URL: optionalUrl(['http:', 'https:']),
  PARTNER_URL: optionalUrl(['http:', 'https:']),
  LIVE_CAM_URL: optionalUrl(['http:', 'https:']),
  // The download dialog's messenger steps (the channel to join, the bot for Russian viewers): unset, left out.
  DOWNLOAD_CHANNEL_URL: optionalUrl(['https:']),
  DOWNLOAD_BOT_URL: optionalUrl(['https:']),
  // The browser extension's store page, linked from the download dialog and /download/ (content.md §2);
  // unset, the dialog links to the site's own extension page (docs/decisions.md, issue 34).
  EXTENSION_STORE_URL: optionalUrl(['https:']),
  // The RTA (Restricted To Adults) self-label is shown by default: it is no partnership.
  RTA_LABEL_URL: z
    .string()
    .trim()
    .refine((v) => v === 'none' || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
      message: 'must be an http(s) URL or none',
    })
    .default('https://www.rtalabel.org/'),
  NETWORK_SITES: z
    .string()
    .trim()
    .refine((v) => parseNetworkSites(v) !== null, {
      message: 'must be up to 15 Name|https://… pairs separated by commas',
    })
    .optional(),
  // The contact form's captcha (shell.md §5): off unless a provider, its site key and secret are set.
  CAPTCHA_PROVIDER: z.enum(['turnstile', 'hcaptcha', 'recaptcha']).optional(),
  CAPTCHA_SITE_KEY: z.string().trim().min(1).max(200).optional(),
  CAPTCHA_SECRET: z.string().trim().min(1).max(500).optional(),
  CAPTCHA_VERIFY_URL: optionalUrl(['http:', 'https:']),
  // An external analytics snippet (issue 17): loaded on every page, fed the page views and goals.
  ANALYTICS_SCRIPT_URL: optionalUrl(['https:']),
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_ANY = [...S3_REQUIRED, 'S3_PUBLIC_URL'] as const;

export type Env = z.infer<typeof envSchema>;

/** The captcha is all three of CAPTCHA_PROVIDER, CAPTCHA_SITE_KEY, CAPTCHA_SECRET, or none of them. */
export function partialCaptchaProblem(env: Record<string, string | undefined>): string | null {
  const names = ['CAPTCHA_PROVIDER', 'CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET'];
  const set = names.filter((n) => env[n] !== undefined);
  return set.length === 0 || set.length === names.length
    ? null
    : `${names.filter((n) => env[n] === undefined).join(', ')}: needed with ${set.join(', ')} (the captcha takes all three)`;
}

/** `Name|https://…, Name|https://…` (at most 15, shell.md §1); null when malformed. */
export function parseNetworkSites(value: string): { name: string; url: string }[] | null {
  const sites: { name: string; url: string }[] = [];
  for (const part of value.split(',')) {
    if (!part.trim()) continue;
    const [name, url, ...rest] = part.split('|').map((s) => s.trim());
    if (rest.length || !name || !url || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      return null;
    sites.push({ name, url });
  }
  return sites.length <= 15 ? sites : null;
}

/** Half an S3 configuration would silently fall back to local disk: name what is missing instead. */
export function partialS3Problem(env: Record<string, string | undefined>): string | null {
  if (!S3_ANY.some((name) => env[name] !== undefined)) return null;
  const missing = S3_REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length === 0) return null;
  return `S3 storage is partly configured: missing ${missing.join(', ')}`;
}

/**
 * The embedded database opens in one process only, so with WORKERS=off no other process could ever
 * work the jobs while the site runs: separate workers need PostgreSQL.
 */
export function embeddedWorkersProblem(env: Record<string, string | undefined>): string | null {
  if (env.WORKERS !== 'off' || env.DATABASE_URL !== undefined) return null;
  return 'WORKERS=off needs DATABASE_URL: the embedded database opens in one process only, so separate workers (npm run worker) need PostgreSQL';
}
