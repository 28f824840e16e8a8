// Which Chromium the end-to-end tests drive: CHROMIUM_PATH when set; else Debian's /usr/bin/chromium
// when installed; else the headless Chromium shipped brotli-compressed inside @sparticuz/chromium
// (pinned with playwright-core), unpacked once into node_modules/.cache/ under a folder named after
// its version. Its own executablePath() is not used: it reuses whatever file sits at a fixed temporary
// path, whatever its version (NOTES.md).
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumChoice {
  path: string;
  source: 'env' | 'system' | 'packaged';
}

/** The packaged Chromium's folder and version (from the package's own package.json). */
export function packagedChromium(): { archive: string; version: string; target: string } {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (build/index.js), not package.json: its folder is two up.
  const packageDir = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    archive: path.join(packageDir, 'bin', 'chromium.br'),
    version,
    target: path.join(ROOT, 'node_modules', '.cache', `sparticuz-chromium-${version}`, 'chromium'),
  };
}

/**
 * Unpacks the packaged Chromium unless it is already there. Written under a temporary name and renamed,
 * so a run killed half-way (or two test processes at once) never leaves a truncated binary in place.
 */
export async function unpackPackagedChromium(): Promise<string> {
  const { archive, target } = packagedChromium();
  if (existsSync(target)) return target;
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  try {
    await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(partial));
    await chmod(partial, 0o755);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}

export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) return { path: fromEnv, source: 'env' };
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system' };
  return { path: await unpackPackagedChromium(), source: 'packaged' };
}
