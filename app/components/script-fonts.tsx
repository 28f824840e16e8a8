// Fonts that show CJK and Thai on machines without them (issue 16): the self-hosted Noto fonts of
// styles/fonts/<code>.css, linked for a page in Japanese, Korean, Simplified Chinese or Thai, and for any
// page whose text shows such a script (a title, a member's name): the page's text is read after each
// navigation. Each file declares its font cut by unicode-range, so the browser fetches only the subsets
// that the page's characters need; the language menu's names have their own tiny face (names.css).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import cn from '../styles/fonts/cn.css?url';
import ja from '../styles/fonts/ja.css?url';
import kr from '../styles/fonts/kr.css?url';
import th from '../styles/fonts/th.css?url';

const SHEETS = { ja, kr, cn, th };
export type ScriptLanguage = keyof typeof SHEETS;

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const THAI = /[\u0e00-\u0e7f]/;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** The script fonts a text needs: Han without kana is read as Chinese, with kana as Japanese. */
export function scriptLanguagesOf(text: string): ScriptLanguage[] {
  const found: ScriptLanguage[] = [];
  if (KANA.test(text)) found.push('ja');
  if (HANGUL.test(text)) found.push('kr');
  if (THAI.test(text)) found.push('th');
  if (HAN.test(text) && !found.includes('ja')) found.push('cn');
  return found;
}

const isScriptLanguage = (lang: string): lang is ScriptLanguage => Object.hasOwn(SHEETS, lang);

/** The page's text, but the language menu's (its names have their own face). */
function pageText(): string {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('select, script, style, template')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) text += node.nodeValue ?? '';
  return text;
}

/** `lang`: the site code of the page's language. Renders the stylesheet links (React hoists them). */
export function ScriptFonts({ lang }: { lang: string }) {
  const location = useLocation();
  const [shown, setShown] = useState<readonly ScriptLanguage[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's text changes with the location.
  useEffect(() => {
    const found = scriptLanguagesOf(pageText());
    setShown((before) =>
      found.every((item) => before.includes(item)) ? before : [...new Set([...before, ...found])],
    );
  }, [location]);
  const wanted = new Set<ScriptLanguage>(isScriptLanguage(lang) ? [lang, ...shown] : shown);
  return [...wanted].map((item) => (
    <link key={item} rel="stylesheet" href={SHEETS[item]} precedence="script-fonts" />
  ));
}
