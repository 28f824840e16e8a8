import type { FastifyInstance } from 'fastify';

export interface Readiness {
  ready: boolean;
}

/** 503 until migrations and the first-start seed are done, then 200 {"status":"ok"}. */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!readiness.ready) return reply.status(503).send({ status: 'starting' });
    return { status: 'ok' };
  });
}
