// Thumbnail trials in the browser (issue 32 part 1): a visitor keeps the same still of a video, visitors
// spread evenly over the stills, and a card's candidates survive the packed page data.
import { describe, expect, it } from 'vitest';
import type { CardView } from '../components/video-card.tsx';
import { packCards, unpackCards } from './card-pack.ts';
import { pickIndex } from './thumb-trial.ts';

describe('thumbnail trials in the browser', () => {
  it('gives a visitor the same still every time, and spreads visitors evenly', () => {
    expect(pickIndex('abc123', 42, 4)).toBe(pickIndex('abc123', 42, 4));
    const seen = [0, 0, 0, 0];
    for (let i = 0; i < 8000; i++) seen[pickIndex(i.toString(36), 42, 4)]! += 1;
    for (const n of seen) expect(Math.abs(n - 2000)).toBeLessThan(200);
  });

  it('packs the candidates beside the flags, relative to the poster folder, and unpacks them', () => {
    const card: CardView = {
      video_id: 9,
      dir: 'harbour-walk',
      title: 'Harbour | Walk',
      duration: '1:05',
      rating: 80,
      video_viewed: 12,
      scr: '/media/videos/9/poster.jpg',
      hd: true,
      stills: [
        [0, '/media/videos/9/poster.jpg'],
        [2, '/media/videos/9/thumbs/2.jpg'],
        [4, 'https://cdn.example/9/4.jpg'],
      ],
    };
    const packed = packCards([card]);
    expect(packed).toContain('|h~0:poster.jpg,2:thumbs/2.jpg,4:https://cdn.example/9/4.jpg|');
    expect(unpackCards(packed)).toEqual([card]);
    const { stills: _s, ...plain } = card;
    expect(packCards([plain])).not.toContain('~');
  });
});
