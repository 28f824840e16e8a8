// GET /api/login.g.php: Google sign-in (shell.md §7 "plain link"). Without a `code` it starts the
// authorization (PKCE, state, nonce kept in a 10-minute HttpOnly cookie); with one it is the callback.
// 404 when Google is not configured.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { googleSignInQuery, LOGIN_CODES } from '../../contract/accounts.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import { createGoogleOidc, type PendingAuthorization } from '../modules/accounts/google-oidc.ts';
import type { SignIn } from './accounts.routes.ts';
import { contractRoutes, errors } from './contract.ts';

const PENDING_COOKIE = 'g_oidc';
const PATH = '/api/login.g.php';

const schema = {
  tags: ['accounts'],
  summary: 'Google sign-in (OpenID Connect with PKCE): the redirect out, and the callback.',
  description:
    'Without `code` or `error` it redirects to Google (PKCE verifier, state and nonce kept for 10 minutes in an HttpOnly cookie); with one it is the callback: signed in, it redirects to /; otherwise to /?login={code} (`google_failed`, `google_email_unverified`, `account_banned` for a banned account, with `reason` and `until` when it has an end). 404 when Google sign-in is not configured.',
  querystring: googleSignInQuery,
  response: {
    302: z.null().describe('To Google, to /, or to /?login={code}.'),
    ...errors(404),
  },
};

export async function registerGoogleSignIn(
  scope: FastifyInstance,
  options: { config: Config; accounts: AccountsService; signIn: SignIn },
) {
  const { config, accounts, signIn } = options;
  const google = config.google
    ? createGoogleOidc({ ...config.google, redirectUri: `${config.publicUrl}${PATH}` })
    : null;
  const cookie = { httpOnly: true, sameSite: 'lax' as const, path: PATH, secure: config.secureCookies };

  contractRoutes(scope).get(PATH, { schema }, async (request, reply) => {
    if (!google) throw new DomainError('not_found', { status: 404, message: english('api.not_found') });
    const query = request.query;
    if (query.code === undefined && query.error === undefined) {
      const { url, pending } = await google.start();
      reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        ...cookie,
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    }
    reply.clearCookie(PENDING_COOKIE, { path: PATH });
    const pending = readPending(request.cookies[PENDING_COOKIE]);
    if (!pending || query.error !== undefined) return reply.redirect('/?login=google_failed', 302);
    let claims: Awaited<ReturnType<typeof google.finish>>;
    try {
      const callback = new URL(request.url, config.publicUrl);
      claims = await google.finish(callback, pending);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed');
      return reply.redirect('/?login=google_failed', 302);
    }
    try {
      const user = await accounts.googleSignIn(claims);
      await signIn(request, reply, user);
    } catch (error) {
      // A browser is on this request: send it home with a code the page can explain, not JSON.
      if (error instanceof DomainError) return reply.redirect(loginRefusal(error), 302);
      throw error;
    }
    return reply.redirect('/', 302);
  });
}

/** The pending sign-in of the cookie: whatever the browser sends back is checked, never trusted. */
const pendingSchema = z.object({ verifier: z.string(), state: z.string(), nonce: z.string() });

function readPending(raw: string | undefined): PendingAuthorization | null {
  if (!raw) return null;
  try {
    const value = pendingSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return value.success ? value.data : null;
  } catch {
    return null;
  }
}

/** Home with the refusal's code; a ban carries its reason and end so the login modal can say them. */
function loginRefusal(error: DomainError): string {
  const query = new URLSearchParams({ login: error.code });
  if (error.code === LOGIN_CODES.banned && error.info) {
    const { reason, until } = error.info;
    if (typeof reason === 'string' && reason) query.set('reason', reason);
    if (typeof until === 'string') query.set('until', until);
  }
  return `/?${query}`;
}
