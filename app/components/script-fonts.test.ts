// Which script fonts a page's text needs (components/script-fonts.tsx).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
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

// The language menu's names (中文 日本語 한국어 ไทย) are drawn on every page: Chromium measures every option
// of the closed <select>. Their face ("Language Names", styles/fonts/names.css) must cover each of their
// characters from files of a few KB, not the Noto subset files of 13–28 KB each (123 KB for an English page
// at 1280 px, issue 29).
describe('the language names face', () => {
  const dir = path.resolve(import.meta.dirname, '../styles/fonts');
  const css = readFileSync(path.join(dir, 'names.css'), 'utf8');
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    src: body.match(/url\("([^"]+)"\)/)?.[1] ?? '',
    ranges: [...(body.match(/unicode-range:([^;]*);/)?.[1] ?? '').matchAll(/U\+([0-9A-F]+)/gi)].map(
      ([, hex]) => Number.parseInt(hex ?? '', 16),
    ),
  }));
  const names = Object.values(
    (
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/en.json'), 'utf8')) as {
        language: Record<string, string>;
      }
    ).language,
  ).join('');

  it('covers every CJK and Thai character of the names', () => {
    const needed = [...new Set(names)].filter((ch) => scriptLanguagesOf(ch).length > 0);
    expect(needed.length).toBeGreaterThanOrEqual(11);
    const covered = new Set(faces.flatMap((face) => face.ranges));
    expect(needed.filter((ch) => !covered.has(ch.codePointAt(0) ?? 0))).toEqual([]);
  });

  it('loads them from its own files of under 4 KB', () => {
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) {
      const file = path.resolve(dir, face.src);
      expect(file.startsWith(dir + path.sep), face.src).toBe(true);
      expect(statSync(file).size, face.src).toBeLessThan(4096);
    }
  });
});
