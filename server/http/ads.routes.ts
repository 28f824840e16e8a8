// Ads over HTTP (issue 6): the administrators' zone editor API and the self-hosted house creatives.
// Permissions and validation live in the ads service; this binds paths to it.
import type { FastifyInstance } from 'fastify';
import { ADMIN_ADS_PATH } from '../../contract/ads.ts';
import type { AdsService } from '../modules/ads/ads.service.ts';
import { houseAdSvg, parseHouseAd } from '../modules/ads/house-ads.ts';

export function registerAdsRoutes(app: FastifyInstance, options: { ads: AdsService; siteName: string }) {
  const { ads, siteName } = options;

  app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    scope.get(ADMIN_ADS_PATH, async (request) => ({ zones: await ads.list(request.user) }));
    scope.post(ADMIN_ADS_PATH, async (request) => ({
      status: 'success',
      zone: await ads.update(request.user, request.body),
    }));
  });

  app.get<{ Params: { name: string } }>('/ads/house/:name', async (request, reply) => {
    const name = request.params.name.endsWith('.svg') ? request.params.name.slice(0, -4) : '';
    const ad = parseHouseAd(name);
    if (!ad) return reply.status(404).send({ error: 'Not found', code: 'not_found', codes: [] });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(houseAdSvg(ad.width, ad.height, ad.variant, siteName));
  });
}
