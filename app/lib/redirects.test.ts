import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirects.ts';

describe('redirectTarget', () => {
  it.each([
    ['/video/12/some-dir/videos/', '/video/12/some-dir/videos/1/'],
    ['/videos/', '/videos/latest-updates/1/'],
    ['/videos/top-rated/', '/videos/top-rated/1/'],
    ['/categories/anal/', '/categories/anal/latest-updates/1/'],
    ['/categories/anal,milf/most-popular/', '/categories/anal,milf/most-popular/1/'],
    ['/latest-updates/', '/videos/latest-updates/1/'],
    ['/top-rated/', '/videos/top-rated/1/'],
    ['/most-commented/', '/videos/most-commented/1/'],
    ['/most-popular/', '/videos/most-popular/1/'],
    ['/playlists/', '/playlists/latest-updates/1/'],
    ['/playlists/top-rated/', '/playlists/top-rated/1/'],
    ['/playlist/5/videos/', '/playlist/5/'],
    ['/pornstars/', '/pornstars/most-popular/1/'],
    ['/pornstars/alphabetaz/', '/pornstars/alphabetaz/1/'],
    ['/pornstar/jane/videos/', '/pornstar/jane/'],
    ['/pornsites/', '/pornsites/most-popular/1/'],
    ['/pornsites/latest-updates/', '/pornsites/latest-updates/1/'],
    ['/pornsite/chan/videos/', '/pornsite/chan/'],
    ['/community/', '/community/recent/1/'],
  ])('%s → %s', (from, to) => {
    expect(redirectTarget(from)).toBe(to);
  });

  it('refuses unknown sorts and unknown paths', () => {
    expect(redirectTarget('/videos/best/')).toBeNull();
    expect(redirectTarget('/categories/anal/best/')).toBeNull();
    // recent is a model sort since issue 20 (content.md §3); best is none.
    expect(redirectTarget('/pornstars/best/')).toBeNull();
    expect(redirectTarget('/pornstars/recent/')).toBe('/pornstars/recent/1/');
    expect(redirectTarget('/nothing/')).toBeNull();
  });

  // Issue 34, item 12: these were 404s.
  it('moves an upper-case tag letter to its letter list, and leaves the letter list and tags alone', () => {
    expect(redirectTarget('/tags/A/')).toBe('/tags/a/');
    expect(redirectTarget('/tags/Z/')).toBe('/tags/z/');
    expect(redirectTarget('/tags/a/')).toBeNull();
    expect(redirectTarget('/tags/')).toBeNull();
    expect(redirectTarget('/tags/Beach/')).toBeNull();
    expect(redirectTarget('/tags/A/1/')).toBeNull();
  });

  it("moves a model's category without a page to its page 1; a number there is a page", () => {
    expect(redirectTarget('/pornstar/jane/videos/outdoor/')).toBe('/pornstar/jane/videos/outdoor/1/');
    expect(redirectTarget('/pornstar/jane/videos/3d/')).toBe('/pornstar/jane/videos/3d/1/');
    expect(redirectTarget('/pornstar/jane/videos/2/')).toBeNull();
    expect(redirectTarget('/pornstar/jane/videos/outdoor/1/')).toBeNull();
    expect(redirectTarget('/pornstar/jane/info/')).toBeNull();
  });
});
