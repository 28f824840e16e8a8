import { type Browser, chromium } from 'playwright-core';
import { chooseChromium } from './chromium.ts';

/** Headless Chromium (e2e/chromium.ts says which), with the flags that work as root on these machines (NOTES.md). */
export async function launchChromium(): Promise<Browser> {
  const { path } = await chooseChromium();
  return chromium.launch({
    executablePath: path,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
