// The shapes of the demo catalogue's plan (demo-plan.ts builds it, demo-writer.ts writes it): rows
// refer to each other by index into the plan's arrays.
import type { Gender, VIDEO_STATUS } from '../../contract/catalog.ts';
import type { ChannelProfile, MemberProfile, ModelProfile } from './demo-data.ts';

export interface PlanClip {
  source: string;
  /** whole seconds */
  duration: number;
  width: number;
  height: number;
}

export interface VideoPlan {
  dir: string;
  title: string;
  description: string;
  user: number;
  channel: number | null;
  gender: Gender;
  status: typeof VIDEO_STATUS.active | typeof VIDEO_STATUS.unavailable;
  isPrivate: boolean;
  clip: number;
  views: number;
  postDate: Date;
  country: string | null;
  categories: number[];
  tags: number[];
  models: number[];
}

export interface PlaylistPlan {
  user: number;
  title: string;
  description: string;
  gender: Gender;
  isPrivate: boolean;
  viewed: number;
  createdAt: Date;
  updatedAt: Date;
  videos: Array<{ video: number; addedAt: Date }>;
  categories: number[];
}

export interface UserVideoPlan {
  user: number;
  video: number;
  at: Date;
}

export interface DemoPlan {
  users: MemberProfile[];
  categories: Array<{ dir: string; title: string; gender: Gender; description: string }>;
  tags: Array<{ dir: string; title: string }>;
  models: ModelProfile[];
  channels: Array<ChannelProfile & { user: number }>;
  videos: VideoPlan[];
  playlists: PlaylistPlan[];
  comments: Array<{ video: number; user: number; text: string; at: Date }>;
  votes: Array<{ user: number; section: 'video' | 'playlist'; object: number; vote: 1 | -1; at: Date }>;
  favourites: UserVideoPlan[];
  watchLater: UserVideoPlan[];
  history: UserVideoPlan[];
  subscriptions: Array<{
    user: number;
    section: 'model' | 'channel' | 'member' | 'playlist' | 'category';
    object: number;
    at: Date;
  }>;
  friends: Array<{
    user: number;
    friend: number;
    status: 'pending' | 'accepted';
    message: string | null;
    at: Date;
  }>;
  wallPosts: Array<{ user: number; author: number; message: string; at: Date }>;
  stats: Array<{ video: number; day: string; views: number; likes: number; dislikes: number }>;
  keywords: Array<{ keyword: string; searches: number; visitors: number }>;
}
