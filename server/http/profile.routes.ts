// POST /api/member.php (content.md §7 "POST /api/member.php for self profile", "for avatar and cover
// sections"): the signed-in member edits their own profile, by `section`; multipart (the images) or
// form-encoded. GET /api/confirm_email.php: the link of the e-mail change mail. A guest is asked to log
// in before anything is read; the Origin check of POSTs is the accounts hook's. Every change drops the
// member's cached public profile (/api/json/member/7200/{id}.json), so the next read is fresh.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberPath, memberReadPath } from '../../contract/members.ts';
import {
  EMAIL_CONFIRM_PATH,
  emailConfirmQuery,
  IMAGE_MAX_BYTES,
  type ImageSection,
  PROFILE_CODES,
  PROFILE_PATH,
  type ProfileCall,
  profileAnswerSchema,
  profileCallSchema,
} from '../../contract/profile.ts';
import type { Config } from '../config.ts';
import { DomainError, unauthorized } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { ProfileService } from '../modules/members/profile.service.ts';
import type { AppServices } from '../services.ts';
import { mailLanguageOf, SESSION_COOKIE, sessionCookieOptions } from './accounts.routes.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { assertPlainText } from './input.ts';

/** Room for the text fields (about me is at most 1000 characters). */
const TEXT_FIELD_MAX_BYTES = 16 * 1024;
const PROFILE_BODY_MAX_BYTES = IMAGE_MAX_BYTES + 64 * 1024;
const PROFILE_FORM_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: TEXT_FIELD_MAX_BYTES,
};
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const IMAGE_FIELDS = new Set<string>(['avatar', 'cover']);

const fileTooLarge = (field: string) =>
  new DomainError(PROFILE_CODES.fileTooLarge, {
    status: 413,
    message: english('api.file_too_large'),
    codes: [{ field, code: PROFILE_CODES.fileTooLarge }],
    info: { max_mb: IMAGE_MAX_BYTES / 1024 / 1024 },
  });

export interface ProfileRoutesDeps {
  config: Config;
  services: Pick<AppServices, 'accounts'> & { profile: ProfileService };
  /** Drops cached read answers by URL (catalog.routes.ts). */
  forgetAnswers: (urls: string[]) => Promise<void>;
}

export async function registerProfileRoutes(app: FastifyInstance, deps: ProfileRoutesDeps): Promise<void> {
  const { config, forgetAnswers } = deps;
  const { profile, accounts } = deps.services;
  const cookieOptions = sessionCookieOptions(config);
  const forgetMember = (userId: number) => forgetAnswers([memberReadPath(userId)]);

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.addHook('onRequest', async (request) => {
      // Only one's own profile exists here: a guest learns nothing else, and sends no body.
      if (request.method === 'POST' && !request.user) throw unauthorized();
      if (request.method === 'POST' && !FORM_TYPES.test(request.headers['content-type'] ?? '')) {
        throw new DomainError('invalid_request', {
          status: 415,
          message: english('api.unsupported_content_type'),
        });
      }
      if (Number(request.headers['content-length'] ?? 0) > PROFILE_BODY_MAX_BYTES)
        throw fileTooLarge('general');
    });
    scope.addHook('preValidation', async (request) => {
      if (request.isMultipart()) request.body = await readProfileForm(request);
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const api = contractRoutes(scope);

    api.post(
      PROFILE_PATH,
      {
        bodyLimit: PROFILE_BODY_MAX_BYTES,
        config: { multipartOptions: { limits: PROFILE_FORM_LIMITS } },
        schema: {
          tags: ['members'],
          summary: 'Edit one’s own profile, by section (the signed-in member only: no user id is taken).',
          description:
            "Field errors on their fields (the codes of each field are in its description). `password` is the current password where a section asks for it (`invalid_password`: 'Invalid password'). Section email mails a link to the new address (429 `too_many_requests`: account mails per address or e-mail, per hour; 503 `mail_failed`); password ends every other session and sets a new session cookie; delete removes the account and ends its sessions; clear_history empties the server history. 401 for a guest, before any input is read; 413 `file_too_large`; 415 for a body that is not a form.",
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
          body: profileCallSchema,
          response: { 200: profileAnswerSchema, ...writeErrors(400, 401, 503) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const user = request.user;
        const userId = user?.user_id ?? 0;
        switch (body.section) {
          case 'profile':
            await profile.saveProfile(user, body);
            await forgetMember(userId);
            return { ok: true as const, section: body.section };
          case 'avatar':
          case 'cover': {
            const file = imageOf(body, body.section);
            const { url } = await profile.setImage(user, body.section, file, body.remove === '1');
            await forgetMember(userId);
            return { ok: true as const, section: body.section, url };
          }
          case 'email': {
            const language = mailLanguageOf(request);
            const { pending_email } = await profile.requestEmailChange(user, body, request.ip, language);
            return { ok: true as const, section: body.section, pending_email };
          }
          case 'password': {
            await profile.changePassword(user, body);
            // Every session ended: this browser gets a new one and stays signed in.
            const token = await accounts.startSession(userId, {
              ip: request.ip,
              userAgent: request.headers['user-agent'] ?? null,
            });
            reply.setCookie(SESSION_COOKIE, token, cookieOptions);
            return { ok: true as const, section: body.section };
          }
          case 'delete':
            await profile.deleteAccount(user, body);
            await forgetMember(userId);
            reply.clearCookie(SESSION_COOKIE, { path: '/' });
            return { ok: true as const, section: body.section };
          case 'clear_history':
            await profile.clearHistory(user);
            return { ok: true as const, section: body.section };
        }
      },
    );

    api.get(
      EMAIL_CONFIRM_PATH,
      {
        schema: {
          tags: ['members'],
          summary: 'The e-mail change link: sets the new address and goes to the edit page.',
          querystring: emailConfirmQuery,
          response: {
            302: z
              .null()
              .describe(
                'To /members/{id}/edit/?email=changed, /members/{id}/edit/?email=exists (another account took the address meanwhile), or /signup/?error=invalid_link (used, replaced, expired or forged).',
              ),
            ...errors(),
          },
        },
      },
      async (request, reply) => {
        try {
          const { userId } = await profile.confirmEmailChange(request.query.token);
          return reply.redirect(`${memberPath(userId, 'edit')}?email=changed`, 302);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'invalid_link')
            return reply.redirect('/signup/?error=invalid_link', 302);
          if (error instanceof DomainError && error.code === PROFILE_CODES.exists && request.user)
            return reply.redirect(`${memberPath(request.user.user_id, 'edit')}?email=exists`, 302);
          if (error instanceof DomainError && error.code === PROFILE_CODES.exists)
            return reply.redirect('/signup/?error=invalid_link', 302);
          throw error;
        }
      },
    );
  });
}

/** The image of an avatar or cover call (an empty part is no file: browsers send one when none was chosen). */
function imageOf(body: ProfileCall, section: ImageSection): Buffer | null {
  const file = body[section];
  return file && file.byteLength > 0 ? Buffer.from(file.buffer, file.byteOffset, file.byteLength) : null;
}

/**
 * A multipart body as fields: the first value of a repeated name wins, control characters are a 400
 * on their field (input.ts), and `avatar` / `cover` are the uploaded image. The route's limits bound
 * every part; going past one is a 413 on the image's field.
 */
async function readProfileForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const text: Array<[string, unknown]> = [];
  const files = new Map<string, Buffer>();
  let field = 'general';
  try {
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      if (part.type === 'field') {
        text.push([part.fieldname, part.value]);
        continue;
      }
      field = IMAGE_FIELDS.has(part.fieldname) ? part.fieldname : 'general';
      const data = await part.toBuffer();
      if (IMAGE_FIELDS.has(part.fieldname) && data.length > 0 && !files.has(part.fieldname))
        files.set(part.fieldname, data);
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413)
      throw fileTooLarge(field);
    throw new DomainError('invalid_request', { message: english('api.unreadable_form') });
  }
  assertPlainText(text);
  const fields = new Map<string, unknown>();
  for (const [name, value] of text) if (!fields.has(name) && !IMAGE_FIELDS.has(name)) fields.set(name, value);
  for (const [name, data] of files) fields.set(name, data);
  return Object.fromEntries(fields);
}
