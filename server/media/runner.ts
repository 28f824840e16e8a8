// The one module that spawns ffmpeg and ffprobe. Argument lists come from ffmpeg.ts.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { type ProbeResult, parseProbe, probeArgs } from './ffmpeg.ts';
import {
  classifyUnreadable,
  type MediaProbe,
  MediaProbeError,
  mediaProbeArgs,
  parseMediaProbe,
} from './probe.ts';
import { type FfmpegProgress, ProgressParser } from './progress.ts';
import { type MediaBinary, mediaTools } from './tools.ts';

export type { MediaBinary };

/** The binary to spawn: `FFMPEG_PATH` / `FFPROBE_PATH` when set, else the system's, else the packaged one (tools.ts). */
export function binaryPath(binary: MediaBinary, env: NodeJS.ProcessEnv = process.env): string {
  return mediaTools(env)[binary].path;
}

export interface RunOptions {
  /** Kill the process after this long; default 10 minutes. */
  timeoutMs?: number;
  /** Aborting kills the process and rejects with the signal's reason. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /**
   * ffmpeg only: called for each progress block (adds `-progress pipe:1 -nostats`; stdout is then
   * progress, not output). `durationSeconds` of the input turns out_time into a percent.
   */
  onProgress?: (progress: FfmpegProgress) => void;
  durationSeconds?: number;
}

export class MediaCommandError extends Error {
  readonly binary: MediaBinary;
  readonly args: readonly string[];
  readonly exitCode: number | null;
  readonly stderr: string;
  constructor(
    binary: MediaBinary,
    args: readonly string[],
    exitCode: number | null,
    stderr: string,
    why: string,
  ) {
    const tail = stderr.trim().split('\n').slice(-5).join('\n');
    super(`${binary} ${why}${tail ? `:\n${tail}` : ''}`);
    this.name = 'MediaCommandError';
    this.binary = binary;
    this.args = args;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

// ffmpeg can be chatty; the end of stderr is what explains a failure.
const STDERR_LIMIT = 64 * 1024;

// ffmpeg ignores SIGPIPE: when the process that started it dies without a word (SIGKILL, the OOM killer),
// it would run on to the end of its input, writing into a work folder nobody reads. On Linux, util-linux's
// `setpriv --pdeathsig KILL` (then exec: the same pid) makes the kernel kill it with its parent.
// Without setpriv (not Linux, a bare image), the child is spawned as it is and only the process
// group or the service manager's cgroup (systemd, a container) takes it down.
const SETPRIV_CANDIDATES = ['/usr/bin/setpriv', '/bin/setpriv'];
let setpriv: string | null | undefined;

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The command line that runs `binary` so that it dies with this process, where the machine allows it. */
export function tiedToParent(binary: string, args: readonly string[]): [string, string[]] {
  setpriv ??= process.platform === 'linux' ? (SETPRIV_CANDIDATES.find(executable) ?? null) : null;
  // A binary that is not there is reported by spawn itself ('could not start'), not by setpriv's exit code.
  if (!setpriv || !executable(binary)) return [binary, [...args]];
  return [setpriv, ['--pdeathsig', 'KILL', '--', binary, ...args]];
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs one ffmpeg or ffprobe command; resolves with its output, rejects with MediaCommandError. */
export function run(
  binary: MediaBinary,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  const env = options.env ?? process.env;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const onProgress = binary === 'ffmpeg' ? options.onProgress : undefined;
    const progress = onProgress ? new ProgressParser(options.durationSeconds) : null;
    const spawnArgs = progress ? ['-progress', 'pipe:1', '-nostats', ...args] : args;
    const [command, commandArgs] = tiedToParent(binaryPath(binary, env), spawnArgs);
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const stdout: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (error: unknown, result?: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(result!);
    };
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new MediaCommandError(binary, args, null, stderr, `timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(options.signal?.reason ?? new Error('aborted'));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (!progress) {
        stdout.push(chunk);
        return;
      }
      // A throwing callback must not leave ffmpeg running unsupervised: it ends the command.
      try {
        for (const update of progress.push(chunk.toString('utf8'))) onProgress?.(update);
      } catch (error) {
        child.kill('SIGKILL');
        finish(error);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_LIMIT) stderr = stderr.slice(-STDERR_LIMIT);
    });
    child.on('error', (error) =>
      finish(new MediaCommandError(binary, args, null, stderr, `could not start (${error.message})`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) finish(null, { stdout: Buffer.concat(stdout).toString('utf8'), stderr });
      else finish(new MediaCommandError(binary, args, code, stderr, `exited with ${code ?? signal}`));
    });
  });
}

export async function runFfmpeg(args: readonly string[], options?: RunOptions): Promise<void> {
  await run('ffmpeg', args, options);
}

/** Duration (seconds), width and height of a media file. */
export async function probe(file: string, options?: RunOptions): Promise<ProbeResult> {
  const { stdout } = await run('ffprobe', probeArgs(file), { timeoutMs: 60_000, ...options });
  return parseProbe(stdout);
}

/**
 * Probes an upload: container, codecs, duration, size, frame rate. Throws MediaProbeError 'damaged'
 * when the file starts like a video container but cannot be read (a cut-off upload), 'not_a_video'
 * for anything else — judged by content, never by the file name.
 */
export async function probeMedia(file: string, options?: RunOptions): Promise<MediaProbe> {
  let stdout: string;
  try {
    ({ stdout } = await run('ffprobe', mediaProbeArgs(file), { timeoutMs: 60_000, ...options }));
  } catch (error) {
    if (!(error instanceof MediaCommandError) || error.exitCode === null) throw error;
    throw new MediaProbeError(
      classifyUnreadable(await readHeader(file)),
      error.stderr.trim().split('\n').at(-1) ?? '',
    );
  }
  return parseMediaProbe(stdout);
}

async function readHeader(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
