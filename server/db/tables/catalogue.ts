// The catalogue: videos and their files, the objects they are listed under (categories, tags,
// models, channels) and the listed-video counts per object.
import type { ColumnType, Generated } from 'kysely';
import type { Gender, VideoStatus } from '../../../contract/catalog.ts';
import type { Counter, Id, Timestamp } from './columns.ts';

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

export interface CatalogueTables {
  categories: CategoriesTable;
  tags: TagsTable;
  models: ModelsTable;
  channels: ChannelsTable;
  videos: VideosTable;
  video_files: VideoFilesTable;
  video_categories: VideoCategoriesTable;
  video_tags: VideoTagsTable;
  video_models: VideoModelsTable;
  object_video_counts: ObjectVideoCountsTable;
}
