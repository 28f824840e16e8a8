// Checked once before any test file runs (the global setups of both Vitest projects): what the suites
// need from the machine. A missing piece fails the run at once with its name, instead of thirty test
// files failing in their hooks with "spawn ffmpeg ENOENT".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DRAWTEXT_FONT_FILE, describeMediaTools, mediaTools } from '../media/tools.ts';

export class PreflightError extends Error {
  constructor(problems: string[]) {
    super(`The tests cannot run on this machine:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'PreflightError';
  }
}

/** Problems with the media tools and the fonts drawtext uses; [] when all is there. */
export function mediaProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const tools = mediaTools(env);
  if (tools.missing.length > 0) {
    problems.push(
      `media tools: ${describeMediaTools(tools)}. Run \`npm install\` (it brings @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe) or set FFMPEG_PATH/FFPROBE_PATH.`,
    );
  }
  if (!existsSync(DRAWTEXT_FONT_FILE))
    problems.push(`font file missing: ${DRAWTEXT_FONT_FILE} (npm install)`);
  return problems;
}

/** The web build the SSR tests load (`npm test` builds first). */
export function buildProblems(root: string): string[] {
  const entry = path.join(root, 'build', 'server', 'index.js');
  return existsSync(entry)
    ? []
    : [`the web build is missing (${entry}): run \`npm run build\` or \`npm test\``];
}

export function assertPreflight(problems: string[]) {
  if (problems.length > 0) throw new PreflightError(problems);
}
