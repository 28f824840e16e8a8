// The ffmpeg/ffprobe pairs the real-run media tests run against: the packaged binaries always, and the
// system's where it has what the pipeline needs (issue 19: commands must work on ffmpeg 4.1 and on
// current releases). MEDIA_TOOLS=bundled leaves the system's out.
import { afterAll, beforeAll } from 'vitest';
import { bundledBinary, resolveMediaTools } from '../media/tools.ts';

export interface Toolset {
  name: 'packaged' | 'system';
  env: { FFMPEG_PATH: string; FFPROBE_PATH: string };
}

export function mediaToolsets(): Toolset[] {
  const list: Toolset[] = [];
  const ffmpeg = bundledBinary('ffmpeg');
  const ffprobe = bundledBinary('ffprobe');
  if (ffmpeg && ffprobe) list.push({ name: 'packaged', env: { FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe } });
  if (process.env.MEDIA_TOOLS !== 'bundled') {
    const system = resolveMediaTools({ PATH: process.env.PATH });
    if (system.ffmpeg.source === 'system' && system.ffprobe.source === 'system') {
      list.push({
        name: 'system',
        env: { FFMPEG_PATH: system.ffmpeg.path, FFPROBE_PATH: system.ffprobe.path },
      });
    }
  }
  return list;
}

/** Points this describe block's media commands at one toolset (process.env, restored afterwards). */
export function useToolset(toolset: Toolset) {
  const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH };
  beforeAll(() => {
    Object.assign(process.env, toolset.env);
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
