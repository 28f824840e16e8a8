// The pages' script policy (audit F16). Each render gets a fresh nonce (entry.server.tsx): every
// inline script React and React Router write carries it, and the policy travels in the page's first
// <meta>, so a guest page the cache answers again comes with the policy of its own nonce. The
// frame-ancestors policy stays in the response header (security-headers.ts): meta policies cannot
// carry it. Nothing else is restricted: ads and the VAST client load third-party images, media and
// frames that only an administrator configures, and hls.js runs its worker from a blob: URL.
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce of this render on the server; undefined in the browser (it is not needed there). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** `extraScripts`: origins allowed to serve scripts too (the configured captcha provider, captcha.ts). */
export function scriptPolicy(nonce: string, extraScripts: readonly string[] = []): string {
  return [
    `script-src 'self' 'nonce-${nonce}'${extraScripts.map((origin) => ` ${origin}`).join('')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}
