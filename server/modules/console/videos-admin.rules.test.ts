// The console's video rules as pure functions (issue 17; videos-admin.rules.ts, and the edit form's
// parser in contract/admin-videos.ts): the form's lists, tags and codes, which status a video may take,
// what an edit writes, and which stills a poster can be made from. No database.
import { describe, expect, it } from 'vitest';
import { parseAdminVideoInput } from '../../../contract/admin-videos.ts';
import { planEdit, statusRefusal, stillsOf } from './videos-admin.rules.ts';

describe('the console video rules (pure)', () => {
  it('parses the edit form: lists, tags, channel none, codes per field', () => {
    const ok = parseAdminVideoInput({
      act: 'edit',
      video_id: '7',
      title: '  Quiet   Lake  ',
      categories: ['3', '1'],
      models: '5,6',
      channel: '',
      tags: 'Blue Sky, blue-sky, evening light',
      private: '1',
    });
    expect(ok).toEqual({
      ok: true,
      command: {
        act: 'edit',
        videoId: 7,
        changes: {
          title: 'Quiet Lake',
          categories: [3, 1],
          models: [5, 6],
          channel: null,
          tags: [
            { dir: 'blue-sky', title: 'blue sky' },
            { dir: 'evening-light', title: 'evening light' },
          ],
          isPrivate: true,
        },
      },
    });
    const bad = parseAdminVideoInput({
      act: 'edit',
      video_id: 'x',
      title: 'ab',
      categories: '1,2,3,4',
      tags: 'a',
      status: '3',
    });
    expect(bad.ok ? [] : bad.codes).toEqual([
      { field: 'video_id', code: 'invalid' },
      { field: 'title', code: 'title_length' },
      { field: 'categories', code: 'categories_count' },
      { field: 'tags', code: 'invalid_tag' },
      { field: 'status', code: 'invalid' },
    ]);
  });

  it('refuses status 1 without renditions, while processing, or under a DMCA takedown', () => {
    const base = { status: 4 as const, hasRenditions: true, dmcaDown: false };
    expect(statusRefusal(base, 1)).toBeNull();
    expect(statusRefusal({ ...base, hasRenditions: false }, 1)).toBe('no_renditions');
    expect(statusRefusal({ ...base, status: 2 }, 1)).toBe('video_processing');
    expect(statusRefusal({ ...base, status: 5, dmcaDown: true }, 1)).toBe('dmca_takedown');
    expect(statusRefusal({ ...base, hasRenditions: false }, 5)).toBeNull();
  });

  it('plans only the fields that change', () => {
    const state = {
      id: 1,
      dir: 'a',
      title: 'Same Title',
      description: '',
      status: 1 as const,
      is_private: false,
      user_id: null,
      channel_id: 4,
      categories: [1, 2],
      models: [],
      tags: [{ id: 9, dir: 'x-y', title: 'x y' }],
      hasRenditions: true,
      dmcaDown: false,
    };
    const plan = planEdit(state, {
      title: 'Same Title',
      categories: [2, 1],
      channel: 4,
      tags: [{ dir: 'x-y', title: 'x y' }],
      isPrivate: true,
    });
    expect(plan).toEqual({ write: { isPrivate: true }, changed: { private: { from: false, to: true } } });
    // A held tag whose dir is not its title's (a seeded '-2') is the same tag: no change.
    const seeded = { ...state, tags: [{ id: 3, dir: 'night-sky-2', title: 'Night Sky' }] };
    expect(planEdit(seeded, { tags: [{ dir: 'night-sky', title: 'night sky' }] })).toEqual({
      write: {},
      changed: {},
    });
  });

  it('lists the stills and knows which one the poster is', () => {
    const rows = [
      { kind: 'poster' as const, format: '', storage_key: 'videos/5/poster-2-abc.jpg' },
      { kind: 'poster' as const, format: 'original', storage_key: 'videos/5/poster.jpg' },
      { kind: 'thumb' as const, format: '10', storage_key: 'videos/5/thumbs/10.jpg' },
      { kind: 'thumb' as const, format: '2', storage_key: 'videos/5/thumbs/2.jpg' },
      { kind: 'thumb' as const, format: '2.webp', storage_key: 'videos/5/thumbs/2.webp' },
      { kind: 'thumb' as const, format: 'chosen', storage_key: 'videos/5/chosen.png' },
    ];
    expect(stillsOf(5, rows).map((s) => [s.key, s.current])).toEqual([
      ['original', false],
      ['2', true],
      ['10', false],
      ['chosen', false],
    ]);
    expect(stillsOf(5, rows.slice(1, 2)).map((s) => [s.key, s.current])).toEqual([['original', true]]);
  });
});
