// Kysely's view of server/db/migrations. Keep in step with the SQL: one interface per table.
// The spec's values (orientations, roles, statuses, sections) have one home, contract/.
import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../contract/accounts.ts';
import type { SubscribeSection, VoteSection } from '../../contract/acts.ts';
import type { UserStatus } from '../../contract/admin-users.ts';
import type { Gender, VideoStatus } from '../../contract/catalog.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;
type Counter = ColumnType<number, number | undefined, number>;

/** What `comments.section` may name: the objects of votes and of subscriptions. */
type ObjectSection = VoteSection | SubscribeSection;

export interface UsersTable {
  id: Id;
  username: string;
  email: string;
  password_hash: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  status: ColumnType<UserStatus, string | undefined, string>;
  email_confirmed_at: Timestamp | null;
  avatar: string | null;
  cover: string | null;
  gender: number | null;
  birth_date: string | null;
  country: string | null;
  relationship: number | null;
  orientation: number | null;
  education: string | null;
  website: string | null;
  about_me: string | null;
  age_verified: Generated<boolean>;
  google_sub: string | null;
  videos_count: Counter;
  subscribers_count: Counter;
  comments_count: Counter;
  profile_viewed: Counter;
  created_at: Generated<Date>;
  last_login_at: Timestamp | null;
  /** Migration 0039: the ban a member is told of at sign-in; banned_until null = permanent. */
  ban_reason: string | null;
  banned_until: Timestamp | null;
  banned_at: Timestamp | null;
  banned_by: number | null;
  /** Migration 0041: the language of the sign-up (a site code), for later account mails. */
  language: string | null;
  /** Migration 0052: a staff member who may read performer records (the 2257 custodian). */
  records_custodian: Generated<boolean>;
}

/** Migration 0022: an e-mail change waiting for its confirmation link (one per member). */
export interface EmailChangesTable {
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface CategoriesTable {
  id: Id;
  dir: string;
  title: string;
  description: Generated<string>;
  gender: Generated<Gender>;
  thumb: string | null;
  total_videos: Counter;
  viewed: Counter;
  rating: Counter;
  created_at: Generated<Date>;
}

export interface TagsTable {
  id: Id;
  dir: string;
  title: string;
  description: Generated<string>;
  total_videos: Counter;
  created_at: Generated<Date>;
  /** Migration 0038: the mvp block set in the console; '' / [] keep the built ones. */
  mvp_title: Generated<string>;
  mvp_desc: Generated<string>;
  mvp_h1: Generated<string>;
  mvp_links: ColumnType<TagMvpLink[], string | undefined, string>;
}

/** One link of a tag's mvp block as stored (tags.mvp_links, 0038). */
export interface TagMvpLink {
  title: string;
  url: string;
}

export interface ModelsTable {
  id: Id;
  dir: string;
  title: string;
  alias: Generated<string>;
  gender: Generated<Gender>;
  description: Generated<string>;
  img: string | null;
  birth_date: string | null;
  country: string | null;
  ethnicity: string | null;
  race: 'asian' | 'caucasian' | 'ebony' | 'latin' | null;
  career_status: number | null;
  career_start: number | null;
  career_end: number | null;
  debut_age: number | null;
  zodiac: string | null;
  hair: number | null;
  eye: string | null;
  tattoo: boolean | null;
  piercing: boolean | null;
  size_tits: string | null;
  measurements: string | null;
  height: number | null;
  weight: number | null;
  total_videos: Counter;
  viewed: Counter;
  subscribers: Counter;
  rating: Counter;
  added_date: Timestamp;
}

export interface ChannelsTable {
  id: Id;
  dir: string;
  title: string;
  url: string | null;
  description: Generated<string>;
  scr1: string | null;
  user_id: number | null;
  gender: Generated<Gender>;
  total_videos: Counter;
  viewed: Counter;
  subscribers: Counter;
  rating: Counter;
  added_date: Timestamp;
  /** Migration 0044: a partner channel (content.md §2): no channel block, a 'Watch' button in the player. */
  partner: Generated<boolean>;
}

/** videos.probe (0012), written by the media pipeline. */
export interface VideoProbeFacts {
  container: string;
  video_codec: string;
  audio_codec: string | null;
  fps: number | null;
  /** Of the whole file, bit/s. */
  bitrate: number | null;
  width: number;
  height: number;
  duration: number;
}

export interface VideosTable {
  id: Id;
  dir: string;
  title: string;
  description: Generated<string>;
  user_id: number | null;
  channel_id: number | null;
  gender: Generated<Gender>;
  status: ColumnType<VideoStatus, VideoStatus | undefined, VideoStatus>;
  reject_reason: string | null;
  /** 0051: why the pipeline rejected it, as a code (matches_removed_content, matches_hash_list). */
  reject_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0051: the content block the upload matched. */
  blocked_by: ColumnType<number | null, number | null | undefined, number | null>;
  is_private: Generated<boolean>;
  is_exclusive: Generated<boolean>;
  duration: Counter;
  width: number | null;
  height: number | null;
  content_hash: string | null;
  media_key: string | null;
  country: string | null;
  ex_tube: string | null;
  ex_id: string | null;
  sg_id: number | null;
  views: Counter;
  likes: Counter;
  dislikes: Counter;
  rating: Counter;
  comments_count: Counter;
  favourites_count: Counter;
  /** Raised by triggers when the card's stable part changes (0045; video-cards.repository.ts). */
  card_version: Generated<number>;
  /** What a listing card shows (0054, modules/thumbs): null the poster, one still, or a trial's candidates. */
  card_stills: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
  /** In the search tier (0046), kept by the roll-up with its threshold (rollups.repository.ts). */
  in_search_tier: Generated<boolean>;
  post_date: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  search_vector: ColumnType<string | null, string | null | undefined, string | null>;
  /** What ffprobe found in the source (0012), written as JSON.stringify(facts). */
  probe: ColumnType<VideoProbeFacts | null, string | null | undefined, string | null>;
  /** The pipeline's last error, technical detail (0012). */
  processing_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export type VideoFileKind = 'source' | 'mp4' | 'hls' | 'poster' | 'thumb' | 'sprite' | 'vtt' | 'preview';

export interface VideoFilesTable {
  id: Id;
  video_id: number;
  kind: VideoFileKind;
  format: Generated<string>;
  storage_key: string;
  mime: string;
  width: number | null;
  height: number | null;
  bitrate: number | null;
  size_bytes: Counter;
  created_at: Generated<Date>;
}

export interface VideoCategoriesTable {
  video_id: number;
  category_id: number;
}
export interface VideoTagsTable {
  video_id: number;
  tag_id: number;
}
export interface VideoModelsTable {
  video_id: number;
  model_id: number;
}

export interface VideoStatsDailyTable {
  video_id: number;
  day: string;
  views: Counter;
  likes: Counter;
  dislikes: Counter;
}

/** Per-video sums of video_stats_daily over the last `days` (1, 7, 30): see catalog/rollups.ts. */
export interface VideoStatsWindowTable {
  days: number;
  video_id: number;
  gender: string;
  views: Counter;
  likes: Counter;
  dislikes: Counter;
  rating: number;
}

/** How often `related_id` is found on the 500 newest videos of `tag_id`: see catalog/rollups.ts. */
export interface TagRelatedTable {
  tag_id: number;
  related_id: number;
  n: number;
}

/** The kinds of object_video_counts (migration 0042). */
export type CountedObjectKind = 'category' | 'tag' | 'model' | 'channel' | 'playlist' | 'member';

/**
 * Listed videos per object and orientation (migration 0042): what a listing of that orientation shows.
 * Kept by the database's triggers; never written by the code (refresh_object_video_counts() rebuilds it).
 */
export interface ObjectVideoCountsTable {
  kind: CountedObjectKind;
  object_id: number;
  gender: Gender;
  videos: number;
}

export interface PlaylistsTable {
  id: Id;
  user_id: number;
  title: string;
  description: Generated<string>;
  gender: Generated<Gender>;
  is_private: Generated<boolean>;
  total_videos: Counter;
  viewed: Counter;
  likes: Counter;
  dislikes: Counter;
  rating: Counter;
  comments_count: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaylistVideosTable {
  playlist_id: number;
  video_id: number;
  position: number;
  added_at: Timestamp;
}

export interface PlaylistCategoriesTable {
  playlist_id: number;
  category_id: number;
}

export interface CommentsTable {
  id: Id;
  section: ObjectSection;
  object_id: number;
  user_id: number;
  comment: string;
  status: Generated<'active' | 'hidden'>;
  ip: string | null;
  added_date: Timestamp;
}

export interface VotesTable {
  user_id: number;
  section: 'video' | 'playlist' | 'model' | 'channel' | 'comment';
  object_id: number;
  vote: -1 | 1;
  created_at: Timestamp;
}

export interface UserVideoListTable {
  user_id: number;
  video_id: number;
  added_at: Timestamp;
}

export interface HistoryTable {
  user_id: number;
  video_id: number;
  watched_at: Timestamp;
}

export interface SubscriptionsTable {
  user_id: number;
  section: 'model' | 'channel' | 'member' | 'playlist' | 'category';
  object_id: number;
  created_at: Timestamp;
}

export interface FriendsTable {
  user_id: number;
  friend_id: number;
  status: Generated<'pending' | 'accepted'>;
  message: string | null;
  created_at: Timestamp;
}

export interface WallPostsTable {
  id: Id;
  user_id: number;
  author_id: number;
  message: string;
  added_date: Timestamp;
}

export interface ReportsTable {
  id: Id;
  subject: string;
  email: string;
  message: string;
  file_key: string | null;
  referrer: string | null;
  user_id: number | null;
  video_id: number | null;
  ip: string | null;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  resolved_by: number | null;
  /** 0017: when the report left 'open' (null while open). */
  resolved_at: Date | null;
  created_at: Generated<Date>;
  /** 0053: the sender's name (a performer's removal request requires it). */
  reporter_name: string | null;
}

/** 0053: a performer's removal request: the takedown it made and the staff's decision (modules/reports). */
export interface RemovalRequestsTable {
  id: Id;
  report_id: number;
  video_id: number | null;
  uploader_id: number | null;
  state: Generated<'down' | 'confirmed' | 'reinstated'>;
  taken_down: Generated<boolean>;
  previous_status: VideoStatus | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}

/** 0053: an uploader's appeal of a rejection or a takedown, and its answer (modules/appeals). */
export interface AppealsTable {
  id: Id;
  video_id: number | null;
  user_id: number;
  kind: 'rejection' | 'dmca' | 'removal';
  decision: string;
  message: string;
  state: Generated<'open' | 'upheld' | 'overturned'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: Date | null;
  created_at: Generated<Date>;
}

/** 0032: a DMCA report the staff work as a case (server/modules/reports/dmca.repository.ts). */
export interface DmcaCasesTable {
  id: Id;
  report_id: number;
  video_id: number | null;
  uploader_id: number | null;
  state: Generated<'open' | 'taken_down' | 'restored' | 'closed'>;
  taken_down: Generated<boolean>;
  previous_status: VideoStatus | null;
  opened_by: number | null;
  opened_at: Generated<Date>;
  taken_down_at: Date | null;
  counter_notice: string | null;
  counter_notice_at: Date | null;
  restored_at: Date | null;
  closed_at: Date | null;
  updated_at: Generated<Date>;
}

/** Progress reported by queue handlers (the queue itself is pg-boss, in its own schema). */
export interface JobProgressTable {
  job_id: string;
  name: string;
  singleton_key: string | null;
  percent: number;
  updated_at: Generated<Date>;
}

export interface SearchKeywordsTable {
  id: Id;
  keyword: string;
  searches: Counter;
  created_at: Generated<Date>;
  /** Migration 0048: distinct visitors (an address once per term per day), found videos, staff's hiding. */
  visitors: Counter;
  results: number | null;
  searched_at: Timestamp | null;
  hidden_at: Timestamp | null;
}

/** Migration 0048: who searched a term on a day, as a keyed hash of the address (today and yesterday). */
export interface SearchKeywordVisitorsTable {
  keyword_id: number;
  day: ColumnType<string, string, string>;
  address_hash: Uint8Array;
}

export interface SiteSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** Migration 0034: the console's daily counts (page views by route, goals by name, video views). */
export interface StatsDailyTable {
  day: ColumnType<string, string, string>;
  metric: string;
  name: ColumnType<string, string | undefined, string>;
  count: ColumnType<string, number | string | undefined, number | string>;
}

/** Migration 0051: a block-list entry: the fingerprint of removed content (modules/integrity). */
export interface ContentBlocksTable {
  id: Id;
  video_id: number | null;
  source: 'dmca' | 'operator' | 'hash_list';
  dmca_case_id: number | null;
  interval_ms: number;
  frames: Uint8Array;
  created_by: number | null;
  created_at: Generated<Date>;
  lifted_at: Date | null;
  lifted_by: number | null;
}

/** Migration 0051: one hash of an imported hash list (cli/import-hash-list.ts). */
export interface HashListEntriesTable {
  list_name: string;
  kind: 'md5' | 'sha256' | 'phash';
  value: string;
  imported_at: Generated<Date>;
}

/** Migration 0051: a source file moved to quarantine after it matched a hash list. */
export interface QuarantinedFilesTable {
  id: Id;
  video_id: number | null;
  uploader_id: number | null;
  list_name: string;
  kind: 'md5' | 'sha256' | 'phash';
  value: string;
  storage_key: string;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  md5: string | null;
  sha256: string | null;
  created_at: Generated<Date>;
}

/** Migration 0050: a video's perceptual fingerprint (server/media/fingerprint.ts), 8 bytes a frame. */
export interface VideoFingerprintsTable {
  video_id: number;
  interval_ms: number;
  frames: Uint8Array;
  created_at: Generated<Date>;
}

/** Migration 0050: the band index of the fingerprints (16-bit bands of the frame hashes). */
export interface VideoFingerprintBandsTable {
  band: number;
  value: number;
  video_id: number;
}

/** Migration 0050: a pair of videos alike on purpose (video_id < other_id). */
export interface VideoKnownDuplicatesTable {
  video_id: number;
  other_id: number;
  created_at: Generated<Date>;
}

/** Migration 0050: a possible duplicate found when video_id was processed. */
export interface VideoMatchesTable {
  video_id: number;
  other_id: number;
  similarity: number;
  created_at: Generated<Date>;
}

/** Migration 0035: one staff action. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: ColumnType<string, string | undefined, string>;
  target_id: ColumnType<string, string | undefined, string>;
  details: ColumnType<unknown, string | undefined, string>;
}

/** One decision of the moderation queue (migration 0014). */
export interface ModerationEventsTable {
  id: Id;
  video_id: number;
  moderator_id: number | null;
  action: 'approve' | 'reject';
  reason: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

export interface AdZonesTable {
  key: 'preroll' | 'pause' | 'footer' | 'carousel' | 'aside' | 'promo' | 'partner' | 'live';
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  config: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** A tus upload in progress and its owner (migration 0013). */
export interface UploadsTable {
  id: string;
  user_id: number;
  file_name: string;
  size_bytes: ColumnType<number, number, number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export type LinkImportState = 'importing' | 'done' | 'failed';

/** A link import and its state; its video waits at status 2 meanwhile (migration 0024). */
export interface LinkImportsTable {
  video_id: number;
  user_id: number;
  link: string;
  state: ColumnType<LinkImportState, LinkImportState | undefined, LinkImportState>;
  error_code: string | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

/** Applied batches of staged views (migration 0030; watch/view-stage.ts): a batch counts once. */
export interface ViewFlushBatchesTable {
  id: string;
  applied_at: Generated<Date>;
}

/** Staged counter changes of members' acts, moved into the rows in batches (migration 0019). */
export type CounterTarget = 'video' | 'playlist' | 'model' | 'channel' | 'user';
export type CounterName = 'likes' | 'dislikes' | 'favourites' | 'comments' | 'subscribers';
export interface CounterEventsTable {
  id: Id;
  target: CounterTarget;
  object_id: number;
  counter: CounterName;
  delta: number;
  day: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
}

/** One member's suggestion of a tag (by its dir) for a video (migration 0019). */
export interface TagSuggestionsTable {
  video_id: number;
  tag_dir: string;
  user_id: number;
  title: string;
  created_at: Generated<Date>;
}

/** Distinct members per suggested tag and video; accepted_at once it joined the video's tags (0019). */
export interface TagSuggestionTotalsTable {
  video_id: number;
  tag_dir: string;
  members: number;
  accepted_at: Timestamp | null;
}

/** A private message between two members (migration 0021); each side deletes it for themself. */
export interface MessagesTable {
  id: Id;
  sender_id: number;
  recipient_id: number;
  message: string;
  read_at: Timestamp | null;
  sender_deleted: Generated<boolean>;
  recipient_deleted: Generated<boolean>;
  created_at: Generated<Date>;
}

/** user_id takes no messages from blocked_id (0021). */
export interface MessageBlocksTable {
  user_id: number;
  blocked_id: number;
  created_at: Generated<Date>;
}

/** 0031: UK age verification (modules/age-verification): a photo waiting for review, or a decision. */
export interface AgeVerificationsTable {
  id: Id;
  user_id: number;
  provider: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', string | undefined, string>;
  photo_key: string | null;
  reason: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** 0052: a video whose performer records are required (modules/records); approval waits for 'checked'. */
export interface VideoRecordsTable {
  video_id: number;
  status: ColumnType<'pending' | 'checked' | 'rejected', string | undefined, string>;
  recorded_on: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_at: Timestamp | null;
  checked_by: number | null;
  checked_at: Timestamp | null;
  reason: string | null;
  created_at: Generated<Date>;
}

/** 0052: one performer of a video: the stage name and the sealed ID image and consent in storage. */
export interface VideoPerformersTable {
  id: Id;
  video_id: number;
  position: number;
  model_id: number | null;
  stage_name: string;
  id_image_key: string;
  consent_key: string;
  created_at: Generated<Date>;
}

/** Migration 0055 (issue 32): co-viewing and trending (modules/discovery). */
export interface CoviewVisitsTable {
  day: string;
  viewer: number;
  video_id: number;
}
export interface CoviewPairsTable {
  video_id: number;
  other_id: number;
  score: number;
  day: string;
}
export interface CoviewRelatedTable {
  video_id: number;
  other_ids: number[];
  computed_day: string;
}
export interface CoviewDaysTable {
  day: string;
  visits: number;
  pairs: number;
  videos: number;
  ms: number;
  computed_at: Generated<Date>;
}
export interface TrendingVideosTable {
  gender: string;
  rank: number;
  video_id: number;
  score: number;
}

/** Migration 0056 (issue 32): ad events per UTC day, zone, creative and event (modules/ads). */
export interface AdStatsDailyTable {
  day: ColumnType<string, string, string>;
  zone: string;
  creative: string;
  event: string;
  count: ColumnType<string, number | string | undefined, number | string>;
}

/** Migration 0054 (issue 32): thumbnail trials and their counts per still (modules/thumbs). */
export interface ThumbTrialsTable {
  video_id: number;
  stills: number[];
  live: number[];
  state: 'trial' | 'settled' | 'pinned';
  chosen: number | null;
  started_at: Generated<Date>;
  decided_at: Date | null;
  decided_by: number | null;
}
export interface ThumbCountsTable {
  video_id: number;
  still: number;
  impressions: ColumnType<string, number | string | undefined, number | string>;
  clicks: ColumnType<string, number | string | undefined, number | string>;
}

/** 0057: the performer records' retention ledger (issue 31; modules/records/records-retention.job.ts). */
export interface RecordsRetentionTable {
  video_id: number;
  last_published_at: Timestamp | null;
  ended_at: Timestamp | null;
  purged_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_changes: EmailChangesTable;
  categories: CategoriesTable;
  tags: TagsTable;
  models: ModelsTable;
  channels: ChannelsTable;
  videos: VideosTable;
  video_files: VideoFilesTable;
  video_categories: VideoCategoriesTable;
  video_tags: VideoTagsTable;
  video_models: VideoModelsTable;
  video_stats_daily: VideoStatsDailyTable;
  video_stats_window: VideoStatsWindowTable;
  tag_related: TagRelatedTable;
  object_video_counts: ObjectVideoCountsTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  playlist_categories: PlaylistCategoriesTable;
  comments: CommentsTable;
  votes: VotesTable;
  favourites: UserVideoListTable;
  watch_later: UserVideoListTable;
  history: HistoryTable;
  subscriptions: SubscriptionsTable;
  friends: FriendsTable;
  wall_posts: WallPostsTable;
  reports: ReportsTable;
  dmca_cases: DmcaCasesTable;
  removal_requests: RemovalRequestsTable;
  appeals: AppealsTable;
  job_progress: JobProgressTable;
  search_keywords: SearchKeywordsTable;
  search_keyword_visitors: SearchKeywordVisitorsTable;
  site_settings: SiteSettingsTable;
  ad_zones: AdZonesTable;
  view_flush_batches: ViewFlushBatchesTable;
  uploads: UploadsTable;
  link_imports: LinkImportsTable;
  moderation_events: ModerationEventsTable;
  counter_events: CounterEventsTable;
  tag_suggestions: TagSuggestionsTable;
  tag_suggestion_totals: TagSuggestionTotalsTable;
  messages: MessagesTable;
  message_blocks: MessageBlocksTable;
  age_verifications: AgeVerificationsTable;
  stats_daily: StatsDailyTable;
  audit_log: AuditLogTable;
  content_blocks: ContentBlocksTable;
  hash_list_entries: HashListEntriesTable;
  quarantined_files: QuarantinedFilesTable;
  video_fingerprints: VideoFingerprintsTable;
  video_fingerprint_bands: VideoFingerprintBandsTable;
  video_known_duplicates: VideoKnownDuplicatesTable;
  video_matches: VideoMatchesTable;
  video_records: VideoRecordsTable;
  video_performers: VideoPerformersTable;
  coview_visits: CoviewVisitsTable;
  coview_pairs: CoviewPairsTable;
  coview_related: CoviewRelatedTable;
  coview_days: CoviewDaysTable;
  trending_videos: TrendingVideosTable;
  ad_stats_daily: AdStatsDailyTable;
  thumb_trials: ThumbTrialsTable;
  thumb_counts: ThumbCountsTable;
  records_retention: RecordsRetentionTable;
}
