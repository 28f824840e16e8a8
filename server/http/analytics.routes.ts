// POST /api/stats.php (contract/analytics.ts; issue 17): the browser's batches of page views and goal
// events, public, no login. JSON, as `application/json` or as navigator.sendBeacon's string body
// (`text/plain`, which needs no preflight); a body over STATS_BODY_LIMIT is 413 before it is read
// whole. The Origin check of POSTs is the accounts hook's; the per-address budget is the service's
// (a beacon every few seconds must not spend the site's general write budget either: the route opts
// out of it). GET /api/stats.php?goal=… is the pixel form for ad impressions (a VAST <Impression>):
// one goal of a fixed few, no body and no Origin, 204.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STATS_BODY_LIMIT,
  STATS_DESCRIPTION,
  STATS_PATH,
  STATS_PIXEL_DESCRIPTION,
  statsBatchSchema,
  statsPixelQuery,
  statsResponseSchema,
} from '../../contract/analytics.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { AnalyticsService } from '../modules/analytics/analytics.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';

const invalidJson = () =>
  new DomainError('invalid_json', {
    status: 400,
    message: english('api.invalid_json'),
    codes: [{ field: 'general', code: 'invalid_json' }],
  });

/**
 * A beacon's body in `scope`: JSON either way (`application/json`, or navigator.sendBeacon's string body
 * as `text/plain`); one parser, so that a broken body is the same 400 whatever its type says. Also the
 * ad events' call (ad-stats.routes.ts).
 */
export function addBeaconJsonParser(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(invalidJson(), undefined);
      }
    },
  );
}

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  analytics: AnalyticsService,
): Promise<void> {
  await app.register(async (scope) => {
    addBeaconJsonParser(scope, STATS_BODY_LIMIT);
    contractRoutes(scope).post(
      STATS_PATH,
      {
        bodyLimit: STATS_BODY_LIMIT,
        // Out of the general write budget (protection.ts): the service keeps a budget of its own.
        config: { rateLimit: false },
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        schema: {
          tags: ['analytics'],
          summary: 'First-party analytics: page views and goal events, in batches (shell.md §7).',
          description: STATS_DESCRIPTION,
          consumes: ['application/json', 'text/plain'],
          body: statsBatchSchema,
          response: {
            200: statsResponseSchema,
            ...writeErrors(400),
            400: errorBodySchema.describe(
              'Bad input: `invalid_json`, `required`, `too_many_events`, `invalid_type`, `invalid_name`, `invalid_campaign`.',
            ),
            413: errorBodySchema.describe(`A body over ${STATS_BODY_LIMIT} bytes.`),
            429: errorBodySchema.describe(
              '`too_many_requests`: more calls from this address in a minute than the analytics budget allows.',
            ),
          },
        },
      },
      async (request) => {
        const { accepted } = await analytics.record(request.body.events, { ip: request.ip });
        return { ok: true as const, accepted };
      },
    );
    contractRoutes(scope).get(
      STATS_PATH,
      {
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        schema: {
          tags: ['analytics', 'ads'],
          summary: 'First-party analytics, the pixel form: one ad impression (a VAST <Impression> URL).',
          description: STATS_PIXEL_DESCRIPTION,
          querystring: statsPixelQuery,
          response: {
            204: z.undefined().describe('Counted; no body.'),
            ...errors(400, 429),
            400: errorBodySchema.describe('`invalid_name`: no goal, or one the pixel does not count.'),
            429: errorBodySchema.describe(
              '`too_many_requests`: more calls from this address in a minute than the analytics budget allows.',
            ),
          },
        },
      },
      async (request, reply) => {
        await analytics.record([{ type: 'goal', name: request.query.goal }], { ip: request.ip });
        return reply.code(204).send();
      },
    );
  });
}
