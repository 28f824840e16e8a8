// Pure rules of content.md §5 for the uploaded file: which probed containers are allowed, the
// source's extension in storage, the minimum length, the dir slug. No I/O here.
import { MIN_SECONDS_DEFAULT, MIN_SECONDS_EXCLUSIVE } from '../../../contract/upload.ts';
import { english } from '../../lib/english.ts';

/**
 * ffprobe demuxer names of the allowed types (3gp, mp4, mov, m4v, f4v → mov family; asf, wmv → asf;
 * mpg, mpeg, dat, vob → mpeg; m2v → mpegvideo; m2t, mts → mpegts; mkv, webm → matroska/webm), each
 * with the extension the source is stored under.
 */
const CONTAINERS: ReadonlyArray<readonly [demuxer: string, ext: string]> = [
  ['mov', 'mp4'],
  ['mp4', 'mp4'],
  ['3gp', '3gp'],
  ['asf', 'wmv'],
  ['flv', 'flv'],
  ['mpeg', 'mpg'],
  ['mpegvideo', 'm2v'],
  ['mpegts', 'ts'],
  ['avi', 'avi'],
  ['rm', 'rm'],
  ['matroska', 'mkv'],
  ['webm', 'webm'],
  ['m4v', 'm4v'],
];

/** The stored extension for a probed container, or null when the type is not allowed. */
export function containerExtension(formatName: string): string | null {
  const names = formatName.split(',');
  for (const [demuxer, ext] of CONTAINERS) if (names.includes(demuxer)) return ext;
  return null;
}

export const minimumSeconds = (exclusive: boolean) =>
  exclusive ? MIN_SECONDS_EXCLUSIVE : MIN_SECONDS_DEFAULT;

/** "Latin letters and numbers" in a URL segment; a title without any gives 'video'. */
export function dirFromTitle(title: string): string {
  const dir = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return dir || 'video';
}

/** The message that goes with an error code (the page translates the code itself). */
export function uploadMessage(code: string): string {
  if (code === 'required') return english('upload.error.required');
  if (code === 'preview_upload_error') return english('upload.error.preview_upload_error');
  return english('upload.error.generic', { code });
}
