import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseChromium, packagedChromium } from './chromium.ts';

describe('the Chromium the browser suites drive', () => {
  it('takes CHROMIUM_PATH as it is', async () => {
    expect(await chooseChromium({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toEqual({
      path: '/opt/chromium/chrome',
      source: 'env',
    });
  });

  it('knows the packaged one by the version of its package, under node_modules/.cache', () => {
    const packaged = packagedChromium();
    expect(existsSync(packaged.archive)).toBe(true);
    expect(packaged.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(packaged.target).toContain(`node_modules/.cache/sparticuz-chromium-${packaged.version}/chromium`);
  });

  it('uses the system or the packaged one otherwise, one that exists after the choice', async () => {
    const choice = await chooseChromium({});
    expect(['system', 'packaged']).toContain(choice.source);
    expect(existsSync(choice.path)).toBe(true);
  });
});
