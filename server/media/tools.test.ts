import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundledBinary,
  describeMediaTools,
  ensureExecutable,
  type MediaTools,
  names,
  resolveMediaTools,
  uploadsWaitReason,
} from './tools.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'media-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder with a fake `ffmpeg` (and `ffprobe`) that prints the tables a real one would. */
function fakeSystem(name: string, encoders: string[], filters: string[]): string {
  const bin = path.join(dir, name);
  rmSync(bin, { recursive: true, force: true });
  writeFileSync(
    path.join(dir, `${name}.encoders`),
    encoders.map((e) => ` V..... ${e}  Some encoder\n`).join(''),
  );
  writeFileSync(
    path.join(dir, `${name}.filters`),
    filters.map((f) => ` T.C ${f}  V->V  Some filter\n`).join(''),
  );
  const script = (tool: string) =>
    `#!/bin/sh\ncase "$2" in\n  -version) echo "${tool} version 9.9-fake";;\n  -encoders) cat "${dir}/${name}.encoders";;\n  -filters) cat "${dir}/${name}.filters";;\nesac\n`;
  mkdirSync(bin);
  for (const tool of ['ffmpeg', 'ffprobe']) {
    writeFileSync(path.join(bin, tool), script(tool));
    chmodSync(path.join(bin, tool), 0o755);
  }
  return bin;
}

describe('names', () => {
  it('reads the name column of -encoders and -filters tables of ffmpeg 4.1 and 5.x', () => {
    const table = [
      'Encoders:',
      ' V..... = Video',
      ' ------',
      ' V..... libx264              libx264 H.264 / AVC',
      ' A..... aac                  AAC (Advanced Audio Coding)',
      ' T.C drawtext          V->V       Draw text on top of video frames.',
      ' ... colorspectrum     |->V       Generate colors spectrum.',
      '  | = Source or sink filter',
    ].join('\n');
    expect([...names(table)].sort()).toEqual(['aac', 'colorspectrum', 'drawtext', 'libx264']);
  });
});

describe('resolveMediaTools', () => {
  it('uses FFMPEG_PATH and FFPROBE_PATH as they are', () => {
    const tools = resolveMediaTools({ FFMPEG_PATH: '/opt/none/ffmpeg', FFPROBE_PATH: '/opt/none/ffprobe' });
    expect(tools.ffmpeg).toEqual({ path: '/opt/none/ffmpeg', source: 'env', version: '' });
    expect(tools.ffprobe.source).toBe('env');
    expect(tools.missing).toEqual(['ffmpeg', 'ffprobe']);
  });

  it('takes the packaged binaries when none is on PATH, and they have what the pipeline needs', () => {
    const tools = resolveMediaTools({ PATH: '' });
    expect(tools.ffmpeg.source).toBe('bundled');
    expect(tools.ffmpeg.path).toBe(bundledBinary('ffmpeg'));
    expect(tools.ffmpeg.version).toMatch(/^ffmpeg version /);
    expect(tools.ffprobe.source).toBe('bundled');
    expect(tools.missing).toEqual([]);
    expect(tools.filters.has('drawtext')).toBe(true);
    expect(describeMediaTools(tools)).toContain('(bundled, ');
  });

  it('takes a system ffmpeg that has libx264, aac and drawtext', () => {
    const bin = fakeSystem('good', ['libx264', 'aac'], ['drawtext', 'testsrc2']);
    const tools = resolveMediaTools({ PATH: bin });
    expect(tools.ffmpeg).toEqual({
      path: path.join(bin, 'ffmpeg'),
      source: 'system',
      version: 'ffmpeg version 9.9-fake',
    });
    expect(tools.ffprobe.source).toBe('system');
    expect([...tools.filters].sort()).toEqual(['drawtext', 'testsrc2']);
  });

  it('passes over a system ffmpeg without libx264 (or drawtext) for the packaged one', () => {
    for (const [encoders, filters] of [
      [['aac'], ['drawtext']],
      [['libx264', 'aac'], []],
    ]) {
      const bin = fakeSystem('poor', encoders!, filters!);
      const tools = resolveMediaTools({ PATH: bin });
      expect(tools.ffmpeg.source).toBe('bundled');
      // Its ffprobe runs, so it is kept.
      expect(tools.ffprobe.source).toBe('system');
    }
  });

  it('MEDIA_TOOLS=bundled skips a good system ffmpeg', () => {
    const bin = fakeSystem('skipped', ['libx264', 'aac'], ['drawtext']);
    const tools = resolveMediaTools({ PATH: bin, MEDIA_TOOLS: 'bundled' });
    expect(tools.ffmpeg.source).toBe('bundled');
    expect(tools.ffprobe.source).toBe('bundled');
  });
});

describe('ensureExecutable', () => {
  it('adds the execute bits a package extracted without its install script lacks', () => {
    const file = path.join(dir, 'tool');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o644);
    expect(ensureExecutable(file)).toBe(true);
    expect(statSync(file).mode & 0o111).toBe(0o111);
    expect(ensureExecutable(path.join(dir, 'absent'))).toBe(false);
  });
});

describe('uploadsWaitReason', () => {
  const tools = (source: 'system' | 'bundled', missing: string[] = []): MediaTools => ({
    ffmpeg: { path: 'ffmpeg', source, version: 'ffmpeg version x' },
    ffprobe: { path: 'ffprobe', source, version: 'ffprobe version x' },
    filters: new Set(),
    missing,
  });

  it('lets uploads run on a system ffmpeg, or on the packaged one when allowed', () => {
    expect(uploadsWaitReason(tools('system'), false)).toBeNull();
    expect(uploadsWaitReason(tools('bundled'), true)).toBeNull();
  });

  it('makes them wait, saying why and what to do, on the packaged one or with tools missing', () => {
    expect(uploadsWaitReason(tools('bundled'), false)).toMatch(/MEDIA_ALLOW_BUNDLED_FFMPEG=true/);
    expect(uploadsWaitReason(tools('system', ['libx264']), true)).toMatch(/lack libx264/);
  });
});
