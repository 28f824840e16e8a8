// GET /healthz: the probe of process managers and load balancers (not part of the site's API, but
// documented with it).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors.ts';
import type { MediaStatus } from '../media/media-status.ts';
import { contractRoutes, errors } from './contract.ts';

export interface Readiness {
  ready: boolean;
}

const toolSchema = z.object({
  source: z.enum(['env', 'system', 'bundled']),
  version: z.string().describe('The first line of `-version`; empty when it did not run.'),
  path: z.string(),
});

/** MediaStatusReport (server/media/media-status.ts). */
const mediaReportSchema = z
  .object({
    ffmpeg: toolSchema,
    ffprobe: toolSchema,
    missing: z.array(z.string()).describe('What the pipeline lacks (encoders, filters); empty when nothing.'),
    uploads: z.enum(['processed', 'waiting']),
    uploadsWaitReason: z.string().optional().describe("Why members' uploads wait."),
  })
  .optional()
  .describe('Which ffmpeg and ffprobe were chosen, once resolved at boot.');

const healthSchema = {
  tags: ['probes'],
  summary: 'Health: 503 until migrations and the first-start seed are done, then 200; the media tools.',
  response: {
    200: z.object({ status: z.literal('ok'), media: mediaReportSchema }),
    ...errors(),
    503: z.union([
      z.object({ status: z.literal('starting'), media: mediaReportSchema }).describe('Still starting.'),
      errorBodySchema,
    ]),
  },
};

/**
 * 503 until migrations and the first-start seed are done, then 200 {"status":"ok"}; both carry `media`
 * once the tools are resolved: which ffmpeg/ffprobe (source, version, path) and whether uploads wait.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness, media?: MediaStatus) {
  contractRoutes(app).get('/healthz', { schema: healthSchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = media?.report();
    const extra = report ? { media: report } : {};
    if (!readiness.ready) return reply.status(503).send({ status: 'starting' as const, ...extra });
    return { status: 'ok' as const, ...extra };
  });
}
