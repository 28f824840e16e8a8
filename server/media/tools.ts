// Which ffmpeg and ffprobe the process runs (docs/decisions.md "Media tools"): FFMPEG_PATH / FFPROBE_PATH
// when set; else the system's, when it runs and has what the pipeline needs (libx264, aac, drawtext);
// else the static builds shipped in npm packages (@ffmpeg-installer, @ffprobe-installer), so that a
// machine with only Node can make the demo catalogue and run the tests. The packaged ffmpeg is a 2018
// build: uploads wait for a current one unless MEDIA_ALLOW_BUNDLED_FFMPEG=true (server/pipeline).

import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type MediaBinary = 'ffmpeg' | 'ffprobe';
/** env: FFMPEG_PATH/FFPROBE_PATH; system: found on PATH; bundled: shipped in an npm package. */
export type ToolSource = 'env' | 'system' | 'bundled';

export interface MediaTool {
  path: string;
  source: ToolSource;
  /** The first line of `-version`, e.g. "ffmpeg version 5.1.8-0+deb12u1"; '' when it did not run. */
  version: string;
}

export interface MediaTools {
  ffmpeg: MediaTool;
  ffprobe: MediaTool;
  /** libavfilter filters of the chosen ffmpeg (test sources differ between builds). */
  filters: ReadonlySet<string>;
  /** What is missing for the pipeline (empty when ffmpeg has libx264, aac and drawtext). */
  missing: string[];
}

/** What the pipeline and the seeder use: an encoder or filter absent from a build rules it out. */
export const REQUIRED_ENCODERS = ['libx264', 'aac'] as const;
export const REQUIRED_FILTERS = ['drawtext'] as const;

const requireFromHere = createRequire(import.meta.url);

/**
 * The binary shipped in the platform package of @ffmpeg-installer / @ffprobe-installer, or null when
 * this platform has none. Made executable when the package's install script did not run (npm
 * 11 skips install scripts that are not allowed; `--ignore-scripts` too).
 */
export function bundledBinary(binary: MediaBinary): string | null {
  const platform = `${process.platform}-${process.arch}`;
  let dir: string;
  try {
    dir = path.dirname(requireFromHere.resolve(`@${binary}-installer/${platform}/package.json`));
  } catch {
    return null;
  }
  const file = path.join(dir, process.platform === 'win32' ? `${binary}.exe` : binary);
  return ensureExecutable(file) ? file : null;
}

/** True when the file exists and can be run, after adding the execute bits if it lacked them. */
export function ensureExecutable(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    try {
      chmodSync(file, statSync(file).mode | 0o111);
      return true;
    } catch {
      return false;
    }
  }
}

interface Inspection {
  version: string;
  encoders: Set<string>;
  filters: Set<string>;
}

/** Runs `-version` (and for ffmpeg `-encoders`, `-filters`); null when the binary does not start. */
function inspect(file: string, binary: MediaBinary): Inspection | null {
  const run = (args: string[]) =>
    spawnSync(file, ['-hide_banner', ...args], { encoding: 'utf8', timeout: 15_000 });
  const version = run(['-version']);
  if (version.error || version.status !== 0) return null;
  // "ffmpeg version 5.1.8-0+deb12u1 Copyright (c) …": the part before the copyright notice.
  const firstLine = (version.stdout.split('\n')[0] ?? '').replace(/\s+Copyright.*$/, '').trim();
  if (binary === 'ffprobe') return { version: firstLine, encoders: new Set(), filters: new Set() };
  return {
    version: firstLine,
    encoders: names(run(['-encoders']).stdout ?? ''),
    filters: names(run(['-filters']).stdout ?? ''),
  };
}

/** The second column of ffmpeg's `-encoders` / `-filters` tables (flags, then the name). */
export function names(table: string): Set<string> {
  const found = new Set<string>();
  for (const line of table.split('\n')) {
    const match = /^\s*[A-Z.|]{3,6}\s+(\S+)\s/.exec(line);
    if (match?.[1] && match[1] !== '=') found.add(match[1]);
  }
  return found;
}

function missingFor(inspection: Inspection): string[] {
  return [
    ...REQUIRED_ENCODERS.filter((e) => !inspection.encoders.has(e)),
    ...REQUIRED_FILTERS.filter((f) => !inspection.filters.has(f)),
  ];
}

const cache = new Map<string, MediaTools>();

/**
 * Resolves the tools once per distinct environment (the tests pass their own FFMPEG_PATH). Synchronous:
 * it runs three short `-version`-like commands the first time, at boot or at the first media command.
 */
export function mediaTools(env: NodeJS.ProcessEnv = process.env): MediaTools {
  const key = [env.FFMPEG_PATH, env.FFPROBE_PATH, env.MEDIA_TOOLS, env.PATH].join('\0');
  let tools = cache.get(key);
  if (!tools) {
    tools = resolveMediaTools(env);
    cache.set(key, tools);
  }
  return tools;
}

/** The first executable file of that name in the PATH's folders, as a shell would find it. */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (!folder) continue;
    const file = path.join(folder, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

function fromEnv(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

/** Uncached resolution; see mediaTools(). `MEDIA_TOOLS=bundled` skips the system binaries (CI uses it). */
export function resolveMediaTools(env: NodeJS.ProcessEnv = process.env): MediaTools {
  const preferBundled = env.MEDIA_TOOLS === 'bundled';
  const candidates = (binary: MediaBinary): Array<{ path: string; source: ToolSource }> => {
    const set = fromEnv(binary === 'ffmpeg' ? env.FFMPEG_PATH : env.FFPROBE_PATH);
    if (set) return [{ path: set, source: 'env' }];
    const bundled = bundledBinary(binary);
    const onPath = preferBundled ? null : findOnPath(binary, env.PATH);
    const list: Array<{ path: string; source: ToolSource }> = onPath
      ? [{ path: onPath, source: 'system' }]
      : [];
    if (bundled) list.push({ path: bundled, source: 'bundled' });
    return list;
  };

  let ffmpeg: MediaTool | null = null;
  let ffmpegInspection: Inspection | null = null;
  for (const candidate of candidates('ffmpeg')) {
    const inspection = inspect(candidate.path, 'ffmpeg');
    // A set path is used as it is; a system ffmpeg only when it has all the pipeline needs.
    if (candidate.source === 'system' && (!inspection || missingFor(inspection).length > 0)) continue;
    ffmpeg = { ...candidate, version: inspection?.version ?? '' };
    ffmpegInspection = inspection;
    break;
  }
  let ffprobe: MediaTool | null = null;
  for (const candidate of candidates('ffprobe')) {
    const inspection = inspect(candidate.path, 'ffprobe');
    if (candidate.source === 'system' && !inspection) continue;
    ffprobe = { ...candidate, version: inspection?.version ?? '' };
    break;
  }
  const missing: string[] = [];
  if (!ffmpeg?.version) missing.push('ffmpeg');
  else if (ffmpegInspection) missing.push(...missingFor(ffmpegInspection));
  if (!ffprobe?.version) missing.push('ffprobe');
  return {
    // Nothing that runs: the bare names, so that a spawn fails with "could not start (spawn ffmpeg ENOENT)".
    ffmpeg: ffmpeg ?? { path: 'ffmpeg', source: 'system', version: '' },
    ffprobe: ffprobe ?? { path: 'ffprobe', source: 'system', version: '' },
    filters: ffmpegInspection?.filters ?? new Set(),
    missing,
  };
}

/** One line for the start log: which binaries, from where, which versions. */
export function describeMediaTools(tools: MediaTools): string {
  const one = (name: MediaBinary, tool: MediaTool) =>
    tool.version ? `${name}: ${tool.version} (${tool.source}, ${tool.path})` : `${name}: not found`;
  const missing = tools.missing.length > 0 ? `; missing: ${tools.missing.join(', ')}` : '';
  return `${one('ffmpeg', tools.ffmpeg)}; ${one('ffprobe', tools.ffprobe)}${missing}`;
}

/** The packaged ffmpeg is used: real uploads wait for a current one unless the operator allows it. */
export function usesBundledFfmpeg(tools: MediaTools): boolean {
  return tools.ffmpeg.source === 'bundled';
}

/** The font drawtext writes demo and test titles with: DejaVu Sans Bold from the npm package. */
export const DRAWTEXT_FONT_FILE = path.join(
  path.dirname(requireFromHere.resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans-Bold.ttf',
);

/**
 * Why members' uploads must wait, or null when they can be processed: the tools are missing, or only the
 * packaged 2018 ffmpeg is there and the operator has not allowed it (the demo catalogue and the tests use
 * it all the same).
 */
export function uploadsWaitReason(tools: MediaTools, allowBundled: boolean): string | null {
  if (tools.missing.length > 0) {
    return `Uploads wait: the media tools lack ${tools.missing.join(', ')}. Install a current ffmpeg (with ffprobe, libx264, aac and drawtext) on PATH or set FFMPEG_PATH and FFPROBE_PATH, then restart.`;
  }
  if (usesBundledFfmpeg(tools) && !allowBundled) {
    return 'Uploads wait for a current ffmpeg: only the packaged one (a 2018 build, used for the demo catalogue and the tests) is installed. Install ffmpeg 5 or newer on PATH (e.g. `apt-get install ffmpeg`) or set FFMPEG_PATH and FFPROBE_PATH, then restart; or set MEDIA_ALLOW_BUNDLED_FFMPEG=true to process uploads with the packaged build.';
  }
  return null;
}
