// What the health answer and the staff pages tell about the media tools, and the health answer about
// the media storage: set once at boot (main.ts, after resolving them), read by anyone. Tests that never
// boot leave it unknown.
import type { StorageHealth } from '../storage/storage-health.ts';
import type { MediaTool, MediaTools } from './tools.ts';

export interface MediaStatusValue {
  tools: MediaTools;
  /** Why members' uploads wait, or null when they are processed. */
  uploadsWaitReason: string | null;
  /** Whether the media storage answers (a cached check); unset: not reported. */
  storage?: StorageHealth;
}

export interface MediaStatusReport {
  ffmpeg: Pick<MediaTool, 'source' | 'version' | 'path'>;
  ffprobe: Pick<MediaTool, 'source' | 'version' | 'path'>;
  missing: string[];
  uploads: 'processed' | 'waiting';
  uploadsWaitReason?: string;
}

export interface MediaStatus {
  set(value: MediaStatusValue): void;
  get(): MediaStatusValue | null;
  /** The JSON the health answer carries; null until set. */
  report(): MediaStatusReport | null;
}

export function createMediaStatus(): MediaStatus {
  let current: MediaStatusValue | null = null;
  const tool = ({ source, version, path }: MediaTool) => ({ source, version, path });
  return {
    set(value) {
      current = value;
    },
    get: () => current,
    report() {
      if (!current) return null;
      const { tools, uploadsWaitReason } = current;
      return {
        ffmpeg: tool(tools.ffmpeg),
        ffprobe: tool(tools.ffprobe),
        missing: tools.missing,
        uploads: uploadsWaitReason ? 'waiting' : 'processed',
        ...(uploadsWaitReason ? { uploadsWaitReason } : {}),
      };
    },
  };
}
