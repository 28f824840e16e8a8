// Writes a DemoPlan with bulk inserts (chunks of 500 rows). The caller provides the transaction.

import { Readable } from 'node:stream';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { mapLimited } from '../lib/map-limited.ts';
import type { Storage } from '../storage/storage.ts';
import { type DemoClip, demoVttKey } from './demo-media.ts';
import type { DemoPlan } from './demo-plan.ts';

type Db = Kysely<Database>;
const CHUNK = 500;

async function insertAll<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/**
 * Inserts and returns the new ids in the order of `rows`. PostgreSQL returns the rows of a multi-row
 * INSERT in VALUES order; `key` checks it rather than trusting it.
 */
async function insertIds<T extends keyof Database & string, K extends string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]> & Record<K, unknown>>,
  key: K,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const returned = (await db
      .insertInto(table)
      .values(chunk as never)
      .returning(['id', key] as never)
      .execute()) as unknown as Array<{ id: number } & Record<K, unknown>>;
    returned.forEach((row, j) => {
      if (row[key] !== chunk[j]![key]) throw new Error(`${table}: RETURNING came back out of order`);
      ids.push(row.id);
    });
  }
  return ids;
}

export interface WrittenCounts {
  users: number;
  categories: number;
  tags: number;
  models: number;
  channels: number;
  videos: number;
  videoFiles: number;
  playlists: number;
  comments: number;
  votes: number;
  favourites: number;
  watchLater: number;
  history: number;
  subscriptions: number;
  friends: number;
  wallPosts: number;
  statsDaily: number;
  keywords: number;
}

export async function writeDemoPlan(
  db: Db,
  plan: DemoPlan,
  clips: readonly DemoClip[],
  storage: Storage,
  /** Storage keys of the models' portraits (demo-portraits.ts), in the order of plan.models. */
  modelImages?: readonly string[],
): Promise<WrittenCounts> {
  const at = <T>(list: readonly T[], i: number): T => {
    const value = list[i];
    if (value === undefined) throw new Error(`plan refers to a missing row ${i}`);
    return value;
  };
  const clipFile = (clip: DemoClip, kind: 'poster' | 'thumb') =>
    clip.files.find((f) => f.kind === kind)!.storageKey;

  const userIds = await insertIds(
    db,
    'users',
    plan.users.map((u, i) => ({
      ...u,
      // A third of the members show a picture (a demo clip's still), so the community grid has both kinds.
      avatar: i % 3 === 1 ? clipFile(at(clips, i % clips.length), 'thumb') : null,
      password_hash: null,
      status: 'active',
      email_confirmed_at: u.created_at,
    })),
    'username',
  );
  const categoryIds = await insertIds(db, 'categories', plan.categories, 'dir');
  const tagIds = await insertIds(db, 'tags', plan.tags, 'dir');
  const modelIds = await insertIds(
    db,
    'models',
    plan.models.map((m, i) => ({
      ...m,
      img: modelImages?.[i] ?? clipFile(at(clips, i % clips.length), 'thumb'),
    })),
    'dir',
  );
  const channelIds = await insertIds(
    db,
    'channels',
    plan.channels.map(({ user, ...c }, i) => ({
      ...c,
      user_id: at(userIds, user),
      scr1: clipFile(at(clips, i % clips.length), 'poster'),
    })),
    'dir',
  );

  const videoIds = await insertIds(
    db,
    'videos',
    plan.videos.map((v) => {
      const clip = at(clips, v.clip);
      return {
        dir: v.dir,
        title: v.title,
        description: v.description,
        user_id: at(userIds, v.user),
        channel_id: v.channel === null ? null : at(channelIds, v.channel),
        gender: v.gender,
        status: v.status,
        is_private: v.isPrivate,
        duration: Math.round(clip.duration),
        width: clip.width,
        height: clip.height,
        media_key: clip.mediaKey,
        country: v.country,
        views: v.views,
        post_date: v.postDate,
        created_at: v.postDate,
        updated_at: v.postDate,
      };
    }),
    'dir',
  );

  // The clips' files are shared; each video gets its own copy of the WebVTT index, named after it as
  // the player wants (`{video_id}.{count}.{interval}.vtt`), next to the clip's sprites/.
  const vtts = plan.videos.map((v, i) => {
    const clip = at(clips, v.clip);
    return { clip, key: demoVttKey(clip, at(videoIds, i)) };
  });
  const vttSizes = await mapLimited(vtts, 8, async ({ clip, key }) => {
    const body = Buffer.from(clip.timeline.vtt, 'utf8');
    return (await storage.putStream(key, Readable.from([body]), { contentType: 'text/vtt' })).size;
  });
  const files = plan.videos.flatMap((v, i) => [
    ...at(clips, v.clip).files.map((f) => ({
      video_id: at(videoIds, i),
      kind: f.kind,
      format: f.format,
      storage_key: f.storageKey,
      mime: f.mime,
      width: f.width,
      height: f.height,
      bitrate: f.bitrate ?? null,
      size_bytes: f.sizeBytes,
      created_at: v.postDate,
    })),
    {
      video_id: at(videoIds, i),
      kind: 'vtt' as const,
      format: '',
      storage_key: at(vtts, i).key,
      mime: 'text/vtt',
      width: null,
      height: null,
      bitrate: null,
      size_bytes: at(vttSizes, i),
      created_at: v.postDate,
    },
  ]);
  await insertAll(db, 'video_files', files);
  const links = <K extends 'categories' | 'tags' | 'models'>(k: K, ids: number[]) =>
    plan.videos.flatMap((v, i) => v[k].map((j) => [at(videoIds, i), at(ids, j)] as const));
  await insertAll(
    db,
    'video_categories',
    links('categories', categoryIds).map(([video_id, category_id]) => ({ video_id, category_id })),
  );
  await insertAll(
    db,
    'video_tags',
    links('tags', tagIds).map(([video_id, tag_id]) => ({ video_id, tag_id })),
  );
  await insertAll(
    db,
    'video_models',
    links('models', modelIds).map(([video_id, model_id]) => ({ video_id, model_id })),
  );
  await insertAll(
    db,
    'video_stats_daily',
    plan.stats.map(({ video, ...day }) => ({ ...day, video_id: at(videoIds, video) })),
  );

  const playlistIds = await insertIds(
    db,
    'playlists',
    plan.playlists.map((p) => ({
      user_id: at(userIds, p.user),
      title: p.title,
      description: p.description,
      gender: p.gender,
      is_private: p.isPrivate,
      viewed: p.viewed,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
    'title',
  );
  await insertAll(
    db,
    'playlist_videos',
    plan.playlists.flatMap((p, i) =>
      p.videos.map((item, position) => ({
        playlist_id: at(playlistIds, i),
        video_id: at(videoIds, item.video),
        position: position + 1,
        added_at: item.addedAt,
      })),
    ),
  );
  await insertAll(
    db,
    'playlist_categories',
    plan.playlists.flatMap((p, i) =>
      p.categories.map((c) => ({ playlist_id: at(playlistIds, i), category_id: at(categoryIds, c) })),
    ),
  );

  await insertAll(
    db,
    'comments',
    plan.comments.map((c) => ({
      section: 'video' as const,
      object_id: at(videoIds, c.video),
      user_id: at(userIds, c.user),
      comment: c.text,
      added_date: c.at,
    })),
  );
  await insertAll(
    db,
    'votes',
    plan.votes.map((v) => ({
      user_id: at(userIds, v.user),
      section: v.section,
      object_id: v.section === 'video' ? at(videoIds, v.object) : at(playlistIds, v.object),
      vote: v.vote,
      created_at: v.at,
    })),
  );
  const userVideo = (rows: DemoPlan['favourites']) =>
    rows.map((r) => ({ user_id: at(userIds, r.user), video_id: at(videoIds, r.video), added_at: r.at }));
  await insertAll(db, 'favourites', userVideo(plan.favourites));
  await insertAll(db, 'watch_later', userVideo(plan.watchLater));
  await insertAll(
    db,
    'history',
    plan.history.map((r) => ({
      user_id: at(userIds, r.user),
      video_id: at(videoIds, r.video),
      watched_at: r.at,
    })),
  );
  const objectIds = {
    model: modelIds,
    channel: channelIds,
    member: userIds,
    playlist: playlistIds,
    category: categoryIds,
  };
  await insertAll(
    db,
    'subscriptions',
    plan.subscriptions.map((s) => ({
      user_id: at(userIds, s.user),
      section: s.section,
      object_id: at(objectIds[s.section], s.object),
      created_at: s.at,
    })),
  );
  await insertAll(
    db,
    'friends',
    plan.friends.map((f) => ({
      user_id: at(userIds, f.user),
      friend_id: at(userIds, f.friend),
      status: f.status,
      message: f.message,
      created_at: f.at,
    })),
  );
  await insertAll(
    db,
    'wall_posts',
    plan.wallPosts.map((w) => ({
      user_id: at(userIds, w.user),
      author_id: at(userIds, w.author),
      message: w.message,
      added_date: w.at,
    })),
  );
  await insertAll(db, 'search_keywords', plan.keywords);

  return {
    users: userIds.length,
    categories: categoryIds.length,
    tags: tagIds.length,
    models: modelIds.length,
    channels: channelIds.length,
    videos: videoIds.length,
    videoFiles: files.length,
    playlists: playlistIds.length,
    comments: plan.comments.length,
    votes: plan.votes.length,
    favourites: plan.favourites.length,
    watchLater: plan.watchLater.length,
    history: plan.history.length,
    subscriptions: plan.subscriptions.length,
    friends: plan.friends.length,
    wallPosts: plan.wallPosts.length,
    statsDaily: plan.stats.length,
    keywords: plan.keywords.length,
  };
}
