// Accounts over HTTP (spec/shell.md §7, content.md §7): signup, confirmation link, login, logout, me,
// password restore. Also the two request-wide pieces every later area relies on: `request.user`
// (resolved once per request from the session cookie, also handed to SSR loaders) and the Origin
// check of state-changing /api calls.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type CurrentUser,
  loginInput,
  resetPasswordInput,
  restoreRequestInput,
  signupInput,
} from '../../contract/accounts.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { type AccountsService, KNOWN_DEVICE_DAYS } from '../modules/accounts/accounts.service.ts';
import { registerGoogleSignIn } from './google-signin.routes.ts';

export const SESSION_COOKIE = 'sid';
/** Signed proof that this browser has signed in to the account before (exempt from its lock). */
export const KNOWN_DEVICE_COOKIE = 'kd';
const LOGIN_PATH = '/api/login.php';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. */
    user: CurrentUser | null;
    sessionToken: string | undefined;
    refreshSessionCookie: boolean;
  }
}

export interface AccountsHttpOptions {
  config: Config;
  accounts: AccountsService;
}

// Files and probes never need to know who is asking.
const ANONYMOUS_PREFIXES = ['/media/', '/assets/', '/healthz'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerAccounts(app: FastifyInstance, options: AccountsHttpOptions) {
  const { config, accounts } = options;
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('refreshSessionCookie', false);

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.secureCookies,
    maxAge: config.sessionDays * 86_400,
  };
  // Sent back only to the login call, the one place it is read.
  const deviceCookieOptions = { ...cookieOptions, path: LOGIN_PATH, maxAge: KNOWN_DEVICE_DAYS * 86_400 };

  app.addHook('onRequest', async (request, reply) => {
    if (ANONYMOUS_PREFIXES.some((p) => request.url.startsWith(p))) return;
    if (
      !SAFE_METHODS.has(request.method) &&
      request.url.startsWith('/api/') &&
      !originAllowed(request, config)
    ) {
      return reply.status(403).send({ error: 'Forbidden origin', code: 'bad_origin', codes: [] });
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await accounts.userForSession(token);
    if (!session) return;
    request.user = session.user;
    request.sessionToken = token;
    // Sliding expiry: the cookie's Max-Age moves with the server-side expiry. Pages are rendered on
    // hijacked replies, so theirs goes on the raw response; API answers get it in onSend below.
    if (session.refreshed) {
      if (request.url.startsWith('/api/')) request.refreshSessionCookie = true;
      else reply.raw.setHeader('set-cookie', app.serializeCookie(SESSION_COOKIE, token, cookieOptions));
    }
  });

  app.addHook('onSend', async (request, reply) => {
    // Never on a publicly cacheable answer: a shared cache must not hand one member's token to others.
    if (!request.refreshSessionCookie || !request.sessionToken) return;
    if (String(reply.getHeader('cache-control') ?? '').includes('public')) return;
    reply.setCookie(SESSION_COOKIE, request.sessionToken, cookieOptions);
  });

  app.addHook('onClose', async () => {
    await accounts.close();
  });

  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: CurrentUser) => {
    // A new token at every sign-in (no session fixation); the old one, if any, goes.
    if (request.sessionToken) await accounts.logout(request.sessionToken);
    request.sessionToken = undefined;
    const token = await accounts.startSession(user.user_id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
    const device = await accounts.knownDeviceToken(user.user_id);
    if (device) reply.setCookie(KNOWN_DEVICE_COOKIE, device, deviceCookieOptions);
    request.user = user;
  };

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.post('/api/signup.php', async (request) => {
      const input = parse(signupInput, request.body);
      const { userId } = await accounts.signup(input, request.ip);
      return { status: 'success', user_id: userId, confirm_email: true };
    });

    scope.get('/api/confirm.php', async (request, reply) => {
      const { token } = (request.query ?? {}) as { token?: string };
      try {
        const user = await accounts.confirmEmail(typeof token === 'string' ? token : undefined);
        await signIn(request, reply, user);
        return reply.redirect('/', 302);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'invalid_link') {
          return reply.redirect('/signup/?error=invalid_link', 302);
        }
        throw error;
      }
    });

    scope.post(LOGIN_PATH, async (request, reply) => {
      const input = parse(loginInput, request.body);
      const user = await accounts.login(input, request.ip, request.cookies[KNOWN_DEVICE_COOKIE]);
      await signIn(request, reply, user);
      return { status: 'success', user };
    });

    scope.post('/api/logout.php', async (request, reply) => {
      await accounts.logout(request.sessionToken);
      request.sessionToken = undefined;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      request.user = null;
      return { status: 'success' };
    });

    scope.get('/api/me.php', async (request) => ({ user: request.user }));

    scope.post('/api/restore-password.php', async (request) => {
      const input = parse(restoreRequestInput, request.body);
      await accounts.requestRestore(input.email, request.ip);
      return { status: 'success' };
    });

    scope.post('/api/reset-password.php', async (request, reply) => {
      const input = parse(resetPasswordInput, request.body);
      const user = await accounts.resetPassword(input.token, input.password);
      await signIn(request, reply, user);
      return { status: 'success', user };
    });

    await registerGoogleSignIn(scope, { config, accounts, signIn });
  });
}

/** Fields that are not strings (arrays, objects, numbers) are `invalid`, never a 500. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const codes = result.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? 'general'),
    code: 'invalid',
  }));
  throw new DomainError('invalid', { status: 400, message: 'Invalid input', codes });
}

/**
 * Browsers send Origin with every POST: it must be the site itself (PUBLIC_URL, or the origin the
 * request was addressed to). Without Origin the caller is not a browser (curl, apps) unless
 * Sec-Fetch-Site says cross-site. Cookies are SameSite=Lax besides.
 */
export function originAllowed(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site';
  return origin === config.publicUrl || origin === `${request.protocol}://${request.host}`;
}

export type SignIn = (request: FastifyRequest, reply: FastifyReply, user: CurrentUser) => Promise<void>;
