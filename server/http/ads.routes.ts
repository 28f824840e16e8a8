// Ads over HTTP (issue 6): the administrators' zone editor API and the self-hosted house creatives.
// Permissions and validation live in the ads service; this binds paths to it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_ADS_PATH,
  adZoneListSchema,
  adZoneSavedSchema,
  adZoneUpdateInput,
  LIVE_ADS_PATH,
  liveAdsAnswerSchema,
} from '../../contract/ads.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { requireAdministrator } from '../modules/access.ts';
import type { AdsService } from '../modules/ads/ads.service.ts';
import { houseAdSvg, parseHouseAd } from '../modules/ads/house-ads.ts';
import { HOUSE_PREROLL_PATH, vastOrigin } from '../modules/ads/house-preroll.ts';
import type { RequestLike } from '../modules/geo/country.ts';
import { requestLikeOf } from '../modules/geo/visitor.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';

/** `/ads/house/{width}x{height}[-{variant}].svg`; any other name is a 404 (the service reads the rest). */
const houseAdParams = z.object({
  name: z
    .string()
    .regex(/\.svg$/, 'not_found')
    .transform((name) => name.slice(0, -4))
    .describe('e.g. 300x250.svg, 300x250-2.svg, 728x90-promo.svg'),
});

export function registerAdsRoutes(
  app: FastifyInstance,
  options: {
    ads: AdsService;
    siteName: string;
    publicUrl: string;
    /** The visitor's country (modules/geo/country.ts), for the live ads; absent: no live ads. */
    countryOf?: (request: RequestLike) => string | null;
  },
) {
  const { ads, siteName, publicUrl, countryOf } = options;

  contractRoutes(app).get(
    LIVE_ADS_PATH,
    {
      schema: {
        tags: ['ads'],
        summary: 'The under-player live ads of this visitor (content.md §4, §7).',
        description:
          "The live-ads zone's feed URL when the zone is on, the visitor is a guest from one of its countries (default de, fr, nl, us) and the zone's draw (default 90 %) says so; else null. Asked once per video page; the page then asks the feed with `count` 11 or 10 (window over 1200 px) and shows its `data.models`.",
        response: { 200: liveAdsAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const country = countryOf?.(requestLikeOf(request.raw)) ?? null;
      return { feed: await ads.liveFeed(request.user, country) };
    },
  );

  app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // The ads service decides this too; here it comes before the body is checked, so that a guest or a
    // member learns nothing about the input (401/403 whatever they send).
    scope.addHook('preValidation', async (request) => assertAdministrator(request));
    const api = contractRoutes(scope);
    api.get(
      ADMIN_ADS_PATH,
      {
        schema: {
          tags: ['admin'],
          summary: 'The ad zones and their settings (administrators).',
          response: { 200: adZoneListSchema, ...errors(401, 403) },
        },
      },
      async (request) => ({ zones: await ads.list(request.user) }),
    );
    api.post(
      ADMIN_ADS_PATH,
      {
        config: { inputErrors: 'fields' },
        schema: {
          tags: ['admin'],
          summary: 'Change one ad zone (administrators): VAST tags, fallback, banners, promo.',
          description:
            'JSON body `{key, enabled, config}`; the config is checked against its zone. 400 `invalid` with codes naming each field (`key`, `enabled`, or the path in the config such as `config.tags.0`: `invalid_url`, `too_many`, `out_of_range`, `invalid`). Takes effect on the next page load.',
          body: adZoneUpdateInput,
          response: { 200: adZoneSavedSchema, ...writeErrors(400, 401, 403) },
        },
      },
      async (request) => ({
        status: 'success' as const,
        zone: await ads.update(request.user, request.body),
      }),
    );
  });

  contractRoutes(app).get(
    '/ads/house/:name',
    {
      schema: {
        tags: ['ads'],
        summary: "The site's own placeholder creatives (SVG), used as house ads in the ad zones.",
        params: houseAdParams,
        response: {
          200: {
            description: 'The creative, cacheable for a day.',
            content: { 'image/svg+xml': { schema: z.string() } },
          },
          // The site-wide rule for paths that look like pages (server/app.ts).
          301: z.null().describe('A name without a dot: redirected to the same path with a slash.'),
          ...errors(404),
        },
      },
    },
    async (request, reply) => {
      const ad = parseHouseAd(request.params.name);
      if (!ad) throw new DomainError('not_found', { status: 404, message: english('api.not_found') });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(houseAdSvg(ad.width, ad.height, ad.variant, siteName));
    },
  );

  contractRoutes(app).get(
    HOUSE_PREROLL_PATH,
    {
      schema: {
        tags: ['ads'],
        summary: "The site's own VAST pre-roll (the demo's house ad), for the pre-roll zone's tags.",
        description:
          'VAST 3.0 with one linear creative (a test-pattern video in storage); its URLs are on the address the request came to. 404 until the demo seed has stored the creative.',
        response: {
          200: {
            description: 'The VAST document; not stored by caches (its URLs follow the address asked).',
            content: { 'application/xml': { schema: z.string() } },
          },
          ...errors(404),
        },
      },
    },
    async (request, reply) => {
      // The address the player asked (TRUST_PROXY decides whether a proxy's protocol and host count),
      // or PUBLIC_URL when that is the same host.
      const origin = vastOrigin({ protocol: request.protocol, host: request.host }, publicUrl);
      const vast = await ads.housePreroll({ origin, siteName });
      if (vast === null)
        throw new DomainError('not_found', { status: 404, message: english('api.not_found') });
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(vast);
    },
  );
}

/** The ads service's rule (administrators only), before the body is read: 401, then 403. */
function assertAdministrator(request: FastifyRequest): void {
  requireAdministrator(request.user);
}
