import type { FastifyInstance } from 'fastify';
import type { MediaStatus } from '../media/media-status.ts';

export interface Readiness {
  ready: boolean;
}

/**
 * 503 until migrations and the first-start seed are done, then 200 {"status":"ok"}; both carry `media`
 * once the tools are resolved: which ffmpeg/ffprobe (source, version, path) and whether uploads wait.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness, media?: MediaStatus) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = media?.report();
    const extra = report ? { media: report } : {};
    if (!readiness.ready) return reply.status(503).send({ status: 'starting', ...extra });
    return { status: 'ok', ...extra };
  });
}
