// A card shows a rating only for a video someone voted on (issue 20: unvoted videos said "0%").
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CardView, toCardView, VideoCard } from './video-card.tsx';

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
