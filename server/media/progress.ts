// Reads ffmpeg's `-progress pipe:1` output: blocks of key=value lines, each ending in progress=...

export interface FfmpegProgress {
  /** Media time written so far, seconds. */
  outTimeSeconds: number;
  /** 0–100 when the input's duration is known, else null. */
  percent: number | null;
  /** Encoding speed as a multiple of realtime, when ffmpeg knows it. */
  speed: number | null;
  /** The last block (progress=end). */
  done: boolean;
}

/** Percent of `durationSeconds` covered by `outTimeSeconds`, clamped to 0–100, one decimal. */
export function progressPercent(outTimeSeconds: number, durationSeconds: number | undefined): number | null {
  if (!durationSeconds || durationSeconds <= 0) return null;
  return Math.round(Math.max(0, Math.min(100, (outTimeSeconds / durationSeconds) * 100)) * 10) / 10;
}

/** Feed it stdout chunks in order; it answers the blocks each chunk completed. */
export class ProgressParser {
  readonly #durationSeconds: number | undefined;
  #partial = '';
  #outTimeSeconds = 0;
  #speed: number | null = null;

  constructor(durationSeconds?: number) {
    this.#durationSeconds = durationSeconds;
  }

  push(chunk: string): FfmpegProgress[] {
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    const out: FfmpegProgress[] = [];
    for (const line of lines) {
      const eq = line.indexOf('=');
      if (eq === -1) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      // out_time_us and (despite its name) out_time_ms are both microseconds; 'N/A' before the first frame.
      if ((key === 'out_time_us' || key === 'out_time_ms') && /^\d+$/.test(value)) {
        this.#outTimeSeconds = Number(value) / 1_000_000;
      } else if (key === 'speed') {
        const speed = Number.parseFloat(value);
        this.#speed = Number.isFinite(speed) ? speed : null;
      } else if (key === 'progress') {
        const done = value === 'end';
        out.push({
          outTimeSeconds: this.#outTimeSeconds,
          percent:
            done && this.#durationSeconds
              ? 100
              : progressPercent(this.#outTimeSeconds, this.#durationSeconds),
          speed: this.#speed,
          done,
        });
      }
    }
    return out;
  }
}
