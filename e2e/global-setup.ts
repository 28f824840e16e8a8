// Before the browser suites: the media tools and the web build (as for the integration tests), and a
// Chromium that starts. The packaged one is unpacked here, once, rather than by each suite.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_UPLOADS } from '../server/seed/demo-uploads.ts';
import { assertPreflight, buildProblems, mediaProblems } from '../server/test/preflight.ts';
import { launchChromium } from './browser.ts';
import { chooseChromium } from './chromium.ts';
import { editSeededDatabase, setDemoPreroll } from './seeded.ts';
import { startServer } from './server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Demo clips rendered by an earlier bench run, if any: seeding copies them instead of running ffmpeg. */
const CLIP_CACHE = path.join(ROOT, 'tmp/bench-100000/media/demo');

export default async function setup(project: TestProject) {
  const problems = [...mediaProblems(), ...buildProblems(path.resolve(import.meta.dirname, '..'))];
  try {
    const choice = await chooseChromium();
    const browser = await launchChromium();
    console.log(`e2e: Chromium ${browser.version()} (${choice.source}, ${choice.path})`);
    await browser.close();
  } catch (error) {
    problems.push(
      `Chromium does not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. Set CHROMIUM_PATH, install Debian's chromium, or run \`npm install\` (it brings @sparticuz/chromium).`,
    );
  }
  assertPreflight(problems);
  project.provide('e2eSeededDataDir', await seedOnce());
  return () => rmSync(seedDir(), { recursive: true, force: true });
}

const seedDir = () => path.join(ROOT, 'tmp', `e2e-seeded-${process.pid}`);

/**
 * Starts the server once on an empty data directory (the first start seeds the demo), waits for the demo
 * uploads' processing jobs to finish, then stops it. Stopped at once, every suite's server on a copy
 * would process the three uploads again (ffmpeg, beside the browser), as each did until session 16.
 */
async function seedOnce(): Promise<string> {
  const dir = seedDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (existsSync(CLIP_CACHE)) cpSync(CLIP_CACHE, path.join(dir, 'media', 'demo'), { recursive: true });
  const server = await startServer({ DATA_DIR: dir, SITE_NAME: 'Seeded Tube' }, 600_000);
  const processed = () => server.output().split('"msg":"video.process done"').length - 1;
  const until = Date.now() + 600_000;
  while (processed() < DEMO_UPLOADS.length) {
    if (Date.now() > until || server.process.exitCode !== null) {
      await server.stop();
      throw new Error(
        `the demo uploads were not processed (${processed()} of ${DEMO_UPLOADS.length}):\n${server.output().slice(-4000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const code = await server.stop();
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output().slice(-4000)}`);
  // The demo's house pre-roll stays out of the suites' way (seeded.ts, setDemoPreroll).
  await editSeededDatabase(dir, (db) => setDemoPreroll(db, false));
  return dir;
}
