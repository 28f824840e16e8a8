import type { VideoStatus } from '../../contract/catalog.ts';
import type { DB } from '../db/database.ts';
import { refreshStatsWindows } from '../modules/catalog/rollups.ts';

export interface VideoFixture {
  title: string;
  duration?: number;
  views?: number;
  likes?: number;
  dislikes?: number;
  comments?: number;
  daysAgo?: number;
  status?: VideoStatus;
  isPrivate?: boolean;
  gender?: 'str' | 'gay' | 'shemale';
  categories?: string[];
  height?: number;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Inserts categories by dir (title from dir) and returns their ids by dir. */
export async function insertCategories(db: DB, dirs: string[]): Promise<Map<string, number>> {
  const rows = await db
    .insertInto('categories')
    .values(dirs.map((dir) => ({ dir, title: dir.replace(/-/g, ' ') })))
    .returning(['id', 'dir'])
    .execute();
  return new Map(rows.map((r) => [r.dir, r.id]));
}

export async function insertUser(db: DB, username: string) {
  return db
    .insertInto('users')
    .values({ username, email: `${username}@example.com`, status: 'active' })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
}

/** Inserts a video with a poster and one MP4 rendition row, linked to categories by dir. */
export async function insertVideo(db: DB, v: VideoFixture, categoryIds = new Map<string, number>()) {
  const likes = v.likes ?? 0;
  const dislikes = v.dislikes ?? 0;
  const postDate = new Date(Date.now() - (v.daysAgo ?? 0) * 86_400_000);
  const row = await db
    .insertInto('videos')
    .values({
      dir: slug(v.title),
      title: v.title,
      description: `About ${v.title}`,
      gender: v.gender ?? 'str',
      status: v.status ?? 1,
      is_private: v.isPrivate ?? false,
      duration: v.duration ?? 60,
      width: Math.round(((v.height ?? 480) * 16) / 9),
      height: v.height ?? 480,
      views: v.views ?? 0,
      likes,
      dislikes,
      rating: likes + dislikes > 0 ? likes / (likes + dislikes) : 0,
      comments_count: v.comments ?? 0,
      post_date: postDate,
      created_at: postDate,
      updated_at: postDate,
    })
    .returning(['id', 'dir'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('video_files')
    .values([
      { video_id: row.id, kind: 'poster', storage_key: `fixture/${row.id}/poster.jpg`, mime: 'image/jpeg' },
      {
        video_id: row.id,
        kind: 'mp4',
        format: `${v.height ?? 480}p`,
        storage_key: `fixture/${row.id}/${v.height ?? 480}p.mp4`,
        mime: 'video/mp4',
        height: v.height ?? 480,
      },
    ])
    .execute();
  const links = (v.categories ?? []).map((dir) => {
    const id = categoryIds.get(dir);
    if (id === undefined) throw new Error(`unknown fixture category ${dir}`);
    return { video_id: row.id, category_id: id };
  });
  if (links.length > 0) await db.insertInto('video_categories').values(links).execute();
  return row;
}

/** Adds a daily roll-up row (views/likes in the window sorts). */
export async function insertDailyStats(
  db: DB,
  videoId: number,
  daysAgo: number,
  stats: { views?: number; likes?: number; dislikes?: number },
) {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('video_stats_daily')
    .values({
      video_id: videoId,
      day,
      views: stats.views ?? 0,
      likes: stats.likes ?? 0,
      dislikes: stats.dislikes ?? 0,
    })
    .execute();
  await refreshStatsWindows(db);
}
