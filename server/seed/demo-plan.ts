// The demo catalogue as plain data: a pure function of (seed, now, clips). Rows refer to each other
// by index into the plan's arrays; demo-writer.ts turns the indexes into database ids.
import { type Gender, VIDEO_STATUS } from '../../contract/catalog.ts';
import {
  between,
  channelProfiles,
  createRng,
  DAY_MS,
  longTail,
  memberProfiles,
  modelProfile,
  personNames,
  type Rng,
  uniqueSlug,
  videoTitle,
} from './demo-data.ts';
import type { DemoPlan, PlanClip, PlaylistPlan, UserVideoPlan, VideoPlan } from './demo-plan-types.ts';
import { dailyStats, searchKeywords } from './demo-stats.ts';
import {
  CATEGORY_GENDERS,
  CATEGORY_TITLES,
  COMMENT_TEXTS,
  DESCRIPTION_LINES,
  FIRST_NAMES,
  MALE_FIRST_NAMES,
  MEMBER_COUNTRIES,
  PLAYLIST_TITLES,
  TAG_TITLES,
  WALL_MESSAGES,
} from './demo-words.ts';

export const DEMO_COUNTS = {
  users: 50,
  categories: 30,
  tags: 100,
  models: 40,
  channels: 15,
  videos: 180,
  /** Of the videos: private (status 1), then unavailable (status 5); the rest are listed. */
  privateVideos: 3,
  unavailableVideos: 6,
  playlists: 40,
  comments: 600,
  friendships: 70,
  wallPosts: 120,
  keywords: 200,
  statsDays: 60,
} as const;

export type { DemoPlan, PlanClip, PlaylistPlan, UserVideoPlan, VideoPlan } from './demo-plan-types.ts';

export const DEFAULT_SEED = 20_240_611;

/** Zipf-like weights: a few items take most of the picks. */
function zipf(n: number, s = 1): number[] {
  return Array.from({ length: n }, (_, i) => 1 / (i + 2) ** s);
}

/** k distinct indexes drawn by weight. */
function weightedSample(rng: Rng, weights: readonly number[], k: number): number[] {
  const w = [...weights];
  const out: number[] = [];
  const want = Math.min(k, w.filter((x) => x > 0).length);
  while (out.length < want) {
    const i = rng.weighted(w);
    out.push(i);
    w[i] = 0;
  }
  return out;
}

/** A moment in [from, to], nearer `to` the larger `bias` is (recent activity dominates). */
function recentBetween(rng: Rng, from: Date, to: Date, bias = 2): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(to.getTime() - Math.floor(span * rng.next() ** bias));
}

const maxDate = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** Post dates: a few today, more this week and month, the rest over two years. */
function postDateFor(rng: Rng, i: number, now: Date): Date {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  if (i < 3) return ago(rng.int(60, 40 * 60) * 1000); // the last 40 minutes: today on any clock
  if (i < 8) return ago(rng.int(1, 20 * 3600) * 1000);
  if (i < 22) return ago(rng.int(1, 6) * DAY_MS + rng.int(0, 86_000) * 1000);
  if (i < 48) return ago(rng.int(8, 29) * DAY_MS + rng.int(0, 86_000) * 1000);
  return ago(rng.int(31, 728) * DAY_MS + rng.int(0, 86_000) * 1000);
}

export function buildDemoPlan(options: { now: Date; clips: readonly PlanClip[]; seed?: number }): DemoPlan {
  const { now, clips } = options;
  const rng = createRng(options.seed ?? DEFAULT_SEED);
  const C = DEMO_COUNTS;

  const users = memberProfiles(rng, C.users, now);
  const userWeights = zipf(C.users, 0.8);
  const uploaderWeights = userWeights.map((w, i) => (i >= C.users - 4 ? 0 : w));

  const taken = new Set<string>();
  const categories = CATEGORY_TITLES.map((title) => ({
    dir: uniqueSlug(title, taken),
    title,
    gender: CATEGORY_GENDERS[title] ?? ('str' as Gender),
    description: `${title} videos of the demo catalogue.`,
  }));
  const tagTaken = new Set<string>();
  const tags = TAG_TITLES.map((title) => ({ dir: uniqueSlug(title, tagTaken), title }));

  const modelTaken = new Set<string>();
  const modelGenders: Gender[] = Array.from({ length: C.models }, (_, i) =>
    i < 30 ? 'str' : i < 35 ? 'shemale' : 'gay',
  );
  const maleModels = modelGenders.filter((g) => g === 'gay').length;
  const modelNames = [
    ...personNames(rng, C.models - maleModels, FIRST_NAMES),
    ...personNames(rng, maleModels, MALE_FIRST_NAMES),
  ];
  const models = modelGenders.map((gender, i) => modelProfile(rng, modelNames[i]!, gender, now, modelTaken));
  const channels = channelProfiles(rng, now).map((c) => ({ ...c, user: rng.weighted(uploaderWeights) }));

  // Popularity order of categories, tags, models and channels: shuffled once, then Zipf weights.
  const categoryWeights = rng.shuffle(zipf(C.categories, 0.7));
  const tagWeights = rng.shuffle(zipf(C.tags, 0.7));
  const channelWeights = rng.shuffle(zipf(C.channels, 0.6));
  const hdCategory = CATEGORY_TITLES.indexOf('HD');

  // Videos: every clip used about equally often.
  const clipOrder = rng.shuffle(Array.from({ length: C.videos }, (_, i) => i % clips.length));
  const titles = new Set<string>();
  const dirs = new Set<string>();
  const videos: VideoPlan[] = clipOrder.map((clip, i) => {
    const source = clips[clip]!;
    const gender: Gender = rng.chance(0.76) ? 'str' : rng.chance(0.5) ? 'gay' : 'shemale';
    const title = videoTitle(rng, source.source, titles);
    const postDate = postDateFor(rng, i, now);
    const ageDays = (now.getTime() - postDate.getTime()) / DAY_MS;
    const maturity = ageDays >= 30 ? 1 : 0.004 + (0.6 * ageDays) / 30;
    const categoryIdx = weightedSample(
      rng,
      categoryWeights.map((w, c) => (categories[c]!.gender === gender ? w : 0)),
      rng.int(1, 3),
    );
    if (gender === 'str' && source.height >= 720 && !categoryIdx.includes(hdCategory))
      categoryIdx[0] = hdCategory;
    const tagIdx = weightedSample(rng, tagWeights, rng.int(3, 8));
    const modelPool = models.flatMap((m, mi) => (m.gender === gender ? [mi] : []));
    const modelCount = rng.weighted([25, 40, 25, 10]);
    const tagWords = tagIdx
      .slice(0, 2)
      .map((t) => tags[t]!.title.toLowerCase())
      .join(' and ');
    return {
      dir: uniqueSlug(title, dirs),
      title,
      description: `${rng.pick(DESCRIPTION_LINES)} Themes: ${tagWords}.`,
      user: rng.weighted(uploaderWeights),
      channel: rng.chance(0.8) ? rng.weighted(channelWeights) : null,
      gender,
      status: i >= C.videos - C.unavailableVideos ? VIDEO_STATUS.unavailable : VIDEO_STATUS.active,
      isPrivate: i >= C.videos - C.unavailableVideos - C.privateVideos && i < C.videos - C.unavailableVideos,
      clip,
      views: Math.max(1, Math.round(longTail(rng, 40, 2_500_000, 1.8) * maturity)),
      postDate,
      country: rng.chance(0.7) ? rng.pick(MEMBER_COUNTRIES) : null,
      categories: categoryIdx,
      tags: tagIdx,
      models: rng.sample(modelPool, modelCount),
    };
  });
  const listed = videos.flatMap((v, i) => (v.status === VIDEO_STATUS.active && !v.isPrivate ? [i] : []));
  const viewWeights = videos.map((v) =>
    v.status === VIDEO_STATUS.active && !v.isPrivate ? Math.sqrt(v.views) + 1 : 0,
  );
  const since = (user: number, video: number) => maxDate(users[user]!.created_at, videos[video]!.postDate);

  // Votes on videos: more voters on more viewed videos; most videos liked, some disliked.
  const votes: DemoPlan['votes'] = [];
  for (const vi of listed) {
    const v = videos[vi]!;
    const voters = rng.chance(0.06)
      ? 0
      : Math.min(45, 1 + Math.round((Math.sqrt(v.views) / 6) * (0.3 + 0.7 * rng.next())));
    const likeRate = rng.chance(0.12) ? 0.15 + 0.35 * rng.next() : 0.6 + 0.39 * rng.next() ** 0.5;
    for (const user of rng.sample([...users.keys()], voters)) {
      const vote = rng.chance(likeRate) ? 1 : -1;
      votes.push({ user, section: 'video', object: vi, vote, at: recentBetween(rng, since(user, vi), now) });
    }
  }

  const comments: DemoPlan['comments'] = Array.from({ length: C.comments }, () => {
    const video = rng.weighted(viewWeights);
    const user = rng.weighted(userWeights);
    return {
      video,
      user,
      text: rng.pick(COMMENT_TEXTS),
      at: recentBetween(rng, since(user, video), now, 1.5),
    };
  });

  const userLists = (min: number, max: number): UserVideoPlan[] =>
    users.flatMap((_, user) =>
      weightedSample(rng, viewWeights, rng.int(min, max)).map((video) => ({
        user,
        video,
        at: recentBetween(rng, since(user, video), now),
      })),
    );
  const favourites = userLists(0, 15);
  const watchLater = userLists(0, 8);
  const history = userLists(0, 25);

  const playlistTitles = new Set<string>();
  const playlists: PlaylistPlan[] = Array.from({ length: C.playlists }, (_, p) => {
    const user = rng.weighted(uploaderWeights);
    const gender: Gender = p % 10 === 8 ? 'gay' : p % 10 === 9 ? 'shemale' : 'str';
    let title: string = rng.pick(PLAYLIST_TITLES);
    if (playlistTitles.has(title)) title = `${title} ${rng.int(2, 9)}`;
    playlistTitles.add(title);
    const sameGender = listed.filter((vi) => videos[vi]!.gender === gender);
    const pool = sameGender.length >= 20 ? sameGender : listed;
    const createdAt = between(rng, users[user]!.created_at, new Date(now.getTime() - DAY_MS));
    const picked = weightedSample(
      rng,
      videos.map((_, vi) => (pool.includes(vi) ? viewWeights[vi]! : 0)),
      rng.int(5, 20),
    );
    const items = picked.map((video) => ({
      video,
      addedAt: recentBetween(rng, maxDate(createdAt, videos[video]!.postDate), now),
    }));
    const updatedAt = new Date(Math.max(createdAt.getTime(), ...items.map((it) => it.addedAt.getTime())));
    const categoryCounts = new Map<number, number>();
    for (const it of items)
      for (const c of videos[it.video]!.categories) categoryCounts.set(c, (categoryCounts.get(c) ?? 0) + 1);
    const topCategories = [...categoryCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([c]) => c);
    return {
      user,
      title,
      description: `${items.length} hand-picked demo clips: ${title.toLowerCase()}, collected by a member.`,
      gender,
      isPrivate: p % 10 === 3,
      viewed: longTail(rng, 10, 50_000),
      createdAt,
      updatedAt,
      videos: items,
      categories: topCategories.slice(0, rng.int(1, 3)),
    };
  });
  for (const [pi, pl] of playlists.entries()) {
    if (pl.isPrivate) continue;
    for (const user of rng.sample([...users.keys()], rng.int(0, 8))) {
      if (user === pl.user) continue;
      const at = recentBetween(rng, maxDate(users[user]!.created_at, pl.createdAt), now);
      votes.push({ user, section: 'playlist', object: pi, vote: rng.chance(0.85) ? 1 : -1, at });
    }
  }

  const subscriptions: DemoPlan['subscriptions'] = [];
  const modelWeights = rng.shuffle(zipf(C.models, 0.8));
  const publicPlaylists = playlists.flatMap((pl, i) => (pl.isPrivate ? [] : [i]));
  for (const [user, profile] of users.entries()) {
    const subscribe = (section: DemoPlan['subscriptions'][number]['section'], objects: number[]) => {
      for (const object of objects)
        subscriptions.push({ user, section, object, at: between(rng, profile.created_at, now) });
    };
    subscribe('model', weightedSample(rng, modelWeights, rng.int(0, 5)));
    subscribe('channel', weightedSample(rng, channelWeights, rng.int(0, 3)));
    subscribe('category', weightedSample(rng, categoryWeights, rng.int(0, 3)));
    subscribe(
      'member',
      weightedSample(
        rng,
        userWeights.map((w, i) => (i === user ? 0 : w)),
        rng.int(0, 3),
      ),
    );
    subscribe(
      'playlist',
      rng.sample(
        publicPlaylists.filter((pi) => playlists[pi]!.user !== user),
        rng.int(0, 2),
      ),
    );
  }

  const friends: DemoPlan['friends'] = [];
  const pairs = new Set<string>();
  while (pairs.size < C.friendships) {
    const a = rng.int(0, C.users - 1);
    const b = rng.int(0, C.users - 1);
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (a === b || pairs.has(key)) continue;
    pairs.add(key);
    const at = recentBetween(rng, maxDate(users[a]!.created_at, users[b]!.created_at), now, 1.2);
    if (rng.chance(0.75)) {
      friends.push({ user: a, friend: b, status: 'accepted', message: null, at });
      friends.push({ user: b, friend: a, status: 'accepted', message: null, at });
    } else {
      friends.push({ user: a, friend: b, status: 'pending', message: 'Hi! Want to be friends?', at });
    }
  }

  const wallPosts: DemoPlan['wallPosts'] = Array.from({ length: C.wallPosts }, () => {
    const user = rng.weighted(userWeights);
    const mates = friends.filter((f) => f.user === user && f.status === 'accepted').map((f) => f.friend);
    const author = mates.length > 0 && rng.chance(0.8) ? rng.pick(mates) : user;
    const from = maxDate(users[user]!.created_at, users[author]!.created_at);
    return { user, author, message: rng.pick(WALL_MESSAGES), at: recentBetween(rng, from, now, 1.5) };
  });

  return {
    users,
    categories,
    tags,
    models,
    channels,
    videos,
    playlists,
    comments,
    votes,
    favourites,
    watchLater,
    history,
    subscriptions,
    friends,
    wallPosts,
    stats: dailyStats(rng, videos, votes, now, C.statsDays),
    keywords: searchKeywords(rng, C.keywords),
  };
}
