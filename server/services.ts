// What the web layer (React Router loaders) may use. Built once per process by the Fastify bootstrap
// and handed to loaders through the router context, so there is one database pool per process.

import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { CurrentUser } from '../contract/accounts.ts';
import type {
  CategoryItem,
  Gender,
  Language,
  ModelCard,
  VideoDetail,
  VideoListQuery,
  VideoListResult,
} from '../contract/catalog.ts';
import type { NetworkLinks, OperatorDetails } from './config.ts';
import type { JobSink } from './jobs/job-sink.ts';
import type { ContentChanges } from './lib/content-changes.ts';
import type { MediaSigner } from './lib/media-signing.ts';
import type { MediaStatus } from './media/media-status.ts';
import type { AccountsService } from './modules/accounts/accounts.service.ts';
import type { ActsService } from './modules/acts/acts.service.ts';
import type { AdStatsService } from './modules/ads/ad-stats.service.ts';
import type { AdsService } from './modules/ads/ads.service.ts';
import type { AgeVerificationService } from './modules/age-verification/age-verification.service.ts';
import type { AnalyticsService } from './modules/analytics/analytics.service.ts';
import type { AppealsService } from './modules/appeals/appeals.service.ts';
import type { AuditService } from './modules/audit/audit.service.ts';
import type { ListingsService } from './modules/catalog/listings.service.ts';
import type { SocialService } from './modules/community/community.wiring.ts';
import type { CommentsAdminService } from './modules/console/comments-admin.service.ts';
import type { DashboardService } from './modules/console/dashboard.service.ts';
import type { SearchTermsAdminService } from './modules/console/search-terms-admin.service.ts';
import type { TaxonomyAdminService } from './modules/console/taxonomy-admin.service.ts';
import type { UsersAdminService } from './modules/console/users-admin.service.ts';
import type { VideosAdminService } from './modules/console/videos-admin.service.ts';
import type { DiscoveryService } from './modules/discovery/discovery.service.ts';
import type { QuarantineService } from './modules/integrity/quarantine.service.ts';
import type { MediaAccess } from './modules/media/media-access.ts';
import type { UkMediaGate } from './modules/media/uk-media-gate.ts';
import type { VideoFilesService } from './modules/media/video-files.service.ts';
import type { CommunityListService } from './modules/members/community.service.ts';
import type { MembersService } from './modules/members/members.service.ts';
import type { ProfileService } from './modules/members/profile.service.ts';
import type { MessagesService } from './modules/messages/messages.service.ts';
import type { ModerationService } from './modules/moderation/moderation.service.ts';
import type { RecordsService } from './modules/records/records.service.ts';
import type { CaptchaPublic } from './modules/reports/captcha.ts';
import type { DmcaService } from './modules/reports/dmca.service.ts';
import type { ReportsService } from './modules/reports/reports.service.ts';
import type { ObjectSearchService } from './modules/search/object-search.service.ts';
import type { SearchService } from './modules/search/search.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { ThumbsService } from './modules/thumbs/thumbs.service.ts';
import type { UploadService } from './modules/upload/upload.service.ts';
import type { WatchService } from './modules/watch/watch.service.ts';
import type { Storage } from './storage/storage.ts';

export interface CatalogService {
  listVideos(query: VideoListQuery): Promise<VideoListResult>;
  /** A private video only for `viewer` its uploader or staff (pass one only where the answer is not shared). */
  getVideo(id: number, viewer?: CurrentUser | null): Promise<VideoDetail | null>;
  listCategories(gender: Gender): Promise<CategoryItem[]>;
  topModels(gender: Gender, limit: number): Promise<ModelCard[]>;
  /** Forgets this process's cached answers (a video taken down leaves the lists at once). */
  clearCache(): void;
}

/** The part of the configuration that may reach the browser. Nothing secret goes here. */
export interface PublicSiteConfig {
  name: string;
  publicUrl: string;
  /** MEDIA_SIGNING: video files are reached by signed, expiring URLs only (issue 32). */
  signedMedia: boolean;
  /** The legal pages' operator details (OPERATOR_NAME…). */
  operator: OperatorDetails;
  /** The footer's links to other sites (TV_APP_URL…); null ones are hidden. */
  links: NetworkLinks;
  /** The contact form's captcha provider and public site key (CAPTCHA_*); null: no captcha. */
  captcha: CaptchaPublic | null;
  /** The languages the language menu offers (settings; always with en). */
  languages: Language[];
  /** An external analytics script (ANALYTICS_SCRIPT_URL or the settings); null: none. */
  analyticsScriptUrl?: string | null;
}

/** The process's shared infrastructure, built once in the composition root (app-services.ts). */
export interface Infra {
  /** REDIS_URL's connection, shared by every Redis-backed part; null without Redis. */
  redis: Redis | null;
  logger: Logger;
  /** Ends the connections; called once, after the app has closed. */
  closeInfra(): Promise<void>;
}

export interface AppServices {
  infra: Infra;
  site: PublicSiteConfig;
  catalog: CatalogService;
  accounts: AccountsService;
  /** The read calls of content.md §7 (listings by section, objects, tags). */
  listings: ListingsService;
  search: SearchService;
  /** The search page's object tabs: playlists, pornstars, members, pornsites by name. */
  objectSearch: ObjectSearchService;
  /** Media files (local disk or S3), built once per process from the configuration. */
  storage: Storage;
  /** The player's file list (/api/videofile.php). */
  videoFiles: VideoFilesService;
  /** Who may fetch a media file (files of unlisted videos: their uploader and staff only). */
  mediaAccess: MediaAccess;
  /** The UK gate over video files (issue 34): pages, the file list, /media/ and downloads ask it. */
  ukMedia: UkMediaGate;
  /** Hotlink protection (issue 32): signed, expiring video file URLs; /media/ and downloads check them. */
  mediaSigning: MediaSigner;
  /** The contact/report form's messages (POST /api/report.php). */
  reports: ReportsService;
  /** The staff's DMCA cases (issue 15). */
  dmca: DmcaService;
  /** Uploaders' appeals of a rejection or a takedown, and the staff's answers (issue 31). */
  appeals: AppealsService;
  /** UK age verification (POST /api/age_verification.php) and the moderators' review. */
  ageVerification: AgeVerificationService;
  /** Performer records (issue 31): the uploader's records, the staff's check, the export. */
  records: RecordsService;
  /** The quarantine console (issue 31): files that matched a hash list, administrators only. */
  quarantine: QuarantineService;
  /** Which ffmpeg/ffprobe are in use and whether uploads wait; set at boot (main.ts). */
  mediaStatus: MediaStatus;
  /** Enqueues jobs; bound to the running queue once it starts (main.ts, or a test). */
  jobs: JobSink;
  /** Watching (issue 6): related videos, the batched view counter, oEmbed, downloads. */
  watch: WatchService;
  /** The moderation queue and the uploader's outcome view (issue 4). */
  moderation: ModerationService;
  /** Ad zones (issue 6): what each viewer sees, edited by administrators. */
  ads: AdsService;
  /** Ad accounting (issue 32): the pages' ad events, staged and flushed per day, zone and creative. */
  adStats: AdStatsService;
  /** tus uploads and /api/video_edit.php (content.md §5). */
  uploads: UploadService;
  /**
   * Members act on videos (issue 13): the member acts of POST /api/input.php (`perform`), comments,
   * favourites, watch later, playlists, votes, subscriptions, tag suggestions, and their counter flush.
   */
  acts: ActsService;
  /** Member profiles and their sections (issue 14). */
  members: MembersService;
  /** Editing one's own profile (POST /api/member.php): fields, images, e-mail, password, deletion. */
  profile: ProfileService;
  /** Friends and the wall (issue 14, modules/community): the `friend` and `wall` acts and their reads. */
  social: SocialService;
  /** Private messages between members (issue 14): inbox, conversations, blocks, the unread count. */
  messages: MessagesService;
  /** The community listing and the subscriptions feed (issue 14). */
  communityList: CommunityListService;
  /** First-party analytics (issue 17): page views and goals, staged and flushed into stats_daily. */
  analytics: AnalyticsService;
  /** Thumbnail trials (issue 32 part 1): card stills rotated and settled by click-through. */
  thumbs: ThumbsService;
  /** The audit log of staff actions (issue 17): every staff write records itself here. */
  audit: AuditService;
  /** The console's dashboard and job queue (issue 17): counts, jobs, storage, time series; retries. */
  dashboard: DashboardService;
  /** Site settings kept in the database over the environment's (issue 17), applied without restart. */
  settings: SettingsService;
  /** The console's categories, tags (mvp block), models and channels (issue 17). */
  taxonomyAdmin: TaxonomyAdminService;
  /** Staff edits say here that content changed; app.ts purges the caches (lib/content-changes.ts). */
  changes: ContentChanges;
  /** The console's users (issue 17): roles, bans, password-reset mails, deletion with content. */
  usersAdmin: UsersAdminService;
  /** The console's comments (issue 17): hide, unhide, delete, ban the author. */
  commentsAdmin: CommentsAdminService;
  /** The console's videos (issue 17): list, edit, poster, status, delete with files, bulk acts. */
  videosAdmin: VideosAdminService;
  /** The console's search terms (issue 34): which are offered and why; staff hide and unhide them. */
  searchTermsAdmin: SearchTermsAdminService;
  /** Co-viewing's click-through comparison and trending (issue 32 parts 2 and 3). */
  discovery: DiscoveryService;
}
