import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stillFramesArgs, testClipArgs } from './ffmpeg.ts';
import { binaryPath, MediaCommandError, probe, run, runFfmpeg } from './runner.ts';
import { DRAWTEXT_FONT_FILE } from './tools.ts';

const FONT = DRAWTEXT_FONT_FILE;
const dir = mkdtempSync(path.join(tmpdir(), 'runner-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('binaryPath', () => {
  it('prefers the environment, else the system binary, else the packaged one', () => {
    // No PATH: no system binary can be found, so the packaged one is chosen.
    expect(binaryPath('ffmpeg', { PATH: '' })).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
    expect(binaryPath('ffprobe', { FFPROBE_PATH: '', PATH: '' })).toMatch(
      /@ffprobe-installer\/linux-x64\/ffprobe$/,
    );
    expect(binaryPath('ffmpeg', { FFMPEG_PATH: '/opt/ff/ffmpeg' })).toBe('/opt/ff/ffmpeg');
    expect(binaryPath('ffprobe', { FFPROBE_PATH: '/opt/ff/ffprobe' })).toBe('/opt/ff/ffprobe');
  });
});

describe('runner with real ffmpeg', () => {
  it('makes a 2-second clip and probes it', async () => {
    const output = path.join(dir, 'clip.mp4');
    await runFfmpeg(
      testClipArgs({
        source: 'testsrc2',
        width: 320,
        height: 180,
        fps: 15,
        seconds: 2,
        title: 'Runner Test',
        movingTitle: true,
        toneHz: 440,
        fontFile: FONT,
        output,
        preset: 'ultrafast',
      }),
    );
    const info = await probe(output);
    expect(info.width).toBe(320);
    expect(info.height).toBe(180);
    expect(info.hasVideo && info.hasAudio).toBe(true);
    expect(info.duration).toBeGreaterThan(1.9);
    expect(info.duration).toBeLessThan(2.2);

    const poster = path.join(dir, 'poster.jpg');
    await runFfmpeg(
      stillFramesArgs({ input: output, width: 160, frames: [{ atSeconds: 1, output: poster }] }),
    );
    expect(statSync(poster).size).toBeGreaterThan(500);
    expect(await probe(poster)).toMatchObject({ width: 160, height: 90 });
  });

  it('rejects with the end of stderr when ffmpeg fails', async () => {
    const error = await runFfmpeg([
      '-v',
      'error',
      '-i',
      path.join(dir, 'missing.mp4'),
      '-f',
      'null',
      '-',
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaCommandError);
    expect((error as MediaCommandError).exitCode).not.toBe(0);
    expect((error as MediaCommandError).message).toContain('missing.mp4');
  });

  it('reports a binary that cannot start', async () => {
    const error = await run('ffmpeg', ['-version'], { env: { FFMPEG_PATH: path.join(dir, 'nope') } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaCommandError);
    expect((error as Error).message).toContain('could not start');
  });

  it('kills a command that runs past its timeout, and one that is aborted', async () => {
    const endless = ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15', '-f', 'null', '-'];
    await expect(runFfmpeg(endless, { timeoutMs: 300 })).rejects.toThrow('timed out after 300 ms');
    const controller = new AbortController();
    const pending = runFfmpeg(endless, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by test')), 200);
    await expect(pending).rejects.toThrow('cancelled by test');
  });
});
