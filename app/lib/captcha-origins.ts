// The script origins of each captcha provider, for the page's script policy (root.tsx, csp.ts). Apart
// from captcha.ts so that every page's first load does not carry the captcha loader.
import type { CaptchaPublic } from '../../server/modules/reports/captcha.ts';

/** The origins the provider serves its script (and the scripts it loads itself) from. */
const ORIGINS: Record<CaptchaPublic['provider'], string[]> = {
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  recaptcha: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
};

/** The script origins the page's policy adds for the configured provider; none without one. */
export function captchaOrigins(captcha: CaptchaPublic | null | undefined): string[] {
  return captcha ? ORIGINS[captcha.provider] : [];
}
