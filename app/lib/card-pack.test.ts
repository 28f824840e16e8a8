// Issue 29: a page's cards travel packed in its hydration data and come back as the same card views.
import { describe, expect, it } from 'vitest';
import type { CardView } from '../components/video-card.tsx';
import { packCards, unpackCards } from './card-pack.ts';

const card: CardView = {
  video_id: 125,
  dir: 'late-night-slate-125',
  title: 'Late | Night Slate',
  duration: '1:17:28',
  rating: 87.5,
  video_viewed: 123629,
  scr: '/media/videos/125/poster.jpg',
  post_date: '2026-11-25T04:50:41.000Z',
  preview: '/media/videos/125/preview.mp4',
  hd: true,
};

describe('packCards', () => {
  it('round-trips every field a card reads, flags only when set', () => {
    const plain: CardView = {
      video_id: 7,
      dir: 'test',
      title: 'Test',
      duration: '0:30',
      rating: 0,
      video_viewed: 0,
      scr: 'https://cdn.example/p.jpg',
      rated: false,
      preview: 'https://cdn.example/clips/p.mp4',
    };
    expect(unpackCards(packCards([card, plain]))).toEqual([card, plain]);
    expect(unpackCards(packCards([]))).toEqual([]);
  });

  it('is smaller than the objects: a preview beside its poster is its file name, dates in seconds', () => {
    const packed = packCards([card]);
    expect(packed).toContain('|preview.mp4|');
    expect(packed).not.toContain('2026-11-25');
    expect(packed.length).toBeLessThan(JSON.stringify(card).length * 0.6);
  });

  it('a line break in a title is a space (as HTML shows it), never a new card', () => {
    const cards = unpackCards(packCards([{ ...card, title: 'Two\nlines' }, card]));
    expect(cards.map((c) => c.title)).toEqual(['Two lines', 'Late | Night Slate']);
  });
});
