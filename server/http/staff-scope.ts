// The scope of the staff calls (moderation, reports): moderators and administrators only, checked
// before the input; form-encoded (the spec's calls) or JSON bodies of at most 64 KB; answers no cache
// keeps.
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { DomainError, type FieldError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { requireModerator } from '../modules/access.ts';
import { assertPlainText } from './input.ts';

/** 64 KB is far above any staff form. */
export const STAFF_BODY_MAX_BYTES = 64 * 1024;

export async function registerStaffScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit ??= STAFF_BODY_MAX_BYTES;
    });
    scope.addHook('preValidation', async (request) => {
      // A JSON body gets the check the form parser gives form fields (input.ts): control characters
      // are a 400 on their field, whoever sends them.
      const body = request.body;
      if (body && typeof body === 'object') assertPlainText(Object.entries(body));
      // Permissions before the input's schema: a guest or a member learns nothing about the parameters.
      requireModerator(request.user);
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await routes(scope);
  });
}

/**
 * The staff forms' answer to input that fails its schema (route option `schemaErrorFormatter`):
 * `{error: 'Invalid input', code: 'invalid', codes}` with each failing field once, its code being the
 * schema's message (`required`, `invalid`), as the page forms show them.
 */
export function staffInputErrors(issues: FastifySchemaValidationError[]): DomainError {
  const codes = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean)[0] ?? 'general';
    const code = issue.message && /^[a-z][a-z0-9_]*$/.test(issue.message) ? issue.message : 'invalid';
    if (!codes.has(field)) codes.set(field, code);
  }
  const fields: FieldError[] = [...codes].map(([field, code]) => ({ field, code }));
  return new DomainError('invalid', { status: 400, message: english('api.invalid_input'), codes: fields });
}
