// The scope of the staff calls (moderation, reports): form-encoded bodies and answers no cache keeps.
import type { FastifyInstance } from 'fastify';

export async function registerStaffScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await routes(scope);
  });
}
