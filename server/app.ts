import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { DATABASE_RETRY_AFTER_S } from './db/availability.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerAccounts, SESSION_COOKIE } from './http/accounts.routes.ts';
import { registerAdStatsRoutes } from './http/ad-stats.routes.ts';
import { registerAdminAuditRoutes } from './http/admin-audit.routes.ts';
import { registerDashboardRoutes } from './http/admin-dashboard.routes.ts';
import { registerAdminSearchTermsRoutes } from './http/admin-search-terms.routes.ts';
import { registerAdminSettingsRoutes } from './http/admin-settings.routes.ts';
import { registerAdminTaxonomyRoutes } from './http/admin-taxonomy.routes.ts';
import { registerAdminUsersRoutes } from './http/admin-users.routes.ts';
import { registerAdminVideosRoutes } from './http/admin-videos.routes.ts';
import { registerAdsRoutes } from './http/ads.routes.ts';
import { registerAgeVerificationRoutes } from './http/age-verification.routes.ts';
import { registerAnalyticsRoutes } from './http/analytics.routes.ts';
import { registerAppealsRoutes } from './http/appeals.routes.ts';
import { registerCatalogRoutes } from './http/catalog.routes.ts';
import { registerContract } from './http/contract.ts';
import { registerDmcaRoutes } from './http/dmca.routes.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { createFrontDoor } from './http/front-door.ts';
import { type Readiness, registerHealthRoutes } from './http/health.routes.ts';
import { encodedUnreservedPath, normalisedPath } from './http/input.ts';
import { registerMediaRoutes } from './http/media.routes.ts';
import { registerMessagesRoutes } from './http/messages.routes.ts';
import { registerModerationRoutes } from './http/moderation.routes.ts';
import { createMetrics, registerObservability, requestIdOptions } from './http/observability.ts';
import { createPageCache } from './http/page-cache.ts';
import { registerProfileRoutes } from './http/profile.routes.ts';
import { registerProtection } from './http/protection.ts';
import { registerRecordsRoutes } from './http/records.routes.ts';
import { registerReportRoutes } from './http/report.routes.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerWeb, type SsrHandler } from './http/ssr.ts';
import { registerThumbsRoutes } from './http/thumbs.routes.ts';
import { registerUploadRoutes } from './http/upload.routes.ts';
import { registerVideoFileRoutes } from './http/videofile.routes.ts';
import { registerWatchRoutes } from './http/watch.routes.ts';
import { english } from './lib/english.ts';
import { createCountryResolver } from './modules/geo/country.ts';
import { liveVisitorResolver } from './modules/settings/settings.wiring.ts';
import { startUploadCleaner } from './modules/upload/upload-cleaner.ts';
import type { AppServices } from './services.ts';

export interface AppOptions {
  config: Config;
  services: AppServices;
  readiness: Readiness;
  /** The React Router request handler; null serves the API only (some tests). */
  ssr: SsrHandler | null;
  logger?: FastifyServerOptions['logger'];
  /** The database /readyz pings (and, for PostgreSQL, whether it is away); without it, readiness alone decides. */
  database?: Pick<DatabaseHandle, 'db' | 'availability'>;
}

// Paths that are files or machine endpoints, never pages: they keep their exact form.
const NON_PAGE_PREFIXES = [
  '/api/',
  '/media/',
  '/assets/',
  '/healthz',
  '/livez',
  '/readyz',
  '/metrics',
  '/__manifest',
];
// Probes answer (200 or 503) while the app is still starting.
const ANSWER_WHILE_STARTING = ['/healthz', '/livez', '/readyz'];

/** Layers: error mapping and request gates, then machine routes, media, and the web pages last. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, readiness } = options;
  const metrics = createMetrics();
  const frontDoor = createFrontDoor({
    ready: () => readiness.ready,
    countHit: metrics.frontDoorHit,
    compress: config.compression,
  });
  const app = Fastify({
    serverFactory: (handler, fastifyOptions) =>
      frontDoor.serverFactory(handler, fastifyOptions, {
        publicUrl: config.publicUrl,
        trustProxy: config.trustProxy,
        limits: { maxConnectionsPerAddress: config.maxConnectionsPerAddress },
        warn: (fields, message) => app.log.warn(fields, message),
      }),
    logger: options.logger ?? { level: config.logLevel },
    forceCloseConnections: 'idle',
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...requestIdOptions,
  });

  // Registered first, so it runs last on close (Fastify closes in reverse order).
  app.addHook('onClose', async () => {
    await options.services.acts.close();
    await options.services.infra.closeInfra();
  });
  const availability = options.database?.availability;
  registerErrorHandler(app, availability);
  // First of all hooks: a path with percent-encoded letters (`/%61pi/input.php`) reaches the route its
  // decoded form names, so the write checks below, keyed on the path, must never see one (issue 34).
  app.addHook('onRequest', async (request, reply) => {
    // Reads change nothing and pass no write check: they are answered as the router reads them.
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (encodedUnreservedPath(request.url) === null) return;
    return reply
      .status(400)
      .send({ error: english('api.invalid_request'), code: 'invalid_request', codes: [] });
  });
  // PostgreSQL away (a restart, a failover): 503 with Retry-After at once, without a connection attempt
  // per request, until the probe sees it back (server/db/availability.ts). Cached answers are still
  // served by the front door meanwhile.
  if (availability) {
    app.addHook('onRequest', async (request, reply) => {
      if (!availability.away() || ANSWER_WHILE_STARTING.some((p) => request.url.startsWith(p))) return;
      return databaseAway(request.url, reply);
    });
  }
  // Before any route: both plugins act on the routes registered after them.
  // The write budget is read once, here: the stored setting (issue 17) if the database has one yet
  // (not before the first migration: then the environment's), so a change applies after a restart.
  await options.services.settings?.fresh();
  await registerProtection(app, {
    writesPerMinute: options.services.settings?.current().rateLimits.writesPerMinute ?? config.writeRateLimit,
    redis: options.services.infra.redis,
    compress: config.compression,
  });
  // First of the routes, so that the generated document sees every route registered after it.
  await registerContract(app, {
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    checkResponses: config.checkResponses,
  });

  // On close, Node stops accepting but keeps keep-alive sockets open until they time out (72 s), so a
  // connected browser would hold up a SIGTERM. Once closing, each socket is closed when it goes idle.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.server.on('request', (_req, res) => {
    res.once('finish', () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
  });

  // Before the gate below, so that its 503 carries the request id.
  registerObservability(app, {
    readiness,
    metrics,
    db: options.database?.db,
    metricsToken: config.metricsToken,
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!readiness.ready && !ANSWER_WHILE_STARTING.some((p) => url.startsWith(p))) {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: english('api.starting'), code: 'starting', codes: [] });
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const redirect = trailingSlashRedirect(url);
      if (redirect) return reply.redirect(redirect, 301);
    }
  });
  // The site settings in effect (issue 17): a cheap version check at most every 2 s per process.
  app.addHook('onRequest', async () => {
    await options.services.settings?.fresh();
  });

  app.addHook('onSend', async (request, reply) => {
    // Decided on the resolved path: `/embed/../admin/` is not the embed player (input.ts).
    reply.headers(securityHeaders(normalisedPath(request.url)));
  });

  registerHealthRoutes(app, readiness, options.services.mediaStatus);
  await registerAccounts(app, { config, accounts: options.services.accounts });
  const catalogRoutes = await registerCatalogRoutes(app, options.services, {
    redis: options.services.infra.redis,
    cacheEnabled: config.catalogCache,
    frontDoor,
    compress: config.compression,
    // A search counts its visitor by the client address (the same reading as the login limits).
    trustProxy: config.trustProxy,
  });
  await registerProfileRoutes(app, {
    config,
    services: options.services,
    forgetAnswers: catalogRoutes.forgetAnswers,
  });

  registerVideoFileRoutes(
    app,
    options.services.videoFiles,
    options.services.ukMedia,
    options.services.mediaSigning,
  );
  await registerReportRoutes(app, options.services.reports, config.publicUrl);
  await registerAgeVerificationRoutes(app, options.services.ageVerification);
  registerMediaRoutes(app, options.services.storage, {
    access: options.services.mediaAccess,
    ukMedia: options.services.ukMedia,
    signing: options.services.mediaSigning,
    userOf: async (request) =>
      (await options.services.accounts.userForSession(request.cookies[SESSION_COOKIE]))?.user ?? null,
  });
  await registerUploadRoutes(app, options.services.uploads, { publicUrl: config.publicUrl });
  // Expired tus uploads go hourly; their files are on this process's disk (upload-cleaner.ts).
  const uploadCleaner = startUploadCleaner(options.services.uploads, { log: app.log });
  app.addHook('onClose', () => uploadCleaner.stop());
  await registerWatchRoutes(app, options.services);
  await registerAnalyticsRoutes(app, options.services.analytics);
  await registerThumbsRoutes(app, options.services.thumbs);
  await registerModerationRoutes(app, options.services.moderation);
  await registerAdminUsersRoutes(app, options.services);
  await registerAdminVideosRoutes(app, options.services.videosAdmin);
  await registerAdminTaxonomyRoutes(app, options.services.taxonomyAdmin);
  await registerAdminSettingsRoutes(app, options.services.settings);
  await registerDashboardRoutes(app, options.services.dashboard);
  await registerAdminAuditRoutes(app, options.services.audit);
  await registerAdminSearchTermsRoutes(app, options.services.searchTermsAdmin);
  // A staff edit or a DMCA takedown/restore (services.changes): the content leaves (or rejoins) the lists,
  // pages and sitemaps at once. The response cache is shared through Redis; the services' and pages'
  // caches are this process's (others follow within their lifetimes, a minute at most).
  let pageCache: { clear(): void } | null = null;
  await registerDmcaRoutes(app, options.services.dmca);
  await registerRecordsRoutes(app, options.services.records);
  await registerAppealsRoutes(app, options.services.appeals);
  options.services.changes.onChange(async () => {
    const s = options.services;
    for (const service of [s.catalog, s.listings, s.watch, s.search, s.objectSearch]) service.clearCache();
    pageCache?.clear();
    await catalogRoutes.forgetAllAnswers();
  });
  options.services.dmca.onVideoChange(() => options.services.changes.notify());
  registerMessagesRoutes(app, options.services.messages);
  await registerAdStatsRoutes(app, options.services.adStats);
  registerAdsRoutes(app, {
    ads: options.services.ads,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    countryOf: createCountryResolver({ header: config.countryHeader, trustProxy: config.trustProxy }),
  });

  if (options.ssr) {
    // Where the visitor is, for the age gate (shell.md §4): the page's bit and the page cache's key.
    // The age gate's countries are a setting: the resolver follows it (issue 17).
    const visitorOf = liveVisitorResolver(
      { countryHeader: config.countryHeader, trustProxy: config.trustProxy },
      () => options.services.settings?.current().ageGateCountries ?? config.ageGateCountries,
    );
    if (config.catalogCache) {
      const pages = createPageCache(options.ssr, { visitorOf, compress: config.compression });
      pageCache = pages;
      frontDoor.use(pages.lookup);
      await registerWeb(app, pages.handler, { visitorOf, availability, compress: config.compression });
    } else {
      await registerWeb(app, options.ssr, { visitorOf, availability, compress: config.compression });
    }
  }
  return app;
}

/** 503 with Retry-After while the database is away: the API's shape under /api/, a short text for pages. */
function databaseAway(url: string, reply: FastifyReply) {
  reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).header('cache-control', 'no-store');
  if (!url.startsWith('/api/')) {
    return reply.type('text/plain; charset=utf-8').send(english('api.database_unavailable'));
  }
  return reply.send({ error: english('api.database_unavailable'), code: 'service_unavailable', codes: [] });
}

/** A hop count becomes the trust function proxy-addr would build from it (Fastify's types take no number). */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * Every page route ends with a slash: `/videos` → `/videos/`, keeping the query. The Location is always
 * a path of this site: browsers read `//host/x/` and `/\host/x/` as another host, so a leading run of
 * slashes and backslashes becomes one slash; a target that is not a path (absolute-form) gets none.
 */
export function trailingSlashRedirect(url: string): string | null {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!pathname.startsWith('/')) return null;
  if (NON_PAGE_PREFIXES.some((p) => pathname.startsWith(p))) return null;
  // An empty segment (`/videos/latest-updates/1//`) would render the same page under a second URL with a
  // duplicate canonical: the one URL of a page has single slashes.
  const onSite = pathname.replace(/^[/\\]+/, '/').replace(/\/{2,}/g, '/');
  const last = onSite.slice(onSite.lastIndexOf('/') + 1);
  const slash = onSite.endsWith('/') || last.includes('.') ? '' : '/';
  if (onSite === pathname && slash === '') return null;
  return `${onSite}${slash}${q === -1 ? '' : url.slice(q)}`;
}
