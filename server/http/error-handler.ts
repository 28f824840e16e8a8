import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S, type DatabaseAvailability, isConnectionError } from '../db/availability.ts';
import { DomainError, type FieldError } from '../errors.ts';
import { english } from '../lib/english.ts';

/**
 * The one place errors become HTTP answers, in the spec's shape:
 *   { error: <message>, code: <code>, codes: [{ field, code }] }
 * Bad input is a 4xx with codes; anything unexpected is a 500 that says nothing about internals.
 */
export function registerErrorHandler(app: FastifyInstance, availability?: DatabaseAvailability) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send({
        error: error.message,
        code: error.code,
        codes: error.codes,
        ...(error.info ? { info: error.info } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const answer = schemaError(request, error.validation, error.validationContext);
      return reply.status(answer.status).send(answer.body);
    }
    if (error.validation) {
      const codes: FieldError[] = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, issue.params),
        code: issue.keyword === 'required' ? 'required' : 'invalid',
      }));
      return reply
        .status(400)
        .send({ error: english('api.invalid_request'), code: 'invalid_request', codes });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type...).
      const code = (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send({ error: error.message, code, codes: [] });
    }
    if (PG_BAD_TEXT.has(String(error.code))) {
      // The edge refuses control characters (input.ts); this is the net for a path that skipped it
      // (a JSON body, a new route): PostgreSQL refusing a NUL is bad input, not a server fault.
      request.log.warn({ err: error }, 'text refused by the database');
      return reply.status(400).send({
        error: english('api.invalid_characters'),
        code: 'invalid_characters',
        codes: [{ field: 'general', code: 'invalid_characters' }],
      });
    }
    if (availability?.note(error) || isConnectionError(error)) {
      // The database went away under this request (server/db/availability.ts): try again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ error: english('api.database_unavailable'), code: 'service_unavailable', codes: [] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: english('api.internal_error'), code: 'internal_error', codes: [] });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: english('api.not_found'), code: 'not_found', codes: [] }),
  );
}

// character_not_in_repertoire (a NUL in text), untranslatable_character (\u0000 in jsonb).
const PG_BAD_TEXT = new Set(['22021', '22P05']);

interface Issue {
  instancePath: string;
  message?: string;
}

/** A spec code is snake case; anything else (zod's own English) becomes `invalid_{field}`. */
const SPEC_CODE = /^[a-z][a-z0-9_]*$/;

/**
 * A request that fails its route's zod schema (contract.ts), in the spec's shape. The schemas' messages
 * are the spec's codes; `not_found` means the path names nothing (a 404, as a path that matches no route).
 */
function schemaError(request: FastifyRequest, issues: Issue[], context: string | undefined) {
  const fieldOfIssue = (issue: Issue) =>
    issue.instancePath
      .split('/')
      .filter((part) => part !== '' && !/^\d+$/.test(part))
      .pop() ?? (context === 'body' ? 'general' : (context ?? 'general'));
  if (request.routeOptions.config.inputErrors === 'fields') {
    const codes = issues.map((issue) => ({ field: fieldOfIssue(issue), code: 'invalid' }));
    return { status: 400, body: { error: english('api.invalid_input'), code: 'invalid', codes } };
  }
  const [first] = issues;
  const field = first ? fieldOfIssue(first) : 'general';
  const code = first?.message && SPEC_CODE.test(first.message) ? first.message : `invalid_${field}`;
  if (code === 'not_found')
    return { status: 404, body: { error: english('api.not_found'), code, codes: [] } };
  return {
    status: 400,
    body: { error: english('api.invalid_field', { field }), code, codes: [{ field, code }] },
  };
}

function fieldOf(instancePath: string, params: Record<string, unknown>): string {
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  const last = instancePath.split('/').filter(Boolean).pop();
  return last ?? 'general';
}
