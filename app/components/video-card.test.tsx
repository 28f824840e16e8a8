// A card shows a rating only for a video someone voted on (issue 20: unvoted videos said "0%").
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  type CardView,
  cardPriority,
  EAGER_CARDS,
  gridLabelStyle,
  toCardView,
  VideoCard,
} from './video-card.tsx';

const labels = { hd: 'HD', duration: 'Duration', views: 'views', rating: 'rating', date: () => 'today' };
const base = {
  video_id: 7,
  dir: 'test-pattern',
  title: 'Test pattern',
  duration: '1:00',
  video_viewed: 12,
  scr: '/media/p.jpg',
  hd: false,
};
const render = (video: CardView) => renderToStaticMarkup(<VideoCard video={video} labels={labels} />);

describe('video card rating', () => {
  it('no votes: no rating at all', () => {
    const card = toCardView({ ...base, rating: 0, statistics: { likes: 0, dislikes: 0 } });
    expect(card.rated).toBe(false);
    expect(render(card)).not.toContain('%');
  });

  it('votes: the like percentage, also 0% when every vote is a dislike', () => {
    expect(render(toCardView({ ...base, rating: 75, statistics: { likes: 3, dislikes: 1 } }))).toContain(
      '75%',
    );
    expect(render(toCardView({ ...base, rating: 0, statistics: { likes: 0, dislikes: 2 } }))).toContain('0%');
  });

  it('a card without statistics keeps what it says (a guest history entry)', () => {
    expect(render(toCardView({ ...base, rating: 40 }))).toContain('40%');
    expect(render(toCardView({ ...base, rating: 0, rated: false }))).not.toContain('%');
  });
});

describe('video card weight and loading (issue 29)', () => {
  const card = toCardView({
    ...base,
    rating: 75,
    preview: '/media/p.mp4',
    statistics: { likes: 3, dislikes: 1 },
  });

  it('no inline icon, no React text separators, no preview element until hovered', () => {
    const html = render(card);
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<!-- -->');
    expect(html).not.toContain('<video');
    expect(html).toContain('<p class="card__meta"><span>12<span class="sr-only"> views</span></span>');
  });

  it('only the first row of the first grid loads at once, the first with high priority', () => {
    expect(cardPriority(0, true)).toBe('high');
    expect(cardPriority(EAGER_CARDS - 1, true)).toBe('eager');
    expect(cardPriority(EAGER_CARDS, true)).toBe('lazy');
    expect(cardPriority(0, false)).toBe('lazy');
    const first = renderToStaticMarkup(<VideoCard video={card} labels={labels} priority="high" />);
    expect(first).toContain('fetchPriority="high"');
    expect(first).not.toContain('loading=');
    const later = render(card);
    expect(later).toContain('loading="lazy"');
    expect(later).not.toContain('fetchPriority');
    for (const html of [first, later]) expect(html).toMatch(/width="320" height="180"/);
  });

  it('the views word follows the plural rules of the count', () => {
    const plural = { ...labels, views: (n: number) => (n === 1 ? 'view' : 'views') };
    const one = renderToStaticMarkup(<VideoCard video={{ ...card, video_viewed: 1 }} labels={plural} />);
    expect(one).toContain('>1<span class="sr-only"> view</span>');
    const many = renderToStaticMarkup(<VideoCard video={{ ...card, video_viewed: 2 }} labels={plural} />);
    expect(many).toContain('>2<span class="sr-only"> views</span>');
  });

  it("in a grid, the usual views word is the grid's: a card says only another plural form", () => {
    const plural = { ...labels, views: (n: number) => (n === 1 ? 'view' : 'views') };
    const inGrid = (n: number) =>
      renderToStaticMarkup(<VideoCard video={{ ...card, video_viewed: n }} labels={plural} gridLabels />);
    expect(inGrid(12)).toContain('<p class="card__meta"><span>12</span>');
    expect(inGrid(1)).toContain('>1<span class="sr-only"> view</span>');
    expect(gridLabelStyle(plural)).toMatchObject({ '--card-views': '" views"' });
  });

  it('sends only what a card reads: no hd flag when false, no rating when unrated', () => {
    const view = toCardView({ ...base, hd: false, rating: 0, statistics: { likes: 0, dislikes: 0 } });
    expect('hd' in view).toBe(false);
    expect(view.rated).toBe(false);
  });
});
