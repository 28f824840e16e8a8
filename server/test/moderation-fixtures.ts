// Test data for the moderation queue: videos in any status with real small files in storage, made
// by ffmpeg (a test pattern, 320x180, a few seconds), as the pipeline would leave them.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VideoStatus } from '../../contract/catalog.ts';
import type { DB } from '../db/database.ts';
import { binaryPath } from '../media/runner.ts';
import type { Storage } from '../storage/storage.ts';

const run = promisify(execFile);

export interface ClipFiles {
  seconds: number;
  mp4: string;
  poster: string;
  thumbs: string[];
}

/** One H.264/AAC clip and its stills, made once and stored for every fixture video. */
export async function makeClipFiles(seconds = 3): Promise<ClipFiles> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-moderation-'));
  const mp4 = path.join(dir, 'clip.mp4');
  await run(binaryPath('ffmpeg'), [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-shortest', mp4],
  ]);
  const still = async (name: string, at: number) => {
    const file = path.join(dir, name);
    await run(binaryPath('ffmpeg'), [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-ss', String(at), '-i', mp4, '-frames:v', '1', '-q:v', '4', file],
    ]);
    return file;
  };
  const poster = await still('poster.jpg', 1);
  const thumbs = [
    await still('thumb-1.jpg', 0.5),
    await still('thumb-2.jpg', 1.5),
    await still('thumb-3.jpg', 2.5),
  ];
  return { seconds, mp4, poster, thumbs };
}

export interface UploadedFixture {
  title: string;
  userId: number | null;
  status?: VideoStatus;
  rejectReason?: string | null;
  isPrivate?: boolean;
  /** Minutes ago the upload was made (queue order). */
  minutesAgo?: number;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Inserts a video as the pipeline leaves it (default status 3) with its files stored. */
export async function insertUploadedVideo(db: DB, storage: Storage, clip: ClipFiles, v: UploadedFixture) {
  const at = new Date(Date.now() - (v.minutesAgo ?? 0) * 60_000);
  const row = await db
    .insertInto('videos')
    .values({
      dir: slug(v.title),
      title: v.title,
      user_id: v.userId,
      status: v.status ?? 3,
      reject_reason: v.rejectReason ?? null,
      is_private: v.isPrivate ?? false,
      duration: clip.seconds,
      width: 320,
      height: 180,
      post_date: at,
      created_at: at,
      updated_at: at,
    })
    .returning(['id', 'dir'])
    .executeTakeFirstOrThrow();
  const prefix = `videos/${row.id}`;
  const put = async (key: string, file: string, mime: string) => {
    const stored = await storage.putFile(key, file, { contentType: mime });
    return stored.size;
  };
  const mp4Size = await put(`${prefix}/180p.mp4`, clip.mp4, 'video/mp4');
  await put(`${prefix}/poster.jpg`, clip.poster, 'image/jpeg');
  const thumbKeys = await Promise.all(
    clip.thumbs.map(async (file, i) => {
      const key = `${prefix}/thumb-${i + 1}.jpg`;
      await put(key, file, 'image/jpeg');
      return key;
    }),
  );
  await db
    .insertInto('video_files')
    .values([
      {
        video_id: row.id,
        kind: 'mp4',
        format: '180p',
        storage_key: `${prefix}/180p.mp4`,
        mime: 'video/mp4',
        width: 320,
        height: 180,
        size_bytes: mp4Size,
      },
      { video_id: row.id, kind: 'poster', storage_key: `${prefix}/poster.jpg`, mime: 'image/jpeg' },
      ...thumbKeys.map((key, i) => ({
        video_id: row.id,
        kind: 'thumb' as const,
        format: `thumb-${i + 1}`,
        storage_key: key,
        mime: 'image/jpeg',
      })),
    ])
    .execute();
  return { id: Number(row.id), dir: row.dir };
}
