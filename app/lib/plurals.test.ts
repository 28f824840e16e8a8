// Every visible count goes through the plural rules (issue 34: "1 views", "1 results"). Three checks:
// - a text with {{count}} in locales/en.json is a plural key (`_one`/`_other`…), unless it reads the same
//   for every number in every language ("Waiting: {{count}}", "{{number}} / {{count}}"), listed below;
// - an English text whose number stands before a word ("{{videos}} listed videos") is plural or listed
//   below with the reason it is always right;
// - every t() call in the app that passes `count` names a plural key (or one listed as the same for every
//   number), and in each language i18next picks that language's own form for 1, 2, 5, 21, 1.5 and a
//   million (Intl.PluralRules of its BCP 47 tag: ru/pl/cz one/few/many/other, fr/es/it/pt one/many/other,
//   ja/kr/cn/th other only).
// locales.test.ts checks that each language has exactly the forms its rules need.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGES } from './preferences.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else flatten(value, name, into);
  }
  return into;
}
const readTree = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales', `${lang}.json`), 'utf8')) as Tree;
const english = flatten(readTree(DEFAULT_LANGUAGE));
const isPlural = (key: string) => english.has(`${key}_one`) && english.has(`${key}_other`);

/** {{count}} texts that read right for any number, in every language (a label, a fraction). */
const SAME_FOR_EVERY_COUNT: Record<string, string> = {
  'age_verification_admin.count': 'a label: "Waiting: {{count}}"',
  'watch.playlist_position': 'a fraction: "3 / 12"',
  'dmca.takedowns': 'a label: "Repeat-infringer count: {{count}}"',
  'playlists.form.desc_count': 'a fraction: "{{count}} / {{max}}"',
  'form.error.too_many_comments': 'the count stands alone ("at most 5 in 10 min")',
  'notify.too_many_messages': 'the count stands alone',
  'messages.error.too_many_messages': 'the count stands alone',
  'wall.error.too_many_wall_posts': 'the count stands alone',
};

/** Numbers before a word that are right for every value they take. */
const NUMBER_BEFORE_WORD: Record<string, string> = {
  'watch.contact_er.max_length': 'the lengths are the code’s constants, never 1',
  'form.error.min_length': 'the lengths are the code’s constants, never 1',
  'form.error.max_length': 'the lengths are the code’s constants, never 1',
  'player.step': 'a unit symbol ("10 s")',
  'catalogue.cm': 'a unit symbol',
  'catalogue.kg': 'a unit symbol',
  'form.error.file_too_large': 'a unit symbol (MB)',
  'profile.image_hint': 'a unit symbol (MB)',
  'info_pages.advertising.instream_text': 'the skip offset is a constant (PREROLL_TIMING), never 1',
  'admin_dashboard.charts.total': '"{{total}} in total": no noun after the number',
  'admin_dashboard.storage.of_disk': 'sizes with their unit ("3.1 GB free")',
  'admin_videos.bulk.partial': '"{{failed}} could not be changed": no noun, the verb reads for any number',
  // The numbers below still need forms of their own (issue 34 leaves them for the console's copy):
  'catalogue.views_count': 'not shown anywhere (the card and the video page use card.* and video.views)',
  'admin_dashboard.charts.summary': 'the page offers 7, 30 and 90 days (DASHBOARD_RANGES)',
  'admin_dashboard.charts.summary_empty': 'the page offers 7, 30 and 90 days (DASHBOARD_RANGES)',
  'admin_search.intro': '"at least {{threshold}} different visitors": the threshold defaults to 3',
  'admin_discovery.days': 'the comparison covers 7 and 30 days (DISCOVERY_COMPARISON_DAYS), never 1',
};
/** Placeholders that carry numbers. */
const NUMBERS = [
  'count',
  'views',
  'videos',
  'comments',
  'done',
  'failed',
  'days',
  'minutes',
  'seconds',
  'length',
  'total',
  'pages',
  'threshold',
  'max_mb',
  'mb',
  'free',
  'value',
];

describe('counts in the English texts', () => {
  it('every {{count}} text is a plural key or reads the same for every number', () => {
    const bare = [...english]
      .filter(([key, text]) => !PLURAL.test(key) && /\{\{\s*count\b/.test(text))
      .map(([key]) => key)
      .filter((key) => !(key in SAME_FOR_EVERY_COUNT));
    expect(bare).toEqual([]);
  });

  it('no number stands before a word in a text without plural forms, unless it is right for any value', () => {
    const found: string[] = [];
    for (const [key, text] of english) {
      if (PLURAL.test(key) || key in NUMBER_BEFORE_WORD || key in SAME_FOR_EVERY_COUNT) continue;
      for (const m of text.matchAll(/\{\{\s*(\w+)\s*\}\}\s+\p{L}/gu)) {
        if (NUMBERS.includes(m[1] ?? '')) found.push(`${key}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('lists only keys that exist', () => {
    const missing = [...Object.keys(SAME_FOR_EVERY_COUNT), ...Object.keys(NUMBER_BEFORE_WORD)].filter(
      (key) => !english.has(key),
    );
    expect(missing).toEqual([]);
  });
});

/** Source files of the app (not tests). */
function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, into);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) into.push(file);
  }
  return into;
}

describe('the components', () => {
  it('pass `count` only to plural keys', () => {
    // t('key', { … count … }) with a literal key; dynamic keys (`misc.date.${key}`) are plural families.
    const call = /\bt\(\s*'([\w.]+)'\s*,\s*\{([^{}]*)\}/g;
    const wrong: string[] = [];
    for (const file of sources(path.join(ROOT, 'app'))) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(call)) {
        const [, key = '', options = ''] = m;
        if (!/\bcount\b/.test(options)) continue;
        if (isPlural(key) || key in SAME_FOR_EVERY_COUNT) continue;
        wrong.push(`${path.relative(ROOT, file)}: ${key}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('each language picks its own plural form', () => {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    LANGUAGES.map((lang) => [htmlLang(lang), { translation: readTree(lang) }]),
  );
  void instance.init({
    resources,
    lng: htmlLang(DEFAULT_LANGUAGE),
    fallbackLng: false,
    supportedLngs: LANGUAGES.map(htmlLang),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const bases = [...english.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL, ''));
  const SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5, 1_000_000];

  it.each(LANGUAGES)('%s', (lang) => {
    const tag = htmlLang(lang);
    const rules = new Intl.PluralRules(tag);
    const texts = flatten(readTree(lang));
    const t = instance.getFixedT(tag);
    const wrong: string[] = [];
    for (const base of bases) {
      for (const n of SAMPLES) {
        const form = rules.select(n);
        const want = texts.get(`${base}_${form}`);
        // The text i18next gives for n is the language's own form for n, the number in it.
        const got = String(t(base as never, { count: n, views: String(n), percent: 0 } as never));
        if (want === undefined) wrong.push(`${base}_${form}: missing`);
        else if (!want.includes('{{') && got !== want) wrong.push(`${base} ${n}: ${got}`);
        else if (want.includes('{{count}}') && !got.includes(String(n))) wrong.push(`${base} ${n}: ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('English: one video, 2 videos; one result, 2 results; one view, 2 views', () => {
    const t = instance.getFixedT('en');
    expect(t('catalogue.videos_count' as never, { count: 1 } as never)).toBe('1 video');
    expect(t('page.search_objects' as never, { count: 1 } as never)).toBe('1 result');
    expect(t('page.search_objects' as never, { count: 2 } as never)).toBe('2 results');
    expect(t('video.views' as never, { count: 1, views: '1' } as never)).toBe('1 view');
    expect(t('messages.chars_left' as never, { count: 1 } as never)).toBe('1 character left');
  });

  // The cards remember one views word per plural form (video-card.tsx useCardLabels): right only while
  // no language's card.views text carries the number or has a form of its own for zero.
  it.each(LANGUAGES)("%s: card.views depends on the count's plural form only", (lang) => {
    const views = [...flatten(readTree(lang))].filter(([key]) => key.startsWith('card.views_'));
    expect(views.length).toBeGreaterThan(0);
    expect(views.filter(([key, text]) => text.includes('{{') || key.endsWith('_zero'))).toEqual([]);
  });

  it('Russian, Polish and Czech: 1, 2 and 5 take three different words', () => {
    const results = (tag: string) =>
      [1, 2, 5].map((n) => instance.getFixedT(tag)('page.search_objects' as never, { count: n } as never));
    expect(results('ru')).toEqual(['1 результат', '2 результата', '5 результатов']);
    expect(results('pl')).toEqual(['1 wynik', '2 wyniki', '5 wyników']);
    expect(results('cs')).toEqual(['1 výsledek', '2 výsledky', '5 výsledků']);
  });
});
