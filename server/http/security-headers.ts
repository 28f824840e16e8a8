// The security headers of every response (DESIGN.md "Security baseline"). Fastify's onSend hook sets
// them on API and file responses; the SSR route hijacks its reply (React Router writes it), so it sets
// them itself from the same function. HSTS depends on the site's address: the front door adds it to
// every answer (strictTransportSecurity). The pages' script policy travels in the page itself, with
// the nonce of its render (app/lib/csp.ts).

/** Sent on every answer when PUBLIC_URL is https (audit F16). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** No page of the site uses these features; a framed ad cannot ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), interest-cohort=()';

/** Whether answers carry HSTS: only a site served over https may promise to stay there. */
export function strictTransportFor(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith('https:');
}

/** Only the embed player may be framed by other sites; everything else only by the site itself. */
export function securityHeaders(url: string): Record<string, string> {
  const embed = url.startsWith('/embed/');
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(embed
      ? { 'content-security-policy': 'frame-ancestors *' }
      : {
          'x-frame-options': 'SAMEORIGIN',
          'content-security-policy': "frame-ancestors 'self'",
          'permissions-policy': PERMISSIONS_POLICY,
          // The embed is opened by other sites' pages: only the site's own pages cut the opener link.
          'cross-origin-opener-policy': 'same-origin',
        }),
  };
}
