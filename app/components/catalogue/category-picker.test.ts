// The category picker's rules (content.md §2): a toggle adds or removes a dir in the comma list, removing
// the last goes to the category list; the sidebar's search keeps the titles containing the text.
import { describe, expect, it } from 'vitest';
import { matchCategories, sidebarListPath, togglePath } from './category-picker.tsx';

describe('togglePath', () => {
  it('adds a dir at the end of the comma list, in the current sort', () => {
    expect(togglePath(['outdoor'], 'studio', 'top-rated')).toBe('/categories/outdoor,studio/top-rated/1/');
    expect(togglePath([], 'studio', 'latest-updates')).toBe('/categories/studio/latest-updates/1/');
  });

  it('removes a chosen dir; removing the last goes to /categories/', () => {
    expect(togglePath(['outdoor', 'studio', 'vintage'], 'studio', 'longest')).toBe(
      '/categories/outdoor,vintage/longest/1/',
    );
    expect(togglePath(['outdoor'], 'outdoor', 'longest')).toBe('/categories/');
  });

  // Issue 34, item 12: a toggle dropped ?duration= (and ?date=).
  it("keeps the listing's duration and date filters, adding or removing", () => {
    expect(togglePath(['outdoor'], 'studio', 'latest-updates', { duration: 2 })).toBe(
      '/categories/outdoor,studio/latest-updates/1/?duration=2',
    );
    expect(togglePath(['outdoor', 'studio'], 'outdoor', 'top-rated', { date: 'week', duration: 3 })).toBe(
      '/categories/studio/top-rated/1/?date=week&duration=3',
    );
    expect(togglePath(['outdoor'], 'studio', 'longest', {})).toBe('/categories/outdoor,studio/longest/1/');
    // The category list has no filters.
    expect(togglePath(['outdoor'], 'outdoor', 'latest-updates', { duration: 1 })).toBe('/categories/');
  });
});

describe('matchCategories', () => {
  const all = [{ title: 'Outdoor' }, { title: 'Studio Work' }, { title: 'Vintage studio' }];

  it('keeps every category for an empty or blank text', () => {
    expect(matchCategories(all, '')).toEqual(all);
    expect(matchCategories(all, '   ')).toEqual(all);
  });

  it('keeps the titles containing the text, in any case, in their order', () => {
    expect(matchCategories(all, 'STUDIO ')).toEqual([{ title: 'Studio Work' }, { title: 'Vintage studio' }]);
    expect(matchCategories(all, 'door')).toEqual([{ title: 'Outdoor' }]);
    expect(matchCategories(all, 'nothing')).toEqual([]);
  });
});

it('the sidebar reads the categories call of the orientation, A to Z', () => {
  expect(sidebarListPath('gay')).toBe('/api/json/categories/86400/gay/alphabetaz.json');
});
