// HLS of a long demo clip (issue 29; content.md §4: "HLS is used when duration exceeds 1800 s"): the
// clip's looped MP4 renditions cut into the layout the pipeline's hlsStep stores (server/pipeline),
// by stream copy (hls-copy.ts), so a 58-minute clip costs seconds, not a full encode. Same folders,
// file names, playlists and master playlist as an upload's, under the clip's media key:
// `{mediaKey}/hls/master.m3u8`, `{mediaKey}/hls/{rung}/index.m3u8`, its init file and `seg_NNNNN.m4s`.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hlsCopyArgs } from '../media/hls-copy.ts';
import { HLS_MIN_DURATION_SECONDS, hlsMasterPlaylist, type Rung } from '../media/ladder.ts';
import { runFfmpeg } from '../media/runner.ts';
import type { Storage } from '../storage/storage.ts';
import type { DemoClipFile, DemoStoredPart } from './demo-media.ts';

/** Whether a demo clip of this length gets HLS: over the threshold, as the pipeline decides for uploads. */
export function demoClipNeedsHls(seconds: number, hlsMinDurationSeconds?: number): boolean {
  return seconds > (hlsMinDurationSeconds ?? HLS_MIN_DURATION_SECONDS);
}

/**
 * Cuts the renditions (ladder order) into `outDir`: master.m3u8, {rung}/index.m3u8, init and segments,
 * named as transcodeHls names them. Answers the files written, relative to outDir, the master playlist
 * last (stored last, like the pipeline's, it is the one the video's row points at).
 */
export async function packageDemoHls(
  renditions: ReadonlyArray<{ rung: Rung; file: string }>,
  hasAudio: boolean,
  outDir: string,
): Promise<string[]> {
  for (const [i, { rung, file }] of renditions.entries()) {
    const outputDir = path.join(outDir, rung.name);
    await mkdir(outputDir, { recursive: true });
    // One process per rung (hls-copy.ts); the init file named as ffmpeg names it in the pipeline's one.
    const initFilename = renditions.length > 1 ? `init_${i}.mp4` : 'init.mp4';
    await runFfmpeg(hlsCopyArgs({ input: file, hasAudio, outputDir, initFilename }));
  }
  await writeFile(
    path.join(outDir, 'master.m3u8'),
    hlsMasterPlaylist(
      renditions.map((r) => r.rung),
      hasAudio,
    ),
  );
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== 'master.m3u8')
    .sort();
  return [...files, 'master.m3u8'];
}

const PLAYLIST_MIME = 'application/vnd.apple.mpegurl';
/** Segments stored at once: thousands on a long clip, each a request on S3. */
const PUT_CONCURRENCY = 8;

/**
 * Stores the folder packageDemoHls wrote (`files`, master last) under `{mediaKey}/hls/` as hlsStep
 * stores an upload's: init files and segments first, then the playlists, the master last. Answers the
 * playlists as clip files (kind 'hls', format 'master' or the variant's rung: the rows hlsStep
 * upserts) and the rest, which get no row, with their sizes.
 */
export async function storeDemoHls(
  storage: Storage,
  mediaKey: string,
  hlsDir: string,
  files: readonly string[],
  renditions: ReadonlyArray<{ rung: Rung }>,
): Promise<{ playlists: DemoClipFile[]; segments: DemoStoredPart[] }> {
  const local = (name: string) => path.join(hlsDir, ...name.split('/'));
  const variantOf = (name: string) => /^([^/]+)\/index\.m3u8$/.exec(name)?.[1];
  const isPlaylist = (name: string) => name === 'master.m3u8' || variantOf(name) !== undefined;

  const parts = files.filter((name) => !isPlaylist(name));
  const segments: DemoStoredPart[] = [];
  for (let i = 0; i < parts.length; i += PUT_CONCURRENCY) {
    const stored = await Promise.all(
      parts.slice(i, i + PUT_CONCURRENCY).map(async (name) => {
        const storageKey = `${mediaKey}/hls/${name}`;
        const contentType = name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4';
        const { size } = await storage.putFile(storageKey, local(name), { contentType });
        return { storageKey, sizeBytes: size };
      }),
    );
    segments.push(...stored);
  }

  const playlists: DemoClipFile[] = [];
  for (const name of files.filter(isPlaylist)) {
    const format = variantOf(name) ?? 'master';
    const rung = renditions.find((r) => r.rung.name === format)?.rung;
    const storageKey = `${mediaKey}/hls/${name}`;
    const { size } = await storage.putFile(storageKey, local(name), { contentType: PLAYLIST_MIME });
    playlists.push({
      kind: 'hls',
      format,
      storageKey,
      mime: PLAYLIST_MIME,
      width: rung?.width ?? null,
      height: rung?.height ?? null,
      sizeBytes: size,
      bitrate: null,
    });
  }
  return { playlists, segments };
}
