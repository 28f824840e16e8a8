// The listing item's shape is a decision (docs/decisions.md, "Listing items"): a card's fields and the
// links of the page's strips; the rest of the §3 video is the video call's.
import { describe, expect, it } from 'vitest';
import { listVideoSchema, videoDetailSchema } from './catalog-responses.ts';

const item = {
  video_id: 7,
  dir: 'harbour-walk',
  title: 'Harbour Walk',
  duration: '1:00',
  duration_sec: 60,
  post_date: '2026-01-02T03:04:05.000Z',
  rating: 90,
  video_viewed: 120,
  scr: '/media/v/7/poster.jpg',
  preview: '/media/v/7/preview.mp4',
  hd: false,
  statistics: { viewed: 120, likes: 9, dislikes: 1, comments_count: 2 },
  categories: [{ id: 3, dir: 'outdoor', title: 'Outdoor' }],
  models: [{ dir: 'anna-vale', title: 'Anna Vale', img: null, videos: 4 }],
};

describe('a listing item (videos2, search)', () => {
  it('has exactly the card fields and the strips’ links', () => {
    expect(Object.keys(listVideoSchema.shape).sort()).toEqual([
      'categories',
      'dir',
      'duration',
      'duration_sec',
      'hd',
      'models',
      'post_date',
      'preview',
      'rating',
      'scr',
      'statistics',
      // A thumbnail trial's candidate stills (issue 32; optional: only videos in a trial carry it).
      'stills',
      'title',
      'video_id',
      'video_viewed',
    ]);
    expect(listVideoSchema.safeParse(item).success).toBe(true);
    const { preview: _preview, ...withoutPreview } = item;
    expect(listVideoSchema.safeParse(withoutPreview).success).toBe(true);
  });

  it('refuses the fields that are the video call’s alone', () => {
    for (const extra of [
      { status_id: 1 },
      { thumbs: ['/media/v/7/thumb-1.jpg'] },
      { user: { id: 1, user_id: 1, username: 'uploader' } },
      { channel: { id: 2, dir: 'sunny-studio', title: 'Sunny Studio', url: null, partner: false } },
      { country: 'us' },
      { categories_data: 'outdoor|3|Outdoor' },
      { thumb: '/media/v/7/poster.jpg' },
    ]) {
      expect(listVideoSchema.safeParse({ ...item, ...extra }).success, Object.keys(extra)[0]).toBe(false);
      // …which the video call has.
      expect(Object.keys(videoDetailSchema.shape)).toContain(Object.keys(extra)[0]);
    }
    const model = { ...item.models[0], total_videos: 4 };
    expect(listVideoSchema.safeParse({ ...item, models: [model] }).success).toBe(false);
  });
});
