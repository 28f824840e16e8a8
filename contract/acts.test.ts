// The member acts' input schemas: what each form-encoded act becomes, and the first code of bad input.
import { describe, expect, it } from 'vitest';
import { memberActSchema, plainTextLines, tagDirOf } from './acts.ts';

const firstCode = (input: Record<string, string>) => {
  const result = memberActSchema.safeParse(input);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return { field: String(issue?.path.at(-1) ?? ''), code: issue?.message };
};
const newPlaylist = { act: 'playlist', section: 'new', title: 'abc', desc: 'Fine text', categories: '1' };
const parse = (input: Record<string, string>) => memberActSchema.parse(input);

describe('member act inputs', () => {
  it('coerces ids and keeps only the fields of the act', () => {
    expect(parse({ act: 'favourite', section: 'add', video_id: '12', extra: 'x' })).toEqual({
      act: 'favourite',
      section: 'add',
      video_id: 12,
    });
    expect(parse({ act: 'vote', section: 'video', vote: '-1', object_id: '3' })).toEqual({
      act: 'vote',
      section: 'video',
      vote: -1,
      object_id: 3,
    });
    expect(parse({ act: 'unsubscribe', section: 'member', object_id: '9' })).toMatchObject({ object_id: 9 });
  });

  it('gives a playlist its defaults on create only', () => {
    expect(
      parse({
        act: 'playlist',
        section: 'new',
        title: ' My <b>list</b> ',
        desc: 'Good ones',
        categories: '4,2,4',
      }),
    ).toEqual({
      act: 'playlist',
      section: 'new',
      title: 'My list',
      desc: 'Good ones',
      visible: '1',
      orientation: 'str',
      categories: [4, 2],
    });
    const upd = parse({
      act: 'playlist',
      section: 'upd',
      object_id: '5',
      title: 'Renamed',
      desc: 'Still good',
      orientation: 'gay',
    });
    expect(upd).toEqual({
      act: 'playlist',
      section: 'upd',
      object_id: 5,
      title: 'Renamed',
      desc: 'Still good',
      visible: undefined,
      categories: undefined,
    });
  });

  it.each([
    ['act', 'unknown_act', {}],
    ['act', 'unknown_act', { act: 'view' }],
    ['section', 'invalid_section', { act: 'favourite', section: 'zap', video_id: '1' }],
    ['video_id', 'required', { act: 'favourite', section: 'add' }],
    ['video_id', 'required', { act: 'watch_later', section: 'add', video_id: '' }],
    ['video_id', 'invalid_video_id', { act: 'watch_later', section: 'add', video_id: '0' }],
    ['video_id', 'invalid_video_id', { act: 'watch_later', section: 'add', video_id: '1e3' }],
    ['section', 'invalid_section', { act: 'playlist', section: 'zap' }],
    ['title', 'required', { act: 'playlist', section: 'new', desc: 'Fine text', categories: '1' }],
    ['desc', 'min_length', { act: 'playlist', section: 'new', title: 'abc', desc: 'Fine', categories: '1' }],
    ['title', 'required', { ...newPlaylist, title: '<i></i>' }],
    ['title', 'min_length', { ...newPlaylist, title: 'ab' }],
    ['title', 'max_length', { ...newPlaylist, title: 'x'.repeat(101) }],
    ['desc', 'max_length', { ...newPlaylist, desc: 'x'.repeat(501) }],
    ['categories', 'categories_count', { ...newPlaylist, categories: '1,2,3,4' }],
    ['categories', 'invalid_categories', { ...newPlaylist, categories: '1,x' }],
    ['visible', 'invalid_visible', { ...newPlaylist, visible: '2' }],
    ['orientation', 'invalid_orientation', { ...newPlaylist, orientation: 'x' }],
    ['categories', 'categories_count', { act: 'playlist', section: 'new', title: 'abc', desc: 'Fine text' }],
    ['object_id', 'required', { act: 'playlist', section: 'upd', title: 'abc', desc: 'Fine text' }],
    ['video_id', 'required', { act: 'playlist', section: 'add', object_id: '1' }],
    ['object_id', 'invalid_object_id', { act: 'playlist', section: 'rem', object_id: 'a', video_id: '1' }],
    ['section', 'invalid_section', { act: 'vote', section: 'model', vote: '1', object_id: '1' }],
    ['vote', 'invalid_vote', { act: 'vote', section: 'video', vote: '2', object_id: '1' }],
    ['section', 'invalid_section', { act: 'subscribe', section: 'video', object_id: '1' }],
    ['msg', 'required', { act: 'comm', section: 'video', object_id: '1' }],
    ['msg', 'required', { act: 'comm', section: 'video', object_id: '1', msg: '   ' }],
    ['msg', 'min_length', { act: 'comm', section: 'video', object_id: '1', msg: 'abcd' }],
    ['msg', 'min_length', { act: 'comm', section: 'video', object_id: '1', msg: '<b>ab</b>c' }],
    ['msg', 'max_length', { act: 'comm', section: 'video', object_id: '1', msg: 'x'.repeat(1501) }],
    ['object_id', 'required', { act: 'comm', section: 'del' }],
    ['section', 'invalid_section', { act: 'add_tag', section: 'model', object_id: '1', tag: 'beach' }],
    ['tag', 'required', { act: 'add_tag', section: 'video', object_id: '1', tag: '' }],
    ['tag', 'min_length', { act: 'add_tag', section: 'video', object_id: '1', tag: 'a' }],
    ['tag', 'max_length', { act: 'add_tag', section: 'video', object_id: '1', tag: 'x'.repeat(70) }],
    ['tag', 'invalid_tag', { act: 'add_tag', section: 'video', object_id: '1', tag: '!!!' }],
  ])('%s: %s (row %#)', (field, code, input) => {
    expect(firstCode(input as Record<string, string>)).toEqual({ field, code });
  });

  it('stores comments and descriptions as plain text with their lines', () => {
    expect(plainTextLines('Hi <script>x()</script>there\r\n\r\n\r\n<b>bold</b> &amp; done ')).toBe(
      'Hi there\n\nbold & done',
    );
    const act = parse({ act: 'comm', section: 'video', object_id: '7', msg: '<a href="x">Nice</a> clip!' });
    expect(act).toMatchObject({ msg: 'Nice clip!' });
  });

  it('normalises tags to one dir per spelling', () => {
    expect(parse({ act: 'add_tag', section: 'video', object_id: '1', tag: '  Big   Sky ' })).toMatchObject({
      tag: 'big sky',
    });
    expect(tagDirOf('Big  Sky!')).toBe('big-sky');
    expect(tagDirOf('Äpfel & Birnen')).toBe('äpfel-birnen');
    expect(tagDirOf('ＦＵＬＬ width')).toBe('full-width');
  });
});
