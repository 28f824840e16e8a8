// HLS of the long demo clips (issue 29): cut from the looped renditions by stream copy into the
// pipeline's layout. A 20 s clip with the threshold at 10 s stands in for a 58-minute one.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HLS_MIN_DURATION_SECONDS, ladderFor } from '../media/ladder.ts';
import { probe } from '../media/runner.ts';
import { transcodeHls } from '../pipeline/media-steps.ts';
import { demoClipNeedsHls, packageDemoHls } from './demo-hls.ts';
import { clipBytes, type DemoClip, ensureDemoClip } from './demo-media.ts';

const OPTIONS = { seconds: 20, segmentSeconds: 4, hlsMinDurationSeconds: 10 };
// Clip 12 (smptebars, 640x360): the 240p and 360p rungs.
const CLIP = 12;

let mediaDir: string;
let clip: DemoClip;
const local = (key: string) => path.join(mediaDir, ...key.split('/'));

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'demo-hls-test-'));
  clip = await ensureDemoClip(mediaDir, CLIP, OPTIONS);
}, 120_000);

afterAll(() => {
  rmSync(mediaDir, { recursive: true, force: true });
});

/** [duration, uri] of every segment of a media playlist, and the URI of its init section. */
function parsePlaylist(text: string): { init: string | null; segments: Array<[number, string]> } {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? null;
  const segments = [...text.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)].map(
    (m) => [Number(m[1]), m[2]!] as [number, string],
  );
  return { init, segments };
}

describe('demoClipNeedsHls', () => {
  it('is true above the threshold only, as for uploads (content.md §4: above 1800 s)', () => {
    expect(HLS_MIN_DURATION_SECONDS).toBe(1800);
    expect(demoClipNeedsHls(1800)).toBe(false);
    expect(demoClipNeedsHls(1801)).toBe(true);
    expect(demoClipNeedsHls(20, 10)).toBe(true);
    expect(demoClipNeedsHls(10, 10)).toBe(false);
  });
});

describe('a demo clip over the HLS threshold', () => {
  it('has the rows of the pipeline: the master and a playlist per rung, after the MP4 ladder', () => {
    expect(Math.round(clip.duration)).toBe(20);
    const rows = clip.files.map((f) => [f.kind, f.format, f.storageKey, f.mime, f.width, f.height]);
    const hls = rows.filter(([kind]) => kind === 'hls');
    expect(hls).toEqual([
      ['hls', '240p', 'demo/clip-12/hls/240p/index.m3u8', 'application/vnd.apple.mpegurl', 426, 240],
      ['hls', '360p', 'demo/clip-12/hls/360p/index.m3u8', 'application/vnd.apple.mpegurl', 640, 360],
      ['hls', 'master', 'demo/clip-12/hls/master.m3u8', 'application/vnd.apple.mpegurl', null, null],
    ]);
    expect(clip.files.filter((f) => f.kind === 'mp4').map((f) => f.format)).toEqual(['240p', '360p']);
    for (const f of clip.files) expect(statSync(local(f.storageKey)).size, f.storageKey).toBe(f.sizeBytes);
  });

  it('has a master playlist naming each rung, as hlsMasterPlaylist writes it', () => {
    const master = readFileSync(local('demo/clip-12/hls/master.m3u8'), 'utf8');
    expect(master.split('\n').filter((l) => !l.startsWith('#') && l !== '')).toEqual([
      '240p/index.m3u8',
      '360p/index.m3u8',
    ]);
    expect(master).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(master).toContain('RESOLUTION=426x240,CODECS="avc1.64001e,mp4a.40.2"');
    expect(master).toContain('RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"');
  });

  it('has rung playlists of fMP4 segments that cover the clip, every one stored and listed', async () => {
    const listed = new Set<string>();
    for (const rung of ['240p', '360p']) {
      const text = readFileSync(local(`demo/clip-12/hls/${rung}/index.m3u8`), 'utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text).toContain('#EXT-X-ENDLIST');
      const { init, segments } = parsePlaylist(text);
      expect(init).toMatch(/^init(_\d+)?\.mp4$/);
      expect(segments.length).toBeGreaterThanOrEqual(3);
      // Cut on the 2 s keyframes: 6 s segments, the last one shorter.
      for (const [seconds] of segments.slice(0, -1)) expect(seconds).toBeCloseTo(6, 1);
      const total = segments.reduce((sum, [seconds]) => sum + seconds, 0);
      expect(Math.abs(total - clip.duration)).toBeLessThan(0.5);
      for (const name of [init!, ...segments.map(([, uri]) => uri)]) {
        const key = `demo/clip-12/hls/${rung}/${name}`;
        expect(statSync(local(key)).size, key).toBeGreaterThan(0);
        listed.add(key);
      }
    }
    // The manifest lists exactly the init files and segments, at their sizes; nothing else is in hls/.
    const parts = clip.hlsSegments ?? [];
    expect(new Set(parts.map((p) => p.storageKey))).toEqual(listed);
    for (const p of parts) expect(statSync(local(p.storageKey)).size).toBe(p.sizeBytes);
    const onDisk = (await readdir(local('demo/clip-12/hls'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(mediaDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect(onDisk.sort()).toEqual(
      [...listed, ...clip.files.filter((f) => f.kind === 'hls').map((f) => f.storageKey)].sort(),
    );
    expect(clipBytes(clip)).toBe([...clip.files, ...parts].reduce((sum, f) => sum + f.sizeBytes, 0));
  });

  it('has a master playlist ffprobe reads: both rungs, with sound, the clip long', async () => {
    const info = await probe(local('demo/clip-12/hls/master.m3u8'));
    expect(info.hasVideo).toBe(true);
    expect(info.hasAudio).toBe(true);
    expect(info.width).toBe(426);
    expect(Math.abs(info.duration - clip.duration)).toBeLessThan(0.5);
  });

  it('is reused while its segments are all there, and made again when one went', async () => {
    const again = await ensureDemoClip(mediaDir, CLIP, OPTIONS);
    expect(again).toEqual(clip);
    const gone = clip.hlsSegments!.at(-1)!.storageKey;
    const masterBefore = statSync(local('demo/clip-12/hls/master.m3u8')).mtimeMs;
    await rm(local(gone));
    const remade = await ensureDemoClip(mediaDir, CLIP, OPTIONS);
    expect(statSync(local(gone)).size).toBe(remade.hlsSegments!.at(-1)!.sizeBytes);
    expect(statSync(local('demo/clip-12/hls/master.m3u8')).mtimeMs).toBeGreaterThan(masterBefore);
  }, 120_000);
});

describe('packageDemoHls', () => {
  it("lays out the very files of the pipeline's HLS encode (transcodeHls) of the same rungs", async () => {
    const rungs = ladderFor(clip);
    const renditions = rungs.map((rung) => ({ rung, file: local(`demo/clip-12/${rung.name}.mp4`) }));
    const copied = path.join(mediaDir, 'work-copy');
    const encoded = path.join(mediaDir, 'work-encode');
    const copiedFiles = await packageDemoHls(renditions, true, copied);
    const encodedFiles = await transcodeHls(renditions.at(-1)!.file, clip.duration, rungs, true, encoded);
    expect(copiedFiles).toEqual(encodedFiles);
    expect(copiedFiles.at(-1)).toBe('master.m3u8');
    const read = (dir: string, name: string) => readFileSync(path.join(dir, name), 'utf8');
    expect(read(copied, 'master.m3u8')).toBe(read(encoded, 'master.m3u8'));
    // The rung playlists alike but for the measured segment lengths.
    const shape = (text: string) => text.replace(/#EXTINF:[\d.]+,/g, '#EXTINF:_,');
    for (const rung of rungs) {
      const name = `${rung.name}/index.m3u8`;
      expect(shape(read(copied, name)), name).toBe(shape(read(encoded, name)));
    }
  }, 120_000);
});

describe('a demo clip at or under the HLS threshold', () => {
  it('gets no HLS, and its recipe is the one it had before HLS (old clips are reused)', async () => {
    const short = await ensureDemoClip(mediaDir, 9, {
      seconds: 8,
      segmentSeconds: 4,
      hlsMinDurationSeconds: 10,
    });
    expect(short.files.some((f) => f.kind === 'hls')).toBe(false);
    expect(short.hlsSegments ?? []).toEqual([]);
    const manifest = JSON.parse(readFileSync(local('demo/clip-09/clip.json'), 'utf8')) as { recipe: string };
    expect(JSON.parse(manifest.recipe)).not.toHaveProperty('hls');
    expect(() => statSync(local('demo/clip-09/hls'))).toThrow();
  }, 120_000);
});
