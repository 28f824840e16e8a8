// The player's file list (/api/videofile.php): the rows of video_files of an active public video,
// with URLs from the storage port.
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { VideoFileResponse, VideoSource } from '../../../contract/videofile.ts';
import type { MediaSigner } from '../../lib/media-signing.ts';
import type { Storage } from '../../storage/storage.ts';
import { mayOpenUnlisted } from '../access.ts';
import type { MediaRepository } from './media.repository.ts';
import { isVideoFileKey, withPass } from './uk-media-gate.ts';

export interface VideoFilesService {
  /** null when the video does not exist, is not active (status 1), is deleted, or is private and
   * `viewer` is not its uploader or staff. With `mediaPass` (the UK gate's pass, uk-media-gate.ts) the
   * URLs of its moving pictures carry it. */
  playerFiles(
    videoId: number,
    viewer?: CurrentUser | null,
    options?: { mediaPass?: string },
  ): Promise<VideoFileResponse | null>;
}

/** The WebVTT index is named `{video_id}.{count}.{interval}.vtt`, as the player calls it. */
const VTT_NAME = /(?:^|\/)(\d+)\.(\d+)\.(\d+)\.vtt$/;

export function createVideoFilesService(
  repository: MediaRepository,
  storage: Storage,
  signing?: MediaSigner,
): VideoFilesService {
  // Signed URLs expire within the hour, far sooner than the list's cache lifetime: link to /media/,
  // which redirects to a fresh one.
  const plainUrlOf = (key: string) =>
    storage.urlsExpire ? `/media/${key.split('/').map(encodeURIComponent).join('/')}` : storage.url(key);

  return {
    async playerFiles(videoId, viewer, options = {}) {
      const { mediaPass } = options;
      const urlOf = async (key: string) => {
        // The UK gate's pass is itself a signed, expiring grant of the video's files.
        if (mediaPass && isVideoFileKey(key)) return withPass(await plainUrlOf(key), mediaPass);
        // Hotlink protection (issue 32): moving pictures get a signed, expiring /media/s/ URL.
        if (signing?.needsSignature(key)) return signing.signedPath(key);
        return plainUrlOf(key);
      };
      const video = await repository.activeVideo(videoId);
      if (!video || (video.is_private && !mayOpenUnlisted(viewer, video.user_id))) return null;
      const files = await repository.playerFiles(videoId);

      const first = (kind: string, format?: string) =>
        files.find((f) => f.kind === kind && (format === undefined || f.format === format));
      const optionalUrl = async (row: { storage_key: string } | undefined) =>
        row ? await urlOf(row.storage_key) : null;

      const mp4 = files
        .filter((f) => f.kind === 'mp4')
        .map((f) => ({ ...f, height: f.height ?? (Number.parseInt(f.format, 10) || 0) }))
        .sort((a, b) => b.height - a.height);
      const sources: VideoSource[] = await Promise.all(
        mp4.map(async (f) => ({
          format: f.format,
          video_url: await urlOf(f.storage_key),
          mime: f.mime,
          width: f.width,
          height: f.height,
          size: Number(f.size_bytes),
        })),
      );

      const vtt = files
        .filter((f) => f.kind === 'vtt')
        .map((f) => ({ row: f, name: VTT_NAME.exec(f.storage_key) }))
        .find((v) => v.name !== null && Number(v.name[1]) === videoId);

      return {
        video_id: video.id,
        duration: video.duration,
        poster: await optionalUrl(first('poster', '')),
        preview: await optionalUrl(first('preview')),
        sources,
        hls_url: await optionalUrl(first('hls', 'master')),
        timelines_count: vtt ? Number(vtt.name![2]) : null,
        timelines_interval: vtt ? Number(vtt.name![3]) : null,
        timelines_vtt: vtt ? await urlOf(vtt.row.storage_key) : null,
      };
    },
  };
}
