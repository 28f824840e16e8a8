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

/** StorageHealthReport (server/storage/storage-health.ts). */
const storageReportSchema = z
  .object({
    kind: z.enum(['local', 's3']),
    status: z.enum(['ok', 'unreachable']),
    checkedAt: z
      .string()
      .describe('When the check ran (ISO 8601); checks run at most every 10 s per process.'),
    error: z.string().optional().describe('Why the storage did not answer.'),
  })
  .optional()
  .describe('Whether the media storage answers (S3: a HEAD of the bucket, 2 s timeout).');

const healthSchema = {
  tags: ['probes'],
  summary:
    'Health: 503 until migrations and the first-start seed are done, then 200; `degraded` (still 200) while the media storage does not answer; the media tools.',
  response: {
    200: z.object({
      status: z
        .enum(['ok', 'degraded'])
        .describe(
          '`degraded`: the media storage does not answer. Pages and the API still serve; uploads wait and retry. Still 200: a shared bucket down must not take every web process out of the load balancer.',
        ),
      media: mediaReportSchema,
      storage: storageReportSchema,
    }),
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
 * Once ready, `storage` says whether the media storage answers (a check cached for 10 s): while it does
 * not, the status is `degraded`, still with 200 (docs/decisions.md, issue 28): the bucket is shared by
 * every web process, and a 503 would have the load balancer take them all out at once, though pages
 * and the API serve on without it.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness, media?: MediaStatus) {
  contractRoutes(app).get('/healthz', { schema: healthSchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = media?.report();
    const extra = report ? { media: report } : {};
    if (!readiness.ready) return reply.status(503).send({ status: 'starting' as const, ...extra });
    const storage = await media?.get()?.storage?.report();
    if (!storage) return { status: 'ok' as const, ...extra };
    return { status: storage.status === 'ok' ? ('ok' as const) : ('degraded' as const), ...extra, storage };
  });
}
