// Transcode benchmark: the realtime factor (video seconds per wall second) of the pipeline's own MP4
// ladder on a 1080p test-pattern source. Usage:
//   npm run bench:transcode [-- --seconds 600 --preset veryfast --per-rung]
// The source (testsrc2 1920x1080 30 fps + a sine tone) is made once as a 30 s segment looped without
// re-encoding, and cached under tmp/bench-transcode/. First the whole ladder in one process (what an
// upload gets), then, with --per-rung, each rung alone.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMMON_ARGS, loopClipArgs } from '../server/media/ffmpeg.ts';
import { ladderFor } from '../server/media/ladder.ts';
import { probeMedia, runFfmpeg } from '../server/media/runner.ts';
import { DEFAULT_PRESET, transcodeMp4 } from '../server/pipeline/media-steps.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    preset: { type: 'string', default: DEFAULT_PRESET },
    'per-rung': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const preset = values.preset;
const ROOT = path.resolve(import.meta.dirname, '..');
const dir = path.join(ROOT, 'tmp', 'bench-transcode');
mkdirSync(dir, { recursive: true });

const SEGMENT = 30;
const source = path.join(dir, `source-1080p-${seconds}s.mp4`);
if (!existsSync(source)) {
  const segment = path.join(dir, 'segment-1080p.mp4');
  if (!existsSync(segment)) {
    const part = `${segment}.part.mp4`;
    console.log(`making the ${SEGMENT} s 1080p test-pattern segment…`);
    await runFfmpeg([
      ...COMMON_ARGS,
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-g',
      '60',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-t',
      String(SEGMENT),
      part,
    ]);
    renameSync(part, segment);
  }
  const part = `${source}.part.mp4`;
  await runFfmpeg(loopClipArgs({ input: segment, segmentSeconds: SEGMENT, seconds, output: part }));
  renameSync(part, source);
}

const facts = await probeMedia(source);
const rungs = ladderFor(facts);
console.log(
  `source ${facts.width}x${facts.height}, ${facts.durationSeconds.toFixed(1)} s, ${facts.frameRate} fps; ` +
    `preset ${preset}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);

/** CPU seconds (user + system) of this process's finished children: ffmpeg's work, whatever the load. */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of proc(5) (cutime, cstime), counted from the state field (3).
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;
const cores = os.cpus().length;

async function timed(label: string, selected: typeof rungs): Promise<[number, number]> {
  const out = path.join(dir, 'out');
  rmSync(out, { recursive: true, force: true });
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  let last = 0;
  await transcodeMp4(source, facts.durationSeconds, selected, out, {
    preset,
    onProgress: (percent) => {
      if (percent - last >= 10) {
        last = percent;
        process.stdout.write(`  ${label}: ${Math.round(percent)}%\n`);
      }
    },
  });
  const wall = (performance.now() - started) / 1000;
  const cpu = childCpuSeconds() - cpuBefore;
  const factor = facts.durationSeconds / wall;
  // On a shared machine the wall figure mostly measures the neighbours; CPU time does not. The idle
  // estimate assumes ffmpeg keeps every core busy (x264 threads do, for 1080p).
  const idle = facts.durationSeconds / (cpu / cores);
  console.log(
    `${label}: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} CPU s; realtime factor ${factor.toFixed(2)}× ` +
      `(idle ${cores}-core estimate from CPU time ${idle.toFixed(2)}×)`,
  );
  rmSync(out, { recursive: true, force: true });
  return [factor, idle];
}

const results: Array<[string, [number, number]]> = [];
results.push([
  `whole ladder (${rungs.map((r) => r.name).join(' ')}, one process)`,
  await timed('ladder', rungs),
]);
if (values['per-rung']) {
  for (const rung of rungs) results.push([`${rung.name} alone`, await timed(rung.name, [rung])]);
}
console.log(`\nrealtime factor (video seconds per wall second; idle ${cores}-core estimate from CPU time):`);
for (const [label, [factor, idle]] of results)
  console.log(`  ${label}: ${factor.toFixed(2)}× (${idle.toFixed(2)}×)`);
