// The scope of the staff calls (moderation, reports): form-encoded bodies and answers no cache keeps.
import type { FastifyInstance } from 'fastify';
import { assertPlainText, urlencodedParser } from './input.ts';

export async function registerStaffScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    // Form-encoded (the spec's calls) or JSON, both bounded (64 KB is far above any staff form) and
    // both refusing control characters in a field (input.ts), before any handler sees the body.
    scope.removeContentTypeParser(['application/x-www-form-urlencoded', 'application/json']);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: STAFF_BODY_MAX_BYTES },
      urlencodedParser,
    );
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: STAFF_BODY_MAX_BYTES },
      (request, body, done) =>
        json(request, String(body), (error, value) => {
          if (error) return done(error);
          try {
            if (value && typeof value === 'object') assertPlainText(Object.entries(value));
          } catch (refused) {
            return done(refused as Error);
          }
          done(null, value);
        }),
    );
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await routes(scope);
  });
}

export const STAFF_BODY_MAX_BYTES = 64 * 1024;
