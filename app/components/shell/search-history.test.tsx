// Recent searches show their counts (issue 34; shell.md §3: "Search history item … title, and for
// display total_videos"): the search page stores the count, the search box's list shows it.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryLink } from './search-form.tsx';

const render = (item: { title: string; total_videos?: number }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <HistoryLink item={item} />
    </MemoryRouter>,
  );

describe('a recent search in the search box', () => {
  it('shows its title and its video count', () => {
    const html = render({ title: 'sunset', total_videos: 12 });
    expect(html).toContain('href="/search/1/?s=sunset"');
    expect(html).toMatch(/sunset <span class="search__count">12<\/span>/);
  });

  it('shows a count of 0, and no count for an entry saved without one', () => {
    expect(render({ title: 'nothing here', total_videos: 0 })).toContain(
      '<span class="search__count">0</span>',
    );
    expect(render({ title: 'older entry' })).not.toContain('search__count');
  });
});
