// Which script fonts a page's text needs (components/script-fonts.tsx).
import { describe, expect, it } from 'vitest';
import { scriptLanguagesOf } from './script-fonts.tsx';

describe('scriptLanguagesOf', () => {
  it.each([
    ['Evening Drive 23 – Größe × Ещё', []],
    ['人気の動画', ['ja']],
    ['最热门视频', ['cn']],
    ['인기 동영상', ['kr']],
    ['วิดีโอยอดนิยม', ['th']],
    ['新着 and 인기 and ไทย', ['kr', 'th', 'cn']],
    ['ひらがな 漢字', ['ja']],
  ])('%s → %j', (text, expected) => {
    expect(scriptLanguagesOf(text)).toEqual(expected);
  });
});
