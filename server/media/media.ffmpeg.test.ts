// The builders run by real ffmpeg on tiny clips (2 s, ≤ 640x360, ultrafast): proof that what the
// exact-argument tests pin is also what ffmpeg accepts: the packaged 2018 build and, where present, the
// system's.
import { copyFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcodeHls } from '../pipeline/media-steps.ts';
import { mediaToolsets, useToolset } from '../test/media-toolsets.ts';
import { testClipArgs } from './ffmpeg.ts';
import { ladderFor, mp4LadderArgs } from './ladder.ts';
import { previewClipArgs } from './preview.ts';
import { MediaProbeError } from './probe.ts';
import type { FfmpegProgress } from './progress.ts';
import { probeMedia, run, runFfmpeg } from './runner.ts';
import { posterAndThumbsArgs, spriteLayout, spriteSheetsArgs, spriteVtt } from './stills.ts';
import { DRAWTEXT_FONT_FILE } from './tools.ts';

const FONT = DRAWTEXT_FONT_FILE;

describe.each(mediaToolsets())('with the $name ffmpeg', (toolset) => {
  useToolset(toolset);
  let dir: string;
  let clip: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-ffmpeg-'));
    clip = path.join(dir, 'source.mp4');
    await runFfmpeg(
      testClipArgs({
        source: 'testsrc2',
        width: 640,
        height: 360,
        fps: 15,
        seconds: 2,
        title: 'Pipeline',
        toneHz: 440,
        fontFile: FONT,
        output: clip,
        preset: 'ultrafast',
      }),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function probeFailure(file: string): Promise<string> {
    const error = await probeMedia(file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaProbeError);
    return (error as MediaProbeError).code;
  }

  describe('probeMedia on real files', () => {
    it('reads a clip ffmpeg made', async () => {
      const probe = await probeMedia(clip);
      expect(probe).toMatchObject({
        formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
        videoCodec: 'h264',
        audioCodec: 'aac',
        width: 640,
        height: 360,
        frameRate: 15,
      });
      expect(probe.durationSeconds).toBeGreaterThan(1.9);
      expect(probe.durationSeconds).toBeLessThan(2.2);
    });

    it('calls a cut-off MP4 damaged', async () => {
      // Without faststart the index (moov) is at the end: cutting the file loses it.
      const whole = path.join(dir, 'slow-start.mp4');
      const args = testClipArgs({
        source: 'testsrc',
        width: 160,
        height: 120,
        fps: 10,
        seconds: 1,
        title: 'Cut',
        toneHz: 220,
        fontFile: FONT,
        output: whole,
        preset: 'ultrafast',
      });
      const i = args.indexOf('+faststart');
      args.splice(i - 1, 2);
      await runFfmpeg(args);
      const cut = path.join(dir, 'cut.mp4');
      await copyFile(whole, cut);
      await truncate(cut, Math.floor((await stat(whole)).size / 2));
      expect(await probeFailure(cut)).toBe('damaged');
    });

    it('calls a text file renamed to .mp4, and an empty file, not a video', async () => {
      const text = path.join(dir, 'notes.mp4');
      await writeFile(text, 'These are not the frames you are looking for.\n'.repeat(20));
      expect(await probeFailure(text)).toBe('not_a_video');
      const empty = path.join(dir, 'empty.mp4');
      await writeFile(empty, '');
      expect(await probeFailure(empty)).toBe('not_a_video');
    });

    it('calls a JPEG renamed to .mp4 not a video', async () => {
      const jpeg = path.join(dir, 'still.jpg');
      await runFfmpeg([
        '-hide_banner',
        '-nostdin',
        '-y',
        '-loglevel',
        'error',
        '-i',
        clip,
        '-frames:v',
        '1',
        jpeg,
      ]);
      const renamed = path.join(dir, 'still.mp4');
      await copyFile(jpeg, renamed);
      expect(await probeFailure(renamed)).toBe('not_a_video');
    });
  });

  describe('renditions from real ffmpeg', () => {
    it('transcodes the ladder in one process and reports progress up to 100%', async () => {
      const rungs = ladderFor({ width: 640, height: 360 });
      const updates: FfmpegProgress[] = [];
      const outputs = rungs.map((rung) => ({ rung, output: path.join(dir, `${rung.name}.mp4`) }));
      await runFfmpeg(mp4LadderArgs({ input: clip, rungs: outputs, preset: 'ultrafast' }), {
        durationSeconds: 2,
        onProgress: (p) => updates.push(p),
      });
      for (const { rung, output } of outputs) {
        const probe = await probeMedia(output);
        expect(probe).toMatchObject({
          videoCodec: 'h264',
          audioCodec: 'aac',
          width: rung.width,
          height: rung.height,
        });
        // faststart: the index comes before the media data.
        const head = (await readFile(output)).subarray(0, 4096).toString('latin1');
        expect(head.indexOf('moov')).toBeGreaterThan(-1);
        expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? 4096 : head.indexOf('mdat'));
      }
      expect(updates.length).toBeGreaterThan(0);
      const last = updates.at(-1)!;
      expect(last).toMatchObject({ done: true, percent: 100 });
      expect(last.outTimeSeconds).toBeGreaterThan(1.8);
      const percents = updates.map((u) => u.percent ?? 0);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
    });

    it('writes HLS with a master playlist naming every rung', async () => {
      const out = path.join(dir, 'hls');
      const rungs = ladderFor({ width: 640, height: 360 });
      const files = await transcodeHls(clip, 2, rungs, true, out, { preset: 'ultrafast' });
      expect(files.at(-1)).toBe('master.m3u8');
      expect(files).toEqual(expect.arrayContaining(['240p/index.m3u8', '360p/index.m3u8']));
      const master = await readFile(path.join(out, 'master.m3u8'), 'utf8');
      expect(master).toContain('240p/index.m3u8');
      expect(master).toContain('360p/index.m3u8');
      expect(master).toMatch(/RESOLUTION=640x360/);
      const rungFiles = (await readdir(path.join(out, '360p'))).sort();
      expect(rungFiles).toEqual(expect.arrayContaining(['index.m3u8', 'seg_00000.m4s']));
      // ffmpeg numbers the init segment per variant (init_1.mp4); the playlist names it, relatively.
      const init = rungFiles.find((f) => /^init.*\.mp4$/.test(f));
      const playlist = await readFile(path.join(out, '360p', 'index.m3u8'), 'utf8');
      expect(playlist).toContain(`#EXT-X-MAP:URI="${init}"`);
      expect(playlist).toMatch(/^seg_00000\.m4s$/m);
    });

    it('takes a poster and thumbnails, sprite sheets, and a muted preview', async () => {
      const poster = path.join(dir, 'poster.jpg');
      const thumbs = [1, 2, 3].map((n) => path.join(dir, `thumb-${n}.jpg`));
      await runFfmpeg(
        posterAndThumbsArgs({
          input: clip,
          durationSeconds: 2,
          width: 320,
          posterOutput: poster,
          thumbOutputs: thumbs,
        }),
      );
      for (const file of [poster, ...thumbs]) expect((await stat(file)).size).toBeGreaterThan(500);

      // 5 s with a keyframe every second (a ladder rung has one every 2 s).
      const keyed = path.join(dir, 'keyed.mp4');
      await runFfmpeg([
        ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10'],
        ...['-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', keyed],
      ]);
      const layout = spriteLayout({ durationSeconds: 5, width: 320, height: 180 }, { columns: 2, rows: 1 });
      expect(layout).toMatchObject({ intervalSeconds: 2, count: 3, sheets: 2 });
      await runFfmpeg(
        spriteSheetsArgs({ input: keyed, layout, outputPattern: path.join(dir, 'sprite_%03d.jpg') }),
      );
      const sheets = (await readdir(dir)).filter((f) => f.startsWith('sprite_')).sort();
      expect(sheets).toEqual(['sprite_000.jpg', 'sprite_001.jpg']);
      // Both sheets are 2x1 tiles of 160x90 (the last one holds one frame and black).
      expect(await Promise.all(sheets.map((s) => frameSize(path.join(dir, s))))).toEqual([
        '320x90',
        '320x90',
      ]);
      expect(spriteVtt(layout, 5, (n) => `sprite_${String(n).padStart(3, '0')}.jpg`)).toContain(
        '00:00:04.000 --> 00:00:05.000\nsprite_001.jpg#xywh=0,0,160,90',
      );

      const preview = path.join(dir, 'preview.mp4');
      await runFfmpeg(
        previewClipArgs({
          input: clip,
          durationSeconds: 2,
          output: preview,
          segments: 2,
          segmentSeconds: 0.8,
        }),
      );
      const probe = await probeMedia(preview);
      expect(probe).toMatchObject({ audioCodec: null, width: 320, height: 180 });
      expect(probe.durationSeconds).toBeGreaterThan(1.4);
      expect(probe.durationSeconds).toBeLessThan(1.8);
    });
  });

  async function frameSize(file: string): Promise<string> {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0:s=x',
      file,
    ]);
    return stdout.trim();
  }
});
