// Object rows → the detail objects of the read calls (content.md §3 fields).
import { media } from './catalog.mappers.ts';
import type { ObjectsRepository } from './objects.repository.ts';

type ModelRow = NonNullable<Awaited<ReturnType<ObjectsRepository['findModel']>>>;
type ChannelRow = NonNullable<Awaited<ReturnType<ObjectsRepository['findChannel']>>>;
type PlaylistRow = NonNullable<Awaited<ReturnType<ObjectsRepository['findPlaylist']>>>;

/** `videos`: the model's listed videos in the visitor's orientation (object_video_counts). */
export function modelDetail(m: ModelRow, videos: number) {
  return {
    id: m.id,
    dir: m.dir,
    title: m.title,
    alias: m.alias,
    description: m.description,
    img: media(m.img),
    age: m.birth_date ? ageOf(m.birth_date) : null,
    birth_date: m.birth_date,
    country: m.country,
    ethnicity: m.ethnicity,
    race: m.race,
    career: m.career_status,
    career_start: m.career_start,
    career_end: m.career_end,
    debut_age: m.debut_age,
    zodiac: m.zodiac,
    hair: m.hair,
    eye: m.eye,
    tattoo: m.tattoo,
    piercing: m.piercing,
    size_tits: m.size_tits,
    measurements: m.measurements,
    height: m.height,
    weight: m.weight,
    added_date: new Date(m.added_date).toISOString(),
    total_videos: videos,
    statistics: { videos, viewed: Number(m.viewed), subscribers: m.subscribers },
  };
}

/** `videos`: the channel's listed videos in the visitor's orientation (object_video_counts). */
export function channelDetail(c: ChannelRow, videos: number) {
  return {
    id: c.id,
    dir: c.dir,
    title: c.title,
    url: c.url,
    partner: c.partner,
    description: c.description,
    scr1: media(c.scr1),
    videos,
    total_videos: videos,
    added_date: new Date(c.added_date).toISOString(),
    statistics: { videos, viewed: Number(c.viewed), subscribers: c.subscribers },
  };
}

/** `videos`: the playlist's listed videos in the visitor's orientation (object_video_counts). */
export function playlistDetail(
  p: PlaylistRow,
  categories: { id: number; dir: string; title: string }[],
  videos: number,
) {
  return {
    playlist_id: p.id,
    title: p.title,
    description: p.description,
    private: p.is_private ? 1 : 0,
    total_videos: videos,
    viewed: Number(p.viewed),
    likes: p.likes,
    dislikes: p.dislikes,
    rating: Math.round(p.rating * 100),
    comments_count: p.comments_count,
    added_date: new Date(p.created_at).toISOString(),
    categories,
    user: { id: p.user_id, user_id: p.user_id, username: p.username },
  };
}

/** Whole years since a YYYY-MM-DD birth date (UTC). */
export function ageOf(birth: string): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const now = new Date();
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}
