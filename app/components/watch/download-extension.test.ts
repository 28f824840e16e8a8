// The download dialog's browser-extension link (issue 34, content.md §2): the operator's store page when
// set (EXTENSION_STORE_URL or the console's extension_store), else the site's /download/ page with the
// video's title, address and poster; the setting travels from the configuration to the page's links.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultsOf, mergeValues, snapshotOf } from '../../../server/modules/settings/settings-values.ts';
import { downloadSettings, extensionHref, extensionPagePath } from './download.tsx';

const video = { video_id: 42, dir: 'rainy-day', title: 'Rainy Day & Bars', scr: '/media/posters/42.jpg' };

describe('the extension link of the download dialog', () => {
  it("goes to the site's extension page with the video's query while no store is set", () => {
    const href = extensionHref(downloadSettings({ tvApp: null }), video);
    expect(href).toBe(extensionPagePath(video));
    const url = new URL(href, 'http://site.test');
    expect(url.pathname).toBe('/download/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      title: 'Rainy Day & Bars',
      video: '/video/42/rainy-day/',
      thumb: '/media/posters/42.jpg',
    });
    expect(
      new URL(extensionPagePath({ ...video, scr: null }), 'http://site.test').searchParams.has('thumb'),
    ).toBe(false);
  });

  it("goes to the operator's store page once set", () => {
    const settings = downloadSettings({ tvApp: null, extensionStore: 'https://store.test/ext' });
    expect(settings.extensionUrl).toBe('https://store.test/ext');
    expect(extensionHref(settings, video)).toBe('https://store.test/ext');
  });

  it('is a setting: the environment gives the default, the console overrides it', () => {
    const config = loadConfig({ SITE_NAME: 'T', EXTENSION_STORE_URL: 'https://env.test/ext' });
    const defaults = defaultsOf(config);
    expect(defaults.extension_store).toBe('https://env.test/ext');
    expect(snapshotOf(defaults, config).links.extensionStore).toBe('https://env.test/ext');
    const { values } = mergeValues(defaults, new Map([['extension_store', 'https://console.test/ext']]));
    expect(snapshotOf(values, config).links.extensionStore).toBe('https://console.test/ext');
    const unset = loadConfig({ SITE_NAME: 'T' });
    expect(snapshotOf(defaultsOf(unset), unset).links.extensionStore).toBeNull();
    // Only https store pages.
    expect(mergeValues(defaults, new Map([['extension_store', 'http://plain.test/']])).overridden.size).toBe(
      0,
    );
    expect(() => loadConfig({ SITE_NAME: 'T', EXTENSION_STORE_URL: 'javascript:alert(1)' })).toThrow(
      /EXTENSION_STORE_URL/,
    );
  });
});
