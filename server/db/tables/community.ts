// Members' acts and what they make: playlists, comments, votes, lists, subscriptions, friends, wall
// posts, messages, tag suggestions and the staged counter changes.
import type { ColumnType, Generated } from 'kysely';
import type { SubscribeSection, VoteSection } from '../../../contract/acts.ts';
import type { Gender } from '../../../contract/catalog.ts';
import type { Counter, Id, Timestamp } from './columns.ts';

/** What `comments.section` may name: the objects of votes and of subscriptions. */
type ObjectSection = VoteSection | SubscribeSection;

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

export interface CommunityTables {
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
  counter_events: CounterEventsTable;
  tag_suggestions: TagSuggestionsTable;
  tag_suggestion_totals: TagSuggestionTotalsTable;
  messages: MessagesTable;
  message_blocks: MessageBlocksTable;
}
