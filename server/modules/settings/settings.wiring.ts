// Builds the settings service of a process, and the views over its snapshot that other parts read
// (services.site, the upload limits): getters, so that each read sees the settings in effect now.
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import type { PublicSiteConfig } from '../../services.ts';
import type { Mailer } from '../accounts/mailer.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createVisitorResolver, type VisitorOptions, type VisitorResolver } from '../geo/visitor.ts';
import { type CaptchaVerifier, createCaptchaVerifier, noCaptcha } from '../reports/captcha.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

export function createSettings(
  db: DB,
  config: Config,
  deps: {
    audit: Pick<AuditService, 'record'>;
    changes: ContentChanges;
    warn?: (message: string, error: unknown) => void;
    refreshMs?: number;
  },
): SettingsService {
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    config,
    audit: deps.audit,
    notify: () => deps.changes.notify(),
    warn: deps.warn,
    refreshMs: deps.refreshMs,
  });
  // Another process's write, seen here: this process's caches still hold pages of the old settings.
  settings.onReload(() => deps.changes.notify());
  return settings;
}

/** services.site: what may reach the browser, read from the settings in effect at each access. */
export function liveSite(config: Config, settings: Pick<SettingsService, 'current'>): PublicSiteConfig {
  return {
    get name() {
      return settings.current().siteName;
    },
    publicUrl: config.publicUrl,
    signedMedia: config.mediaSigning.enabled,
    get operator() {
      return settings.current().operator;
    },
    get links() {
      return settings.current().links;
    },
    get captcha() {
      const captcha = settings.current().captcha;
      return captcha ? { provider: captcha.provider, siteKey: captcha.siteKey } : null;
    },
    get languages() {
      return settings.current().languages;
    },
    get analyticsScriptUrl() {
      return settings.current().analyticsScriptUrl;
    },
  };
}

/**
 * `base` with the upload limits (maxBytes, maxOpen, maxOpenBytes) as getters over the settings in
 * effect: the upload service reads them at each check. (A spread would copy today's values.)
 */
export function withLiveUploadLimits<T extends object>(
  base: T,
  settings: Pick<SettingsService, 'current'>,
): T & { maxBytes: number; maxOpen: number; maxOpenBytes: number } {
  const upload = () => settings.current().upload;
  return Object.defineProperties(
    { ...base },
    {
      maxBytes: { get: () => upload().maxBytes, enumerable: true },
      maxOpen: { get: () => upload().maxOpen, enumerable: true },
      maxOpenBytes: { get: () => upload().maxOpenBytes, enumerable: true },
    },
  ) as T & { maxBytes: number; maxOpen: number; maxOpenBytes: number };
}

/** The contact form's captcha check with the settings in effect (none configured: no check). */
export function liveCaptchaVerifier(settings: Pick<SettingsService, 'current'>): CaptchaVerifier {
  let built: { key: string; verifier: CaptchaVerifier } | null = null;
  return {
    verify(token, ip) {
      const captcha = settings.current().captcha;
      const key = JSON.stringify(captcha);
      if (built?.key !== key) built = { key, verifier: captcha ? createCaptchaVerifier(captcha) : noCaptcha };
      return built.verifier.verify(token, ip);
    },
  };
}

/**
 * The visitor resolver (geo/visitor.ts) with the age gate's countries in effect: rebuilt when the
 * setting changes, so the gate follows it without a restart.
 */
export function liveVisitorResolver(
  options: Omit<VisitorOptions, 'ageGateCountries'>,
  countries: () => readonly string[],
): VisitorResolver {
  let built: { key: string; resolve: VisitorResolver } | null = null;
  return (request) => {
    const list = countries();
    const key = list.join(',');
    if (built?.key !== key)
      built = { key, resolve: createVisitorResolver({ ...options, ageGateCountries: list }) };
    return built.resolve(request);
  };
}

/** The comment limits in effect (CommentLimits of modules/acts), read at each comment. */
export function liveCommentLimits(settings: Pick<SettingsService, 'current'>) {
  const limits = () => settings.current().rateLimits;
  return {
    get perMember() {
      return limits().commentsPerMember;
    },
    get perIp() {
      return limits().commentsPerIp;
    },
    get windowSeconds() {
      return limits().commentsWindowSeconds;
    },
  };
}

/**
 * A mailer that follows the mail settings in effect (sender, SMTP URL): the one for the current
 * values is built on first use and replaced when they change.
 */
export function switchingMailer(
  current: () => { smtpUrl: string | undefined; mailFrom: string },
  build: (smtpUrl: string | undefined, from: string) => Mailer,
): Mailer {
  let built: { key: string; mailer: Mailer } | null = null;
  const mailerNow = () => {
    const { smtpUrl, mailFrom } = current();
    const key = JSON.stringify([smtpUrl, mailFrom]);
    if (built?.key !== key) {
      built?.mailer.close();
      built = { key, mailer: build(smtpUrl, mailFrom) };
    }
    return built.mailer;
  };
  return {
    send: (message) => mailerNow().send(message),
    close: () => built?.mailer.close(),
  };
}
