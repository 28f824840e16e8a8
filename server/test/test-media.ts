// Helpers of the pipeline's tests (not a test file): tiny synthetic sources, a video waiting to be
// processed, and the files a video has in local storage.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseImageVariantKey } from '../../contract/image-variants.ts';
import type { DB } from '../db/database.ts';
import { COMMON_ARGS } from '../media/ffmpeg.ts';
import { runFfmpeg } from '../media/runner.ts';
import type { Storage } from '../storage/storage.ts';

export interface SourceSpec {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** Default true. */
  audio?: boolean;
}

/** A testsrc2 clip with a sine tone: H.264 ultrafast, keyframe every 2 s, AAC. */
export async function makeSource(output: string, spec: SourceSpec): Promise<string> {
  const audio = spec.audio ?? true;
  await runFfmpeg([
    ...COMMON_ARGS,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${spec.width}x${spec.height}:rate=${spec.fps}`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000'] : []),
    '-map',
    '0:v',
    ...(audio ? ['-map', '1:a', '-c:a', 'aac', '-b:a', '16k'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(spec.fps * 2),
    '-pix_fmt',
    'yuv420p',
    '-t',
    String(spec.seconds),
    output,
  ]);
  return output;
}

let counter = 0;

/**
 * What an accepted upload leaves: a video row in status 2 and its source in storage (key
 * `uploads/{id}/source.mp4`, row kind 'source' format 'mp4'). Answers the video id.
 */
export async function insertProcessingVideo(
  db: DB,
  storage: Storage,
  sourceFile: string,
  options: { chosenImage?: string } = {},
): Promise<number> {
  counter += 1;
  const { id } = await db
    .insertInto('videos')
    .values({ dir: `pipeline-clip-${counter}`, title: `Pipeline clip ${counter}`, status: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = `uploads/${id}/source.mp4`;
  const stored = await storage.putFile(key, sourceFile, { contentType: 'video/mp4' });
  await db
    .insertInto('video_files')
    .values({
      video_id: id,
      kind: 'source',
      format: 'mp4',
      storage_key: key,
      mime: 'video/mp4',
      size_bytes: stored.size,
    })
    .execute();
  if (options.chosenImage) {
    const chosenKey = `uploads/${id}/chosen.png`;
    const image = await storage.putFile(chosenKey, options.chosenImage, { contentType: 'image/png' });
    await db
      .insertInto('video_files')
      .values({
        video_id: id,
        kind: 'thumb',
        format: 'chosen',
        storage_key: chosenKey,
        mime: 'image/png',
        size_bytes: image.size,
      })
      .execute();
  }
  return id;
}

/** Every file under `{root}/{prefix}`, as keys, sorted; dot-names (a store's temp files) included. */
export async function filesUnder(root: string, prefix: string): Promise<string[]> {
  const dir = path.join(root, ...prefix.split('/').filter(Boolean));
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The video's files that no row names: HLS playlists' segments and init files are the master's, a JPEG's
 * WebP variants (contract/image-variants.ts) the JPEG's.
 */
export async function orphanFiles(db: DB, root: string, videoId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('video_files')
    .select('storage_key')
    .where('video_id', '=', videoId)
    .execute();
  const keys = new Set(rows.map((r) => r.storage_key));
  const hasHls = [...keys].some((k) => k.endsWith('/hls/master.m3u8'));
  return (await filesUnder(root, `videos/${videoId}/`)).filter((k) => {
    const variant = parseImageVariantKey(k);
    if (variant) return !keys.has(variant.source);
    return !keys.has(k) && !(hasHls && k.startsWith(`videos/${videoId}/hls/`));
  });
}
