// The server's configuration: the environment (its schema in config-env.ts) parsed once at boot into
// Config, with one error naming every bad variable.
import path from 'node:path';
import {
  type Env,
  embeddedWorkersProblem,
  envSchema,
  parseNetworkSites,
  partialCaptchaProblem,
  partialS3Problem,
} from './config-env.ts';
import type { CaptchaConfig } from './modules/reports/captcha.ts';

export { type Env, envSchema, parseNetworkSites } from './config-env.ts';

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  siteName: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  secureCookies: boolean;
  trustProxy: boolean | number | string;
  catalogCache: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google sign-in; null when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are unset (the button is hidden). */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  sessionDays: number;
  /** Hourly limits of the mail-sending calls (signup, password restore). */
  mailLimits: { signupsPerIp: number; mailsPerAddress: number; mailsPerIp: number };
  /** Object storage; null means local disk under mediaDir. */
  s3: {
    endpoint: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    region: string;
    publicUrl: string | undefined;
  } | null;
  /** 'inline': this web process works jobs too; 'off': it only enqueues them. */
  workers: Env['WORKERS'];
  /** Uploads: size cap in bytes; whether link imports may reach private addresses (tests only). */
  upload: {
    maxBytes: number;
    allowPrivateLinks: boolean;
    maxOpen: number;
    maxOpenBytes: number;
    minFreeBytes: number;
    /** UPLOAD_RECORDS: whether members' uploads need performer records (modules/records). */
    records: 'required' | 'off';
    /** UPLOADER_VERIFICATION: whether a member whose uploads need records must be age-verified first. */
    uploaderVerification: 'required' | 'off';
  };
  /** Members' uploads may be processed with the packaged 2018 ffmpeg (else they wait for a current one). */
  allowBundledFfmpeg: boolean;
  /** Hotlink protection: signed video file URLs (server/lib/media-signing.ts). */
  mediaSigning: { enabled: boolean; secret: string | null; lifetimeSeconds: number };
  /** METRICS_TOKEN; unset, /metrics answers loopback clients only. */
  metricsToken: string | undefined;
  /** CHECK_RESPONSES: answers are checked against the routes' contracts (server/http/contract.ts). */
  checkResponses: boolean;
  /** TAG_SUGGESTION_THRESHOLD: distinct members whose same suggested tag puts it on the video. */
  tagSuggestionThreshold: number;
  /** WRITE_RATE_LIMIT: writes per address per minute (server/http/protection.ts); 0 is off. */
  writeRateLimit: number;
  /** CONNECTIONS_PER_ADDRESS: sockets one client address may hold (server/http/connection-guard.ts); 0 is off. */
  maxConnectionsPerAddress: number;
  /** COMPRESSION: gzip/brotli of answers by the app. */
  compression: boolean;
  /** COUNTRY_HEADER: the trusted country header (lower case), or undefined (GeoIP only). */
  countryHeader: string | undefined;
  /** AGE_GATE_COUNTRIES, lower case; empty: the gate is off. */
  ageGateCountries: string[];
  /** AGE_VERIFICATION_KEY decoded; undefined: the key file in DATA_DIR. */
  ageVerificationKey: Buffer | undefined;
  /** The operator details the legal pages print; unset ones are left out. */
  operator: OperatorDetails;
  /** The footer's links to other sites; each null is hidden. */
  networkLinks: NetworkLinks;
  /** CAPTCHA_*: the contact form's captcha; null is off (server/modules/reports/captcha.ts). */
  captcha: CaptchaConfig | null;
  /** ANALYTICS_SCRIPT_URL: an external analytics script (https) fed the page views and goals; null: none. */
  analyticsScriptUrl: string | null;
}

export interface OperatorDetails {
  name: string;
  address: string | null;
  dmcaAgentName: string;
  dmcaAgentEmail: string | null;
  custodianOfRecords: string | null;
}

export interface NetworkLinks {
  tvApp: string | null;
  partner: string | null;
  liveCam: string | null;
  rta: string | null;
  sites: { name: string; url: string }[];
  /** DOWNLOAD_CHANNEL_URL, DOWNLOAD_BOT_URL: the download dialog's messenger steps (null: left out). */
  downloadChannel: string | null;
  downloadBot: string | null;
  /** EXTENSION_STORE_URL: the browser extension's store page (null: the site's own /download/ page). */
  extensionStore: string | null;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once at boot; throws one error naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as shells and .env files write them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const s3Problem = partialS3Problem(cleaned);
  const workersProblem = embeddedWorkersProblem(cleaned);
  const captchaProblem = partialCaptchaProblem(cleaned);
  if (!parsed.success || s3Problem || workersProblem || captchaProblem) {
    // One line per variable, even when a value breaks several rules.
    const byName = new Map<string, string>();
    for (const issue of parsed.error?.issues ?? []) {
      const name = String(issue.path[0] ?? '');
      if (!byName.has(name))
        byName.set(name, `${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`);
    }
    throw new ConfigError([
      ...byName.values(),
      ...(s3Problem ? [s3Problem] : []),
      ...(workersProblem ? [workersProblem] : []),
      ...(captchaProblem ? [captchaProblem] : []),
    ]);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl,
    siteName: env.SITE_NAME,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    catalogCache: env.CATALOG_CACHE === 'on',
    secureCookies: publicUrl.startsWith('https:'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: (env.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/+$/, ''),
          }
        : null,
    loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: env.LOGIN_WINDOW_SECONDS,
    sessionDays: env.SESSION_DAYS,
    mailLimits: {
      signupsPerIp: env.SIGNUP_MAX_PER_IP,
      mailsPerAddress: env.MAIL_MAX_PER_ADDRESS,
      mailsPerIp: env.MAIL_MAX_PER_IP,
    },
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: env.S3_REGION,
            publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : null,
    workers: env.WORKERS,
    upload: {
      maxBytes: env.UPLOAD_MAX_BYTES,
      allowPrivateLinks: env.UPLOAD_ALLOW_PRIVATE_LINKS,
      maxOpen: env.UPLOAD_MAX_OPEN,
      maxOpenBytes: env.UPLOAD_MAX_OPEN_BYTES,
      minFreeBytes: env.UPLOAD_MIN_FREE_BYTES,
      records: env.UPLOAD_RECORDS,
      uploaderVerification: env.UPLOADER_VERIFICATION,
    },
    allowBundledFfmpeg: env.MEDIA_ALLOW_BUNDLED_FFMPEG,
    mediaSigning: {
      enabled: env.MEDIA_SIGNING,
      secret: env.MEDIA_SIGNING_SECRET ?? null,
      lifetimeSeconds: env.MEDIA_SIGNING_LIFETIME,
    },
    metricsToken: env.METRICS_TOKEN,
    checkResponses: env.CHECK_RESPONSES,
    writeRateLimit: env.WRITE_RATE_LIMIT,
    maxConnectionsPerAddress: env.CONNECTIONS_PER_ADDRESS,
    tagSuggestionThreshold: env.TAG_SUGGESTION_THRESHOLD,
    compression: env.COMPRESSION,
    countryHeader: env.COUNTRY_HEADER?.toLowerCase(),
    ageGateCountries: env.AGE_GATE_COUNTRIES === 'none' ? [] : env.AGE_GATE_COUNTRIES.split(/\s*,\s*/),
    ageVerificationKey: env.AGE_VERIFICATION_KEY
      ? Buffer.from(env.AGE_VERIFICATION_KEY, 'base64')
      : undefined,
    operator: {
      name: env.OPERATOR_NAME ?? env.SITE_NAME,
      address: env.OPERATOR_ADDRESS ?? null,
      dmcaAgentName: env.DMCA_AGENT_NAME ?? env.OPERATOR_NAME ?? env.SITE_NAME,
      dmcaAgentEmail: env.DMCA_AGENT_EMAIL ?? null,
      custodianOfRecords: env.CUSTODIAN_OF_RECORDS ?? null,
    },
    networkLinks: {
      tvApp: env.TV_APP_URL ?? null,
      partner: env.PARTNER_URL ?? null,
      liveCam: env.LIVE_CAM_URL ?? null,
      rta: env.RTA_LABEL_URL === 'none' ? null : env.RTA_LABEL_URL,
      sites: parseNetworkSites(env.NETWORK_SITES ?? '') ?? [],
      downloadChannel: env.DOWNLOAD_CHANNEL_URL ?? null,
      downloadBot: env.DOWNLOAD_BOT_URL ?? null,
      extensionStore: env.EXTENSION_STORE_URL ?? null,
    },
    captcha:
      env.CAPTCHA_PROVIDER && env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET
        ? {
            provider: env.CAPTCHA_PROVIDER,
            siteKey: env.CAPTCHA_SITE_KEY,
            secret: env.CAPTCHA_SECRET,
            ...(env.CAPTCHA_VERIFY_URL ? { verifyUrl: env.CAPTCHA_VERIFY_URL } : {}),
          }
        : null,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL ?? null,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.replace(/\s+/g, '');
}
