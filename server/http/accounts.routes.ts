// Accounts over HTTP (spec/shell.md §7, content.md §7): signup, confirmation link, login, logout, me,
// password restore. Also the two request-wide pieces every later area relies on: `request.user`
// (resolved once per request from the session cookie, also handed to SSR loaders) and the Origin
// check of state-changing /api calls.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type CurrentUser,
  confirmQuery,
  loginInput,
  meResponseSchema,
  resetPasswordInput,
  restoreRequestInput,
  signedInResponseSchema,
  signupInput,
  signupResponseSchema,
  successSchema,
} from '../../contract/accounts.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { type AccountsService, KNOWN_DEVICE_DAYS } from '../modules/accounts/accounts.service.ts';
import { LANG_COOKIE, type RequestLanguage, requestLanguageOf } from '../modules/accounts/mail-texts.ts';
import { type ContractApp, contractRoutes, errors, NO_SESSION, writeErrors } from './contract.ts';
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

  const cookieOptions = sessionCookieOptions(config);
  // Sent back only to the login call, the one place it is read.
  const deviceCookieOptions = { ...cookieOptions, path: LOGIN_PATH, maxAge: KNOWN_DEVICE_DAYS * 86_400 };

  app.addHook('onRequest', async (request, reply) => {
    if (ANONYMOUS_PREFIXES.some((p) => request.url.startsWith(p))) return;
    if (
      !SAFE_METHODS.has(request.method) &&
      request.url.startsWith('/api/') &&
      !originAllowed(request, config)
    ) {
      return reply.status(403).send({ error: english('api.bad_origin'), code: 'bad_origin', codes: [] });
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    let session: Awaited<ReturnType<AccountsService['userForSession']>>;
    try {
      session = await accounts.userForSession(token);
    } catch (error) {
      // The session store is away (Redis down): who is asking cannot be told, and answering as a guest
      // would show a member signed out. 503, try again shortly (docs/decisions.md 2026-11-29, issue 28).
      if (error instanceof DomainError && error.status === 503) return unavailable(request.url, reply, error);
      throw error;
    }
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

  // A call that needed a part that is away (the session store) says when to try again: the error's
  // `retry_after` becomes the header (onError runs before the error handler renders the answer).
  app.addHook('onError', async (_request, reply, error) => {
    const retryAfter = error instanceof DomainError ? error.info?.retry_after : undefined;
    if (error instanceof DomainError && error.status === 503 && typeof retryAfter === 'number') {
      reply.header('retry-after', String(retryAfter)).header('cache-control', 'no-store');
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
    registerAccountCalls(contractRoutes(scope), accounts, signIn);
    await registerGoogleSignIn(scope, { config, accounts, signIn });
  });
}

/** 503 with Retry-After: the API's error shape under /api/, a short text for pages. */
function unavailable(url: string, reply: FastifyReply, error: DomainError) {
  const retryAfter = typeof error.info?.retry_after === 'number' ? error.info.retry_after : 5;
  reply.status(503).header('retry-after', String(retryAfter)).header('cache-control', 'no-store');
  if (!url.startsWith('/api/')) return reply.type('text/plain; charset=utf-8').send(error.message);
  return reply.send({ error: error.message, code: error.code, codes: [] });
}

// The forms' own rules give the specific codes (accounts.service.ts); a field that is not text at all
// (a list, an object, a number in JSON) is listed as `invalid`, every such field at once.
const FORM = {
  tags: ['accounts'],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
};
const formErrors = { inputErrors: 'fields' } as const;

function registerAccountCalls(api: ContractApp, accounts: AccountsService, signIn: SignIn) {
  api.post(
    '/api/signup.php',
    {
      config: formErrors,
      schema: {
        ...FORM,
        summary: 'Create an account; a confirmation link is mailed.',
        description:
          'Field errors name each field: `required`, `min_length`, `max_length`, `invalid`, `exists` (`invalid_characters` for control characters). 429 `too_many_requests`: sign-ups per address, or account mails per address or e-mail, per hour. 503 `mail_failed`: the mail could not be sent (no account is made).',
        body: signupInput,
        response: { 200: signupResponseSchema, ...writeErrors(400, 429) },
      },
    },
    async (request) => {
      const { userId } = await accounts.signup(request.body, request.ip, mailLanguageOf(request));
      return { status: 'success' as const, user_id: userId, confirm_email: true as const };
    },
  );

  api.get(
    '/api/confirm.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the e-mail address from the mailed link; signs in and redirects home.',
        querystring: confirmQuery,
        response: {
          302: z.null().describe('To / (signed in), or to /signup/?error=invalid_link.'),
          ...errors(),
        },
      },
    },
    async (request, reply) => {
      try {
        const user = await accounts.confirmEmail(request.query.token);
        await signIn(request, reply, user);
        return reply.redirect('/', 302);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'invalid_link') {
          return reply.redirect('/signup/?error=invalid_link', 302);
        }
        throw error;
      }
    },
  );

  api.post(
    LOGIN_PATH,
    {
      config: formErrors,
      schema: {
        ...FORM,
        summary: 'Sign in by username or e-mail; sets the session cookie.',
        description:
          '400 `required` on a missing field (`invalid_characters` for control characters); 401 `invalid_usr_or_pwd`; 403 `not_confirmed` (e-mail not confirmed yet) or `account_banned` (with the right password only; info {reason, until: ISO or null for permanent}); 429 `too_many_attempts`: failures per address or per account (a browser that signed in before is exempt from the latter).',
        body: loginInput,
        // Its 401 is a wrong password, not a missing session: the call that makes one needs none.
        security: NO_SESSION,
        response: { 200: signedInResponseSchema, ...writeErrors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await accounts.login(request.body, request.ip, request.cookies[KNOWN_DEVICE_COOKIE]);
      await signIn(request, reply, user);
      return { status: 'success' as const, user };
    },
  );

  api.post(
    '/api/logout.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End the session.',
        // Takes no fields; a body that cannot be read (malformed JSON) is still a 400.
        response: { 200: successSchema, ...writeErrors(400) },
      },
    },
    async (request, reply) => {
      await accounts.logout(request.sessionToken);
      request.sessionToken = undefined;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      request.user = null;
      return { status: 'success' as const };
    },
  );

  api.get(
    '/api/me.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, or null.',
        response: { 200: meResponseSchema, ...errors() },
      },
    },
    async (request) => ({ user: request.user }),
  );

  api.post(
    '/api/restore-password.php',
    {
      config: formErrors,
      schema: {
        ...FORM,
        summary: 'Mail a single-use password reset link (valid 2 h).',
        description:
          '400 `required`, or `not_found` when no account has this address. 429 `too_many_requests`: account mails per address or per e-mail, per hour.',
        body: restoreRequestInput,
        response: { 200: successSchema, ...writeErrors(400, 429) },
      },
    },
    async (request) => {
      await accounts.requestRestore(request.body.email, request.ip, mailLanguageOf(request));
      return { status: 'success' as const };
    },
  );

  api.post(
    '/api/reset-password.php',
    {
      config: formErrors,
      schema: {
        ...FORM,
        summary: 'Set a new password with the reset token; signs in.',
        description:
          '400 `invalid_link` (used, expired or forged), or a password field error (`required`, `min_length`, `max_length`). Every other session of the account ends.',
        body: resetPasswordInput,
        response: { 200: signedInResponseSchema, ...writeErrors(400) },
      },
    },
    async (request, reply) => {
      const user = await accounts.resetPassword(request.body.token, request.body.password);
      await signIn(request, reply, user);
      return { status: 'success' as const, user };
    },
  );
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

/**
 * The language of the page that made an API call, for the account mails: the kt_lang cookie (API calls
 * carry no `?lang=`; a `?lang=` page writes the cookie, entry.client.tsx), and Accept-Language.
 */
export function mailLanguageOf(request: FastifyRequest): RequestLanguage {
  return requestLanguageOf(request.cookies[LANG_COOKIE], request.headers['accept-language']);
}

/** The session cookie's attributes (also set by the profile's password change, which starts a new one). */
export function sessionCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.secureCookies,
    maxAge: config.sessionDays * 86_400,
  };
}

export type SignIn = (request: FastifyRequest, reply: FastifyReply, user: CurrentUser) => Promise<void>;
