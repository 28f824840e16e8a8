// The ActionPlaylist form's checks (content.md §5) and the server's schema agree: the same fields are
// refused with the same codes, for hand-picked edges and for generated values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLAYLIST_CATEGORIES,
  PLAYLIST_DESCRIPTION,
  PLAYLIST_TITLE,
  playlistActSchema,
} from '../../../contract/acts.ts';
import {
  errorMessageOf,
  fieldCode,
  filterCategories,
  formErrorsOf,
  initialValues,
  type PlaylistFormValues,
  playlistActFields,
  toggleCategory,
  validatePlaylistForm,
} from './playlist-form.ts';

const valid: PlaylistFormValues = {
  title: 'Rainy evenings',
  desc: 'Slow and calm',
  visible: '1',
  orientation: 'str',
  categories: [3],
};

/** What the server's schema refuses, as {field: first code}. */
function serverErrors(fields: Record<string, string>): Record<string, string> {
  const parsed = playlistActSchema.safeParse({ act: 'playlist', ...fields });
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

const clientErrors = (values: PlaylistFormValues) =>
  Object.fromEntries(validatePlaylistForm(values).map((e) => [e.field, e.code]));

describe('the playlist form checks', () => {
  it('accepts a valid playlist and builds the new and upd fields', () => {
    expect(validatePlaylistForm(valid)).toEqual([]);
    expect(playlistActFields({ ...valid, categories: [3, 7, 3] }, 'new')).toEqual({
      section: 'new',
      title: 'Rainy evenings',
      desc: 'Slow and calm',
      visible: '1',
      categories: '3,7',
      orientation: 'str',
    });
    expect(playlistActFields({ ...valid, visible: '0' }, 'edit', 42)).toEqual({
      section: 'upd',
      object_id: '42',
      title: 'Rainy evenings',
      desc: 'Slow and calm',
      visible: '0',
      categories: '3',
    });
    expect(() => playlistActFields(valid, 'edit')).toThrow();
  });

  it('refuses each field at the bounds of §5, like the server', () => {
    const cases: [Partial<PlaylistFormValues>, string, string][] = [
      [{ title: '' }, 'title', 'required'],
      [{ title: '   ' }, 'title', 'required'],
      [{ title: '<b></b>' }, 'title', 'required'],
      [{ title: 'ab' }, 'title', 'min_length'],
      [{ title: ' a \n ' }, 'title', 'min_length'],
      [{ title: 'x'.repeat(PLAYLIST_TITLE.max + 1) }, 'title', 'max_length'],
      [{ desc: '' }, 'desc', 'required'],
      [{ desc: 'four' }, 'desc', 'min_length'],
      [{ desc: 'y'.repeat(PLAYLIST_DESCRIPTION.max + 1) }, 'desc', 'max_length'],
      [{ categories: [] }, 'categories', 'categories_count'],
      [{ categories: [1, 2, 3, 4] }, 'categories', 'categories_count'],
    ];
    for (const [change, field, code] of cases) {
      const values = { ...valid, ...change };
      expect(clientErrors(values), JSON.stringify(change)).toEqual({ [field]: code });
      expect(serverErrors(playlistActFields(values, 'new')), JSON.stringify(change)).toEqual({
        [field]: code,
      });
    }
    // The bounds themselves pass.
    const edges = {
      ...valid,
      title: 'x'.repeat(PLAYLIST_TITLE.min),
      desc: 'y'.repeat(PLAYLIST_DESCRIPTION.max),
      categories: [1, 2, 3],
    };
    expect(clientErrors(edges)).toEqual({});
    expect(serverErrors(playlistActFields(edges, 'new'))).toEqual({});
    expect(fieldCode('title', { ...valid, title: 'x'.repeat(PLAYLIST_TITLE.max) })).toBeNull();
  });

  it('agrees with the server schema on generated values (new and upd)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.string({ minLength: 90, maxLength: 520 }),
      fc.constantFrom('<i>ab</i>', 'a\n\n\n\nb c', ' \t ', '&amp;&amp;', 'ok <script>x</script> ok'),
    );
    const values = fc.record({
      title: text,
      desc: text,
      visible: fc.constantFrom('0', '1') as fc.Arbitrary<'0' | '1'>,
      orientation: fc.constantFrom('str', 'gay', 'shemale') as fc.Arbitrary<
        PlaylistFormValues['orientation']
      >,
      categories: fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 5 }),
    });
    fc.assert(
      fc.property(values, fc.boolean(), (v, edit) => {
        const fields = edit ? playlistActFields(v, 'edit', 7) : playlistActFields(v, 'new');
        expect(clientErrors(v)).toEqual(serverErrors(fields));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps 1 to 3 distinct categories when toggling', () => {
    expect(toggleCategory([], 4, true)).toEqual([4]);
    expect(toggleCategory([4], 4, true)).toEqual([4]);
    expect(toggleCategory([1, 2, 3], 4, true)).toEqual([1, 2, 3]);
    expect(toggleCategory([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(PLAYLIST_CATEGORIES).toEqual({ min: 1, max: 3 });
  });

  it('starts an edit from the playlist and a new one empty and public', () => {
    expect(initialValues(null, 'gay')).toEqual({
      title: '',
      desc: '',
      visible: '1',
      orientation: 'gay',
      categories: [],
    });
    expect(
      initialValues(
        {
          playlist_id: 5,
          title: 'T',
          description: 'D',
          private: 1,
          orientation: 'shemale',
          categories: [{ id: 8 }, { id: 2 }],
        },
        'str',
      ),
    ).toEqual({ title: 'T', desc: 'D', visible: '0', orientation: 'shemale', categories: [8, 2] });
  });

  it('reads field errors out of an answer and words them with the bounds', () => {
    expect(
      formErrorsOf([
        { field: 'notify', code: 'forbidden' },
        { field: 'categories', code: 'invalid_categories' },
        { field: 'categories', code: 'categories_count' },
        { field: 'title', code: 'min_length' },
      ]),
    ).toEqual([
      { field: 'categories', code: 'invalid_categories' },
      { field: 'title', code: 'min_length' },
    ]);
    expect(errorMessageOf({ field: 'title', code: 'min_length' })).toEqual({
      keys: ['playlists.error.min_length', 'form.error.min_length', 'playlists.error.unknown'],
      params: { code: 'min_length', length: PLAYLIST_TITLE.min },
    });
    expect(errorMessageOf({ field: 'desc', code: 'max_length' }).params.length).toBe(
      PLAYLIST_DESCRIPTION.max,
    );
    expect(errorMessageOf({ field: 'categories', code: 'categories_count' }).params).toMatchObject({
      min: 1,
      max: 3,
    });
  });

  it('filters categories by any part of their title, ignoring case and accents', () => {
    const list = [{ title: 'Amateur' }, { title: 'Café Scenes' }, { title: 'POV' }];
    expect(filterCategories(list, ' cafe ')).toEqual([{ title: 'Café Scenes' }]);
    expect(filterCategories(list, 'a')).toEqual([{ title: 'Amateur' }, { title: 'Café Scenes' }]);
    expect(filterCategories(list, '')).toHaveLength(3);
  });
});
