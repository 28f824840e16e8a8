import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createJobSink } from './jobs/job-sink.ts';
import { createContentChanges } from './lib/content-changes.ts';
import { createMediaSigner, MEDIA_SIGNING_SETTING, newSigningSecret } from './lib/media-signing.ts';
import { REDIS_CLIENT_OPTIONS } from './lib/redis-health.ts';
import { createMediaStatus } from './media/media-status.ts';
import { createAccounts } from './modules/accounts/accounts.wiring.ts';
import { createActs } from './modules/acts/acts.wiring.ts';
import { createRedisSlidingLimiter } from './modules/acts/comment-limiter.ts';
import { createAdStatsRepository } from './modules/ads/ad-stats.repository.ts';
import { AD_STAGE_PREFIX, createAdStatsService } from './modules/ads/ad-stats.service.ts';
import { createAdsRepository } from './modules/ads/ads.repository.ts';
import { createAdsService } from './modules/ads/ads.service.ts';
import { createAgeVerificationRepository } from './modules/age-verification/age-verification.repository.ts';
import { createAgeVerificationService } from './modules/age-verification/age-verification.service.ts';
import { createPhotoCipher, resolveKey } from './modules/age-verification/photo-cipher.ts';
import type { AgeAssuranceProvider } from './modules/age-verification/provider.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createStatsRepository } from './modules/analytics/stats.repository.ts';
import { createMemoryStatsStage, createRedisStatsStage } from './modules/analytics/stats-stage.ts';
import { createAppeals, removalNotifier } from './modules/appeals/appeals.wiring.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createListingsService } from './modules/catalog/listings.service.ts';
import { createObjectsRepository } from './modules/catalog/objects.repository.ts';
import { createSocial } from './modules/community/community.wiring.ts';
import { createCommentsAdminRepository } from './modules/console/comments-admin.repository.ts';
import { createCommentsAdminService } from './modules/console/comments-admin.service.ts';
import { createDashboardRepository } from './modules/console/dashboard.repository.ts';
import { createDashboardService } from './modules/console/dashboard.service.ts';
import { createSearchTermsAdminRepository } from './modules/console/search-terms-admin.repository.ts';
import { createSearchTermsAdminService } from './modules/console/search-terms-admin.service.ts';
import { createTaxonomyAdminRepository } from './modules/console/taxonomy-admin.repository.ts';
import { createTaxonomyAdminService } from './modules/console/taxonomy-admin.service.ts';
import { createUsersAdminRepository } from './modules/console/users-admin.repository.ts';
import { createUsersAdminService } from './modules/console/users-admin.service.ts';
import { createVideosAdminRepository } from './modules/console/videos-admin.repository.ts';
import { createVideosAdminService } from './modules/console/videos-admin.service.ts';
import { createDiscoveryService } from './modules/discovery/discovery.service.ts';
import { createBlocklistService } from './modules/integrity/blocklist.service.ts';
import { createQuarantineRepository } from './modules/integrity/quarantine.repository.ts';
import { createQuarantineService } from './modules/integrity/quarantine.service.ts';
import { createMediaRepository } from './modules/media/media.repository.ts';
import { createMediaAccess } from './modules/media/media-access.ts';
import { createUkMediaGate, isVideoFileKey } from './modules/media/uk-media-gate.ts';
import { createVideoFilesService } from './modules/media/video-files.service.ts';
import { createCommunityList, createMembers } from './modules/members/members.wiring.ts';
import { createProfileRepository } from './modules/members/profile.repository.ts';
import { createProfileService } from './modules/members/profile.service.ts';
import { createMessages } from './modules/messages/messages.wiring.ts';
import { createModerationRepository } from './modules/moderation/moderation.repository.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { createRecordsRepository } from './modules/records/records.repository.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createDmcaRepository } from './modules/reports/dmca.repository.ts';
import { createDmcaService } from './modules/reports/dmca.service.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createReportsAdminRepository } from './modules/reports/reports-admin.repository.ts';
import { createObjectSearchRepository } from './modules/search/object-search.repository.ts';
import { createObjectSearchService } from './modules/search/object-search.service.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { missingOperatorDetails } from './modules/settings/operator-details.ts';
import {
  createSettings,
  liveCaptchaVerifier,
  liveCommentLimits,
  liveSite,
  liveVisitorResolver,
  withLiveUploadLimits,
} from './modules/settings/settings.wiring.ts';
import { createThumbsRepository } from './modules/thumbs/thumbs.repository.ts';
import { createThumbsService } from './modules/thumbs/thumbs.service.ts';
import { createMemoryThumbStage, createRedisThumbStage } from './modules/thumbs/thumbs-stage.ts';
import { createUploadService } from './modules/upload/upload.service.ts';
import { createMemoryViewStage, createRedisViewStage } from './modules/watch/view-stage.ts';
import { createWatchRepository } from './modules/watch/watch.repository.ts';
import { createWatchService } from './modules/watch/watch.service.ts';
import type { AppServices } from './services.ts';
import { createStorage } from './storage/create-storage.ts';
import { diskSpace } from './storage/disk-space.ts';

/**
 * Wires repositories into services once per process. The process's infrastructure is built here once
 * too: the logger, and the Redis connection every Redis-backed part shares (sessions, limits, the
 * response cache, the write budget); `closeInfra` ends it after the app has closed.
 */
export function createServices(
  config: Config,
  handle: DatabaseHandle,
  // An operator's age-assurance service in place of the moderators' review (modules/age-verification).
  options: {
    ageAssurance?: AgeAssuranceProvider;
    /** The clock of signed media URLs (a test moves it past their expiry). */
    mediaClock?: () => number;
  } = {},
): AppServices {
  const logger = pino({ level: config.logLevel });
  // Bounded waits while Redis is away (lib/redis-health.ts: each part then does without it).
  const redis = config.redisUrl ? new Redis(config.redisUrl, REDIS_CLIENT_OPTIONS) : null;
  const storage = createStorage(config);
  const catalogRepository = createCatalogRepository(handle.db);
  const mediaRepository = createMediaRepository(handle.db);
  const mediaSigning = createMediaSigner({
    enabled: config.mediaSigning.enabled,
    secret:
      config.mediaSigning.secret ??
      (() => mediaRepository.sharedSecret(MEDIA_SIGNING_SETTING, newSigningSecret)),
    lifetimeSeconds: config.mediaSigning.lifetimeSeconds,
    isVideoFile: isVideoFileKey,
    ...(options.mediaClock ? { now: options.mediaClock } : {}),
  });
  const jobs = createJobSink();
  const cacheTtlMs = config.catalogCache ? 60_000 : 0;
  // Staff services record their decisions in it (issue 17).
  const audit = createAuditService(createAuditRepository(handle.db));
  const changes = createContentChanges();
  // One key seals the age-verification photos and the performer records (issue 31), read (or made) on
  // first use, not at boot: a site nobody verifies on needs no key.
  const sealedCipher = createPhotoCipher(
    lazyKey(() => resolveKey(config.ageVerificationKey, config.dataDir)),
  );
  // Performer records (issue 31): members' uploads wait for them when UPLOAD_RECORDS=required.
  const records = createRecordsService({
    repository: createRecordsRepository(handle.db),
    storage,
    cipher: sealedCipher,
    mode: () => config.upload.records,
    audit,
    warn: (message, detail) => logger.warn(detail, message),
  });
  // The settings in the database over the environment's (issue 17): read through getters, so a change
  // shows without a restart.
  const settings = createSettings(handle.db, config, {
    audit,
    changes,
    warn: (message, error) => logger.warn({ err: error }, message),
  });
  const accounts = createAccounts(config, handle.db, {
    redis,
    logger,
    live: () => {
      const now = settings.current();
      return { siteName: now.siteName, mailFrom: now.mailFrom, smtpUrl: now.smtpUrl };
    },
  });
  // The console's users and comments (issue 17); the comments' ban_author goes through the users'.
  const usersAdmin = createUsersAdminService({
    repo: createUsersAdminRepository(handle.db),
    accounts,
    storage,
    audit,
    changes,
    warn: (message, error) => logger.warn({ err: error }, message),
  });
  const acts = createActs(handle.db, {
    redis,
    tagSuggestionThreshold: config.tagSuggestionThreshold,
    // The comment limits in effect (settings), read at each comment.
    commentLimits: liveCommentLimits(settings),
  });
  // Search terms are offered under the rules in effect (settings: threshold, block list; issue 34).
  const search = createSearchService(createSearchRepository(handle.db), {
    cacheTtlMs,
    policy: () => settings.current().search,
  });
  const reportsRepository = createReportsRepository(handle.db);
  const reports = createReportsService(reportsRepository, createReportsAdminRepository(handle.db), storage, {
    // Shared by every web process when Redis is there (issue 15); in process otherwise.
    ...(redis ? { limiter: createRedisSlidingLimiter(redis, { prefix: 'limit:report:' }) } : {}),
    // The captcha in effect (settings), checked at each form.
    captcha: liveCaptchaVerifier(settings),
    audit,
    // Issue 31: a removal request's takedown leaves the lists at once; the staff are told; a confirmed
    // one blocks the content.
    changes,
    blocks: createBlocklistService(handle.db, { audit }),
    notifyStaff: removalNotifier({
      accounts,
      logger,
      publicUrl: config.publicUrl,
      siteName: () => settings.current().siteName,
      staff: () => reportsRepository.staffContacts(),
    }),
  });
  const dmca = createDmcaService(createDmcaRepository(handle.db), { publicUrl: config.publicUrl, audit });
  return {
    site: liveSite(config, settings),
    settings,
    catalog: createCatalogService(catalogRepository, { cacheTtlMs }),
    listings: createListingsService(catalogRepository, createObjectsRepository(handle.db), {
      get siteName() {
        return settings.current().siteName;
      },
      cacheTtlMs,
      // The home block's keywords are the offered search terms (the same rules as the suggester).
      topKeywords: (limit) => search.topKeywords(limit),
    }),
    search,
    objectSearch: createObjectSearchService(createObjectSearchRepository(handle.db), { cacheTtlMs }),
    accounts,
    storage,
    videoFiles: createVideoFilesService(mediaRepository, storage, mediaSigning),
    mediaSigning,
    reports,
    dmca,
    appeals: createAppeals(handle.db, {
      audit,
      changes,
      accounts,
      logger,
      publicUrl: config.publicUrl,
      siteName: () => settings.current().siteName,
      dmca,
      reports,
    }),
    mediaAccess: createMediaAccess(mediaRepository, { cacheTtlMs: config.catalogCache ? 15_000 : 0 }),
    // Where a request comes from, as the pages read it (app.ts), for the UK gate over the files.
    ukMedia: createUkMediaGate({
      repository: mediaRepository,
      visitorOf: liveVisitorResolver(
        { countryHeader: config.countryHeader, trustProxy: config.trustProxy },
        () => settings.current().ageGateCountries,
      ),
    }),
    ageVerification: createAgeVerificationService({
      repository: createAgeVerificationRepository(handle.db),
      storage,
      cipher: sealedCipher,
      provider: options.ageAssurance,
      warn: (message, detail) => logger.warn(detail, message),
      audit,
    }),
    jobs,
    mediaStatus: createMediaStatus(),
    uploads: createUploadService(
      handle.db,
      storage,
      jobs,
      // maxBytes, maxOpen, maxOpenBytes: the settings in effect at each check.
      withLiveUploadLimits(
        {
          dataDir: config.dataDir,
          allowPrivateLinks: config.upload.allowPrivateLinks,
          minFreeBytes: config.upload.minFreeBytes,
          recordsRequired: (user: { role?: string }) => records.requiredFor(user),
          uploaderVerification: () => config.upload.uploaderVerification,
        },
        settings,
      ),
    ),
    watch: createWatchService(createWatchRepository(handle.db), {
      get siteName() {
        return settings.current().siteName;
      },
      publicUrl: config.publicUrl,
      cacheTtlMs,
      transaction: (work) => handle.db.transaction().execute(work),
      // Shared by every web process when Redis is there; in process otherwise (issue 18).
      stage: redis ? createRedisViewStage(redis) : createMemoryViewStage(),
    }),
    // Page views and goals, staged like the views: across web processes in Redis, else in process.
    analytics: createAnalyticsService(createStatsRepository(handle.db), {
      stage: redis ? createRedisStatsStage(redis) : createMemoryStatsStage(),
    }),
    // Thumbnail trials' counts, staged the same way; a decision purges the caches (issue 32 part 1).
    thumbs: createThumbsService(createThumbsRepository(handle.db), {
      stage: redis ? createRedisThumbStage(redis) : createMemoryThumbStage(),
      audit,
      changed: () => changes.notify(),
    }),
    audit,
    changes,
    usersAdmin,
    videosAdmin: createVideosAdminService({
      repo: createVideosAdminRepository(handle.db),
      storage,
      records,
      audit,
      changes,
      blocks: createBlocklistService(handle.db, { audit }),
      warn: (message, detail) => logger.warn(detail, message),
    }),
    commentsAdmin: createCommentsAdminService({
      repo: createCommentsAdminRepository(handle.db),
      users: usersAdmin,
      audit,
      changes,
    }),
    discovery: createDiscoveryService(handle.db),
    searchTermsAdmin: createSearchTermsAdminService({
      repo: createSearchTermsAdminRepository(handle.db),
      policy: () => settings.current().search,
      audit,
      changes,
    }),
    taxonomyAdmin: createTaxonomyAdminService({
      repo: createTaxonomyAdminRepository(handle.db),
      storage,
      audit,
      changes,
      warn: (message, error) => logger.warn({ err: error }, message),
    }),
    dashboard: createDashboardService({
      repo: createDashboardRepository(handle.db),
      jobs,
      audit,
      storage,
      disk: () => diskSpace(config.mediaDir).then((d) => d ?? diskSpace(config.dataDir)),
      missingOperatorDetails: () => {
        const now = settings.current();
        return missingOperatorDetails({ siteName: now.siteName, operator: now.operator });
      },
    }),
    moderation: createModerationService(createModerationRepository(handle.db), storage, {
      audit,
      changes,
      records,
    }),
    quarantine: createQuarantineService(createQuarantineRepository(handle.db)),
    records,
    ads: createAdsService(createAdsRepository(handle.db), { audit, storage }),
    // Ad events (issue 32): a stage of their own, staged like the analytics counts.
    adStats: createAdStatsService(createAdStatsRepository(handle.db), {
      stage: redis ? createRedisStatsStage(redis, { prefix: AD_STAGE_PREFIX }) : createMemoryStatsStage(),
    }),
    acts,
    members: createMembers(handle.db, acts),
    profile: createProfileService({
      repo: createProfileRepository(handle.db),
      accounts,
      storage,
      publicUrl: config.publicUrl,
      get siteName() {
        return settings.current().siteName;
      },
      warn: (message, error) => logger.warn({ err: error }, message),
    }),
    social: createSocial(handle.db, { redis }),
    messages: createMessages(handle.db, { redis }),
    communityList: createCommunityList(handle.db),
    infra: {
      redis,
      logger,
      closeInfra: async () => {
        if (redis) await redis.quit().catch(() => redis.disconnect());
      },
    },
  };
}

/** The value of `load`, computed once on first use. */
function lazyKey(load: () => Buffer): () => Buffer {
  let key: Buffer | undefined;
  return () => {
    key ??= load();
    return key;
  };
}
