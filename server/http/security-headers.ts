// The security headers of every response (DESIGN.md "Security baseline"). Fastify's onSend hook sets
// them on API and file responses; the SSR route hijacks its reply (React Router writes it), so it sets
// them itself from the same function.

/** Only the embed player may be framed by other sites; everything else only by the site itself. */
export function securityHeaders(url: string): Record<string, string> {
  const embed = url.startsWith('/embed/');
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(embed
      ? { 'content-security-policy': 'frame-ancestors *' }
      : { 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': "frame-ancestors 'self'" }),
  };
}
