// Before the browser suites: the media tools and the web build (as for the integration tests), and a
// Chromium that starts. The packaged one is unpacked here, once, rather than by each suite.
import path from 'node:path';
import { assertPreflight, buildProblems, mediaProblems } from '../server/test/preflight.ts';
import { launchChromium } from './browser.ts';
import { chooseChromium } from './chromium.ts';

export default async function setup() {
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
}
