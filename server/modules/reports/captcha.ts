// The contact form's captcha (shell.md §5: a token with the action name `login`, the script loaded on
// demand from an external provider). The provider is the operator's: Cloudflare Turnstile, hCaptcha or
// reCAPTCHA v3 (CAPTCHA_PROVIDER, CAPTCHA_SITE_KEY, CAPTCHA_SECRET); unset, there is no captcha and the
// form works without one. The token is checked on the provider's verify endpoint (CAPTCHA_VERIFY_URL
// overrides it: tests answer from a local server) before anything of the form is stored. No HTTP
// framework here; the one outbound call is fetch.
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';

export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** shell.md §5: the action name the browser asks the token for. */
export const CAPTCHA_ACTION = 'login';
/** reCAPTCHA v3 scores below this are refused (its own recommended threshold). */
export const RECAPTCHA_MIN_SCORE = 0.5;
/** How long the provider may take to answer; past it the form is refused (nothing is stored). */
export const CAPTCHA_VERIFY_TIMEOUT_MS = 5000;

export const CAPTCHA_VERIFY_URLS: Record<CaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

/** What the browser needs: the provider and its public site key (never the secret). */
export interface CaptchaPublic {
  provider: CaptchaProvider;
  siteKey: string;
}

export interface CaptchaConfig extends CaptchaPublic {
  secret: string;
  /** The verify endpoint; the provider's own by default. */
  verifyUrl?: string;
}

export interface CaptchaVerifier {
  /** Throws 400 `captcha` on the field `captcha` unless the provider accepts the token. */
  verify(token: string | undefined, ip: string): Promise<void>;
}

const refused = (message = english('watch.contact_er.captcha')) =>
  new DomainError('captcha', { message, codes: [{ field: 'captcha', code: 'captcha' }] });

/** No captcha configured: every form passes. */
export const noCaptcha: CaptchaVerifier = { verify: async () => {} };

export function createCaptchaVerifier(
  config: CaptchaConfig,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): CaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  const url = config.verifyUrl ?? CAPTCHA_VERIFY_URLS[config.provider];
  return {
    async verify(token, ip) {
      const response = (token ?? '').trim();
      // Provider tokens are a few hundred to ~2000 characters; anything else is not one.
      if (!response || response.length > 4096) throw refused();
      const body = new URLSearchParams({ secret: config.secret, response, remoteip: ip });
      if (config.provider === 'hcaptcha') body.set('sitekey', config.siteKey);
      let answer: {
        success?: unknown;
        action?: unknown;
        score?: unknown;
      };
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`verify answered ${res.status}`);
        answer = (await res.json()) as typeof answer;
      } catch {
        // Unreachable or unreadable: refused (the form is kept in the browser; sending again retries).
        throw refused(english('api.captcha_unavailable'));
      }
      if (answer?.success !== true) throw refused();
      // Turnstile and reCAPTCHA v3 name the action the token was made for; hCaptcha has none.
      if (config.provider !== 'hcaptcha' && answer.action !== undefined && answer.action !== CAPTCHA_ACTION) {
        throw refused();
      }
      if (config.provider === 'recaptcha') {
        if (answer.action !== CAPTCHA_ACTION) throw refused();
        if (typeof answer.score !== 'number' || answer.score < RECAPTCHA_MIN_SCORE) throw refused();
      }
    },
  };
}
