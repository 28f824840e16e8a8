// Long demo videos (issue 20): two listed videos over 1800 s made by the real media pipeline, so a
// fresh site has HLS (content.md §4: "HLS is used when duration exceeds 1800 s") and the player's HLS
// path runs. Each source arrives as an upload's would (a file in storage and a `source` row at status
// 2): a silent test pattern at 320x180 and one frame a second (its clock ticks each second), a 10 s
// segment looped with stream copy to the full length, so the pipeline's full-length encodes (one 180p
// rung of MP4, then of fMP4 HLS) stay cheap: some 15 s of CPU for both videos. processVideo (the video.process handler) makes every file; the seed then publishes the
// video (status 1) in the same transaction as the catalogue, so a killed seed leaves neither.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { VIDEO_STATUS } from '../../contract/catalog.ts';
import type { Database } from '../db/schema.ts';
import { loopClipArgs, type TestSource, testClipArgs } from '../media/ffmpeg.ts';
import { runFfmpeg } from '../media/runner.ts';
import { DRAWTEXT_FONT_FILE } from '../media/tools.ts';
import { processVideo } from '../pipeline/process-video.ts';
import type { Storage } from '../storage/storage.ts';
import { slugify } from './demo-data.ts';

export interface DemoLongVideo {
  title: string;
  description: string;
  source: TestSource;
  /** Over 1800 s: the pipeline makes HLS. */
  seconds: number;
  /** Titles in the demo's word lists (demo-words.ts). */
  categories: readonly string[];
  tags: readonly string[];
  channel: string;
  /** Posted this long before the seed's `now`. */
  ageHours: number;
  views: number;
}

export const DEMO_LONG_VIDEOS: readonly DemoLongVideo[] = [
  {
    title: 'Full Length Test Card Marathon',
    description:
      'Thirty-one minutes of the classic test card with a running clock, streamed in HLS segments.',
    source: 'testsrc',
    seconds: 1860,
    categories: ['Studio', 'Behind The Scenes'],
    tags: ['Night', 'City', 'Evening', 'Hotel'],
    channel: 'Copperleaf Test Films',
    ageHours: 5,
    views: 4_180,
  },
  {
    title: 'Extended Colour Bars Night Shift',
    description:
      'Long-form colour bars with a running clock, for checking streaming, seeking and the timeline.',
    source: 'smptebars',
    seconds: 1950,
    categories: ['Studio', 'HD'],
    tags: ['Night', 'Office', 'Morning'],
    channel: 'Harbourline Demo Reels',
    ageHours: 60,
    views: 12_870,
  },
];

/** A duration that is a whole number of segments loops to exactly that length (stream copy cuts late). */
export const LONG_VIDEO_FORMAT = { width: 320, height: 180, fps: 1, segmentSeconds: 10 } as const;

export interface LongVideoSource {
  definition: DemoLongVideo;
  /** Local file, removed by `dispose`. */
  file: string;
}

/**
 * The sources, made in a work folder (a few seconds: one short encode and a stream copy each).
 * `seconds` replaces the definitions' durations (tests); fewer values make fewer videos.
 */
export async function makeLongVideoSources(
  options: { seconds?: readonly number[]; workDir?: string } = {},
): Promise<{ sources: LongVideoSource[]; dispose: () => Promise<void> }> {
  const definitions = options.seconds
    ? options.seconds.map((seconds, i) => {
        const definition = DEMO_LONG_VIDEOS[i];
        if (!definition) throw new Error(`at most ${DEMO_LONG_VIDEOS.length} long videos`);
        return { ...definition, seconds };
      })
    : DEMO_LONG_VIDEOS;
  const work = path.join(
    options.workDir ?? os.tmpdir(),
    `tube-demo-${process.pid}-${randomBytes(4).toString('hex')}-long`,
  );
  const dispose = () => rm(work, { recursive: true, force: true });
  try {
    await mkdir(work, { recursive: true });
    const sources: LongVideoSource[] = [];
    for (const [i, definition] of definitions.entries()) {
      const segmentSeconds = Math.min(LONG_VIDEO_FORMAT.segmentSeconds, definition.seconds);
      const segment = path.join(work, `segment-${i + 1}.mp4`);
      await runFfmpeg(
        testClipArgs({
          source: definition.source,
          width: LONG_VIDEO_FORMAT.width,
          height: LONG_VIDEO_FORMAT.height,
          fps: LONG_VIDEO_FORMAT.fps,
          seconds: segmentSeconds,
          title: definition.title,
          toneHz: null,
          fontFile: DRAWTEXT_FONT_FILE,
          output: segment,
        }),
      );
      const file = path.join(work, `source-${i + 1}.mp4`);
      await runFfmpeg(
        loopClipArgs({ input: segment, segmentSeconds, seconds: definition.seconds, output: file }),
      );
      sources.push({ definition, file });
    }
    return { sources, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface LongVideoOptions {
  storage: Storage;
  now: Date;
  /** Tests lower it with short sources, so that they still get HLS. */
  hlsMinDurationSeconds?: number;
  workDir?: string;
  log?: (line: string) => void;
}

/**
 * Inserts each source as an upload of a demo member, runs the pipeline on it and publishes it. Runs
 * in the seed's transaction (`db`), after the catalogue's rows. Answers the new video ids; on a
 * failure their files are removed from storage before the error goes on.
 */
export async function addDemoLongVideos(
  db: Kysely<Database>,
  sources: readonly LongVideoSource[],
  options: LongVideoOptions,
): Promise<number[]> {
  const { storage, now } = options;
  const ids: number[] = [];
  try {
    // Uploaded by members, not the staff accounts (the first three), each by another one.
    const members = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'member')
      .orderBy('id')
      .limit(sources.length + 4)
      .execute();
    const models = await db
      .selectFrom('models')
      .select('id')
      .where('gender', '=', 'str')
      .orderBy('id')
      .execute();
    for (const [i, { definition, file }] of sources.entries()) {
      const started = Date.now();
      const idsOf = async (table: 'categories' | 'tags', titles: readonly string[]) =>
        (
          await db
            .selectFrom(table)
            .select('id')
            .where('title', 'in', [...titles])
            .execute()
        ).map((r) => Number(r.id));
      const channel = await db
        .selectFrom('channels')
        .select('id')
        .where('title', '=', definition.channel)
        .executeTakeFirst();
      const postDate = new Date(now.getTime() - definition.ageHours * 3_600_000);
      const createdAt = postDate;
      const { id } = await db
        .insertInto('videos')
        .values({
          dir: slugify(definition.title),
          title: definition.title,
          description: definition.description,
          user_id: members[(i + 4) % members.length]?.id ?? null,
          channel_id: channel?.id ?? null,
          gender: 'str',
          status: VIDEO_STATUS.processing,
          duration: definition.seconds,
          width: LONG_VIDEO_FORMAT.width,
          height: LONG_VIDEO_FORMAT.height,
          content_hash: await sha256Of(file),
          post_date: postDate,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const videoId = Number(id);
      ids.push(videoId);
      const key = `videos/${videoId}/source.mp4`;
      const stored = await storage.putFile(key, file, { contentType: 'application/octet-stream' });
      await db
        .updateTable('videos')
        .set({ media_key: `videos/${videoId}` })
        .where('id', '=', videoId)
        .execute();
      await db
        .insertInto('video_files')
        .values({
          video_id: videoId,
          kind: 'source',
          format: 'mp4',
          storage_key: key,
          mime: 'application/octet-stream',
          width: LONG_VIDEO_FORMAT.width,
          height: LONG_VIDEO_FORMAT.height,
          size_bytes: stored.size,
          created_at: createdAt,
        })
        .execute();
      const categories = await idsOf('categories', definition.categories);
      if (categories.length > 0)
        await db
          .insertInto('video_categories')
          .values(categories.map((category_id) => ({ video_id: videoId, category_id })))
          .execute();
      const tags = await idsOf('tags', definition.tags);
      if (tags.length > 0)
        await db
          .insertInto('video_tags')
          .values(tags.map((tag_id) => ({ video_id: videoId, tag_id })))
          .execute();
      const performers = [models[(i * 7) % models.length], models[(i * 7 + 3) % models.length]];
      const modelIds = [...new Set(performers.flatMap((m) => (m ? [Number(m.id)] : [])))];
      if (modelIds.length > 0)
        await db
          .insertInto('video_models')
          .values(modelIds.map((model_id) => ({ video_id: videoId, model_id })))
          .execute();

      // The upload's job, run here: probe, MP4 ladder, HLS, pictures, sprites, preview; then status 3.
      const outcome = await processVideo(
        {
          db,
          storage,
          workDir: options.workDir,
          hlsMinDurationSeconds: options.hlsMinDurationSeconds,
          log: {
            info: () => {},
            error: (_details, message) => options.log?.(`long video ${videoId}: ${message}`),
          },
        },
        videoId,
        { demo: true },
      );
      if (outcome !== 'done') throw new Error(`long demo video ${videoId}: the pipeline answered ${outcome}`);
      // Approved, as a moderator would; the post date is the catalogue's, not this moment's.
      await db
        .updateTable('videos')
        .set({
          status: VIDEO_STATUS.active,
          post_date: postDate,
          views: definition.views,
          updated_at: postDate,
        })
        .where('id', '=', videoId)
        .where('status', '=', VIDEO_STATUS.waiting)
        .execute();
      options.log?.(
        `long video ${videoId} ${definition.title}: ${definition.seconds} s through the pipeline in ${Date.now() - started} ms`,
      );
    }
    return ids;
  } catch (error) {
    for (const id of ids) await storage.deletePrefix(`videos/${id}/`).catch(() => undefined);
    throw error;
  }
}
