// Object rows → the detail objects of the read calls (content.md §3 fields).
import { media } from './catalog.mappers.ts';
import type { ObjectsRepository } from './objects.repository.ts';

type ModelRow = NonNullable<Awaited<ReturnType<ObjectsRepository['findModel']>>>;
type ChannelRow = NonNullable<Awaited<ReturnType<ObjectsRepository['findChannel']>>>;
type PlaylistRow = NonNullable<Awaited<ReturnType<ObjectsRepository['findPlaylist']>>>;

export function modelDetail(m: ModelRow) {
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
    total_videos: m.total_videos,
    statistics: { videos: m.total_videos, viewed: Number(m.viewed), subscribers: m.subscribers },
  };
}

export function channelDetail(c: ChannelRow) {
  return {
    id: c.id,
    dir: c.dir,
    title: c.title,
    url: c.url,
    description: c.description,
    scr1: media(c.scr1),
    videos: c.total_videos,
    total_videos: c.total_videos,
    added_date: new Date(c.added_date).toISOString(),
    statistics: { videos: c.total_videos, viewed: Number(c.viewed), subscribers: c.subscribers },
  };
}

export function playlistDetail(p: PlaylistRow, categories: { id: number; dir: string; title: string }[]) {
  return {
    playlist_id: p.id,
    title: p.title,
    description: p.description,
    private: p.is_private ? 1 : 0,
    total_videos: p.total_videos,
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
