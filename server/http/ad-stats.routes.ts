// Ad accounting over HTTP (issue 32): the pages' batches of ad events (public; the Origin check of
// POSTs is the accounts hook's, the per-address budget the service's, outside the general write budget
// as the analytics beacon is), and the administrators' report: JSON for the console, CSV to download.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AD_EVENTS_BODY_LIMIT, AD_EVENTS_CALLS_PER_MINUTE, AD_EVENTS_PATH } from '../../contract/ads.ts';
import {
  AD_EVENTS_DESCRIPTION,
  ADMIN_AD_STATS_CSV_PATH,
  ADMIN_AD_STATS_PATH,
  adEventsBatchSchema,
  adEventsResponseSchema,
  adStatsQuery,
  adStatsReportSchema,
} from '../../contract/ads-stats.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { requireAdministrator } from '../modules/access.ts';
import type { AdStatsService } from '../modules/ads/ad-stats.service.ts';
import { addBeaconJsonParser } from './analytics.routes.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';

export async function registerAdStatsRoutes(app: FastifyInstance, adStats: AdStatsService): Promise<void> {
  await app.register(async (scope) => {
    addBeaconJsonParser(scope, AD_EVENTS_BODY_LIMIT);
    contractRoutes(scope).post(
      AD_EVENTS_PATH,
      {
        bodyLimit: AD_EVENTS_BODY_LIMIT,
        // Out of the general write budget (protection.ts): the service keeps a budget of its own.
        config: { rateLimit: false },
        onRequest: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
        schema: {
          tags: ['ads'],
          summary: 'Ad accounting: impressions, clicks, pre-roll quartiles and skips, in batches (issue 32).',
          description: AD_EVENTS_DESCRIPTION,
          consumes: ['application/json', 'text/plain'],
          body: adEventsBatchSchema,
          response: {
            200: adEventsResponseSchema,
            ...writeErrors(400),
            400: errorBodySchema.describe(
              'Bad input: `invalid_json`, `required`, `too_many_events`, `invalid_zone`, `invalid_event`, `invalid_creative`.',
            ),
            413: errorBodySchema.describe(`A body over ${AD_EVENTS_BODY_LIMIT} bytes.`),
            429: errorBodySchema.describe(
              `\`too_many_requests\`: more than ${AD_EVENTS_CALLS_PER_MINUTE} calls from this address in a minute.`,
            ),
          },
        },
      },
      async (request) => {
        const { accepted } = await adStats.record(request.body.events, { ip: request.ip });
        return { ok: true as const, accepted };
      },
    );
  });

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // 401, then 403, before the query is read (as the zone editor's calls).
    scope.addHook('preValidation', async (request) => requireAdministrator(request.user));
    const api = contractRoutes(scope);
    api.get(
      ADMIN_AD_STATS_PATH,
      {
        schema: {
          tags: ['admin', 'ads'],
          summary: "Each ad zone's counts over the last days (administrators).",
          description:
            'Per zone: totals of every event, CTR (clicks per impression), completion (completes per pre-roll start), a daily series of impressions and clicks, and the creatives. Days in UTC; today is the last.',
          querystring: adStatsQuery,
          response: { 200: adStatsReportSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => adStats.report(request.user, request.query.days),
    );
    api.get(
      ADMIN_AD_STATS_CSV_PATH,
      {
        schema: {
          tags: ['admin', 'ads'],
          summary: 'The ad counts as CSV (administrators): one row per day, zone and creative.',
          description:
            'Columns: day, zone, creative, then one per event (impression, click, start, firstQuartile, midpoint, thirdQuartile, complete, skip). UTF-8, CRLF line ends, RFC 4180 quoting; a cell a spreadsheet would read as a formula (= + - @ first) starts with an apostrophe. Sent as an attachment.',
          querystring: adStatsQuery,
          response: {
            200: {
              description: 'The CSV file.',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...errors(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const { from, to, body } = await adStats.csv(request.user, request.query.days);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ad-stats-${from}-${to}.csv"`)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  });
}
