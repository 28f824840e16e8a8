import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type FieldError } from '../errors.ts';

/**
 * The one place errors become HTTP answers, in the spec's shape:
 *   { error: <message>, code: <code>, codes: [{ field, code }] }
 * Bad input is a 4xx with codes; anything unexpected is a 500 that says nothing about internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send({
        error: error.message,
        code: error.code,
        codes: error.codes,
        ...(error.info ? { info: error.info } : {}),
      });
    }
    if (error.validation) {
      const codes: FieldError[] = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, issue.params),
        code: issue.keyword === 'required' ? 'required' : 'invalid',
      }));
      return reply.status(400).send({ error: 'Invalid request', code: 'invalid_request', codes });
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
        error: 'Invalid characters',
        code: 'invalid_characters',
        codes: [{ field: 'general', code: 'invalid_characters' }],
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal_error', codes: [] });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: 'Not found', code: 'not_found', codes: [] }),
  );
}

// character_not_in_repertoire (a NUL in text), untranslatable_character (\u0000 in jsonb).
const PG_BAD_TEXT = new Set(['22021', '22P05']);

function fieldOf(instancePath: string, params: Record<string, unknown>): string {
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  const last = instancePath.split('/').filter(Boolean).pop();
  return last ?? 'general';
}
