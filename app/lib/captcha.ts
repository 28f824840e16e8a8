// The contact form's captcha in the browser (shell.md §5): the provider's script is loaded on demand,
// when the form opens and only when the site has a provider (root data `captcha`); the token is asked
// for with the action name `login` and sent as the form's `captcha` field. The server checks it
// (server/modules/reports/captcha.ts). The page's script policy allows the provider's origins only when
// one is configured (csp.ts, root.tsx).
import type { CaptchaPublic } from '../../server/modules/reports/captcha.ts';

export { captchaOrigins } from './captcha-origins.ts';

export const CAPTCHA_ACTION = 'login';

const SCRIPTS: Record<CaptchaPublic['provider'], (siteKey: string) => string> = {
  turnstile: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: () => 'https://js.hcaptcha.com/1/api.js?render=explicit',
  recaptcha: (siteKey) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
};

export function captchaScriptUrl(captcha: CaptchaPublic): string {
  return SCRIPTS[captcha.provider](captcha.siteKey);
}

interface WidgetApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  execute(id?: string, options?: Record<string, unknown>): unknown;
  reset?(id?: string): void;
}
interface CaptchaWindow {
  turnstile?: WidgetApi;
  hcaptcha?: WidgetApi;
  grecaptcha?: {
    ready(callback: () => void): void;
    execute(key: string, o: { action: string }): Promise<string>;
  };
}

const loading = new Map<string, Promise<void>>();

/** Adds the provider's script once per page; later calls share the first load. */
export function loadCaptchaScript(captcha: CaptchaPublic): Promise<void> {
  const src = captchaScriptUrl(captcha);
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error('captcha script'));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

const waitFor = async <T>(get: () => T | undefined, timeoutMs = 10_000): Promise<T> => {
  const start = Date.now();
  for (;;) {
    const value = get();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('captcha not ready');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * A fresh token for one send. Turnstile and hCaptcha render an invisible widget into `container`
 * (interaction only when the provider asks for it); reCAPTCHA v3 needs no widget.
 */
export async function captchaToken(captcha: CaptchaPublic, container: HTMLElement): Promise<string> {
  await loadCaptchaScript(captcha);
  const w = window as unknown as CaptchaWindow;
  if (captcha.provider === 'recaptcha') {
    const api = await waitFor(() => w.grecaptcha);
    await new Promise<void>((resolve) => api.ready(resolve));
    return api.execute(captcha.siteKey, { action: CAPTCHA_ACTION });
  }
  const api = await waitFor(() => (captcha.provider === 'turnstile' ? w.turnstile : w.hcaptcha));
  container.replaceChildren();
  return new Promise<string>((resolve, reject) => {
    const common = {
      sitekey: captcha.siteKey,
      callback: (token: string) => resolve(token),
      'error-callback': () => reject(new Error('captcha')),
      'expired-callback': () => reject(new Error('captcha')),
    };
    if (captcha.provider === 'turnstile') {
      api.render(container, {
        ...common,
        action: CAPTCHA_ACTION,
        appearance: 'interaction-only',
        theme: 'dark',
      });
    } else {
      const id = api.render(container, { ...common, size: 'invisible', theme: 'dark' });
      api.execute(id);
    }
  });
}
