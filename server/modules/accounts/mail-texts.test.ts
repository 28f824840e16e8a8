import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../contract/catalog.ts';
import {
  accountMail,
  type Catalogue,
  hoursText,
  interpolate,
  languageOfAcceptLanguage,
  MAIL_DIR,
  MAIL_KINDS,
  mailLanguage,
  mailText,
  requestLanguageOf,
} from './mail-texts.ts';

// The account mails' catalogue (locales/mail/<code>.json): every language has exactly the keys of
// English, each text the placeholders of its English text, none empty; then the interpolation, the
// fallback to English, the mails as written, and the choice of language from a request.
const read = (lang: string) =>
  JSON.parse(readFileSync(path.join(MAIL_DIR, `${lang}.json`), 'utf8')) as Catalogue;

function flatten(node: Catalogue, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? Object.entries(flatten(value, `${prefix}${key}.`))
        : [[`${prefix}${key}`, value]],
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(read('en'));

describe('locales/mail', () => {
  it('has one file per language of the site, and nothing else', () => {
    expect(readdirSync(MAIL_DIR).sort()).toEqual(LANGUAGES.map((lang) => `${lang}.json`).sort());
  });

  it('English names every text a mail uses', () => {
    const used = [
      'greeting',
      'expiry',
      'signature',
      'email_change.pending',
      ...MAIL_KINDS.flatMap((kind) => ['subject', 'intro', 'ignore'].map((part) => `${kind}.${part}`)),
      // Issue 31 (server/modules/appeals/notices.ts): the appeal's answer and the staff's removal notice.
      ...['subject', 'upheld', 'overturned', 'answer'].map((part) => `appeal.${part}`),
      ...['subject', 'intro', 'clock'].map((part) => `removal.${part}`),
      // Issue 31 (server/modules/integrity/rejection-notices.ts): a copy of removed content, a hash-list match.
      ...['removed_subject', 'removed_intro', 'hash_list_subject', 'hash_list_intro'].map(
        (k) => `screening.${k}`,
      ),
    ];
    expect(Object.keys(english).sort()).toEqual(used.sort());
  });

  it.each(LANGUAGES.map((lang) => [lang]))(
    '%s: the keys and placeholders of English, no empty text',
    (lang) => {
      const texts = flatten(read(lang));
      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(typeof text, key).toBe('string');
        expect((text as string).trim(), key).not.toBe('');
        expect(placeholders(text as string), `${lang} ${key}`).toEqual(placeholders(english[key] as string));
        // A line break would split the subject header or a paragraph.
        expect(text as string, key).not.toMatch(/[\r\n]/);
      }
    },
  );

  it.each(LANGUAGES.filter((lang) => lang !== 'en').map((lang) => [lang]))('%s is translated', (lang) => {
    const texts = flatten(read(lang));
    const same = Object.keys(english).filter((key) => texts[key] === english[key]);
    expect(same).toEqual([]);
  });
});

describe('interpolate', () => {
  it('fills the placeholders once: a value is never read as a template', () => {
    expect(interpolate('Hi {{username}} on {{ site }}', { username: '{{site}}', site: 'Tube' })).toBe(
      'Hi {{site}} on Tube',
    );
  });

  it('gives an unknown placeholder nothing, and never a property of Object', () => {
    expect(interpolate('[{{missing}}][{{toString}}]', { site: 'x' })).toBe('[][]');
  });

  it('keeps line breaks, control characters and bidirectional overrides out of values', () => {
    expect(interpolate('{{site}}: hi', { site: 'Tube\r\nBcc: x@example.com' })).toBe(
      'Tube Bcc: x@example.com: hi',
    );
    expect(interpolate('{{username}}', { username: 'a\u202Eb\u0000c\u2028d' })).toBe('a b c d');
  });

  it('escapes values for HTML when asked, and only the values', () => {
    expect(interpolate('<b>{{username}}</b>', { username: `<a href="x">'&'</a>` }, { html: true })).toBe(
      '<b>&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;</b>',
    );
    expect(interpolate('{{username}}', { username: '<i>' })).toBe('<i>');
  });
});

describe('mailText', () => {
  const all = new Map<Language, Catalogue>([
    ['en', { greeting: 'Hello', confirm: { subject: 'Confirm' } }],
    ['de', { greeting: '', confirm: {} }],
    ['fr', { greeting: 'Bonjour', confirm: 'not an object' }],
  ]);

  it('falls back to English for an empty or missing translation, or a language without a file', () => {
    expect(mailText('fr', 'greeting', all)).toBe('Bonjour');
    expect(mailText('de', 'greeting', all)).toBe('Hello');
    expect(mailText('de', 'confirm.subject', all)).toBe('Confirm');
    expect(mailText('fr', 'confirm.subject', all)).toBe('Confirm');
    expect(mailText('ja', 'greeting', all)).toBe('Hello');
  });

  it('throws for a key English lacks (a programming error, not a visitor’s)', () => {
    expect(() => mailText('de', 'restore.subject', all)).toThrow(/restore\.subject/);
  });

  it('reads the real files by default', () => {
    expect(mailText('de', 'greeting')).toBe('Hallo {{username}},');
  });
});

describe('accountMail', () => {
  const values = {
    site: 'TestTube',
    username: 'anna',
    link: 'http://tube.test/api/confirm.php?token=abc',
    hours: 48,
  };

  it('writes the German confirmation mail: greeting, intro, link alone on its line, lifetime, signature', () => {
    const mail = accountMail('confirm', 'de', values);
    expect(mail.subject).toBe('TestTube: Bestätige deine E-Mail-Adresse');
    expect(mail.text).toBe(
      `${[
        'Hallo anna,',
        'Bitte bestätige deine E-Mail-Adresse, um dein Konto bei TestTube zu aktivieren:',
        'http://tube.test/api/confirm.php?token=abc',
        'Der Link kann nur einmal verwendet werden und ist 48 Stunden gültig.',
        'Wenn du dich nicht registriert hast, kannst du diese E-Mail ignorieren.',
        'Dein TestTube-Team',
      ].join('\n\n')}\n`,
    );
  });

  it('writes the lifetime as the language counts it', () => {
    expect(accountMail('restore', 'pl', { ...values, hours: 2 }).text).toContain('ważny przez 2 godziny.');
    expect(accountMail('restore', 'ru', { ...values, hours: 2 }).text).toContain('действует 2 часа.');
    expect(accountMail('confirm', 'ru', values).text).toContain('действует 48 часов.');
    expect(hoursText('se', 48)).toBe('48 timmar');
    expect(hoursText('no', 48)).toBe('48 timer');
  });

  it('adds the pending note to the e-mail change mail only', () => {
    expect(accountMail('email_change', 'en', values).text).toContain(
      'valid for 48 hours. Until then, your account keeps its current address.',
    );
    expect(accountMail('confirm', 'en', values).text).not.toContain('Until then');
  });

  it('keeps a site name with a line break out of the subject’s header', () => {
    const mail = accountMail('confirm', 'en', { ...values, site: 'Evil\r\nBcc: x@example.com' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it.each(LANGUAGES.map((lang) => [lang]))(
    '%s: every mail has the link once, and no placeholder left',
    (lang) => {
      for (const kind of MAIL_KINDS) {
        const mail = accountMail(kind, lang, values);
        expect(mail.text.split(values.link)).toHaveLength(2);
        expect(`${mail.subject}${mail.text}`).not.toMatch(/\{\{|\}\}/);
        expect(mail.text).toContain('anna');
        expect(mail.subject).toContain('TestTube');
      }
    },
  );
});

describe('the language of a request', () => {
  it('maps Accept-Language to the site’s codes', () => {
    expect(languageOfAcceptLanguage('sv-SE,sv;q=0.9,en;q=0.5')).toBe('se');
    expect(languageOfAcceptLanguage('da')).toBe('dk');
    expect(languageOfAcceptLanguage('cs-CZ')).toBe('cz');
    expect(languageOfAcceptLanguage('ko-KR')).toBe('kr');
    expect(languageOfAcceptLanguage('zh-Hant-TW')).toBe('cn');
    expect(languageOfAcceptLanguage('ja')).toBe('ja');
    expect(languageOfAcceptLanguage('nb-NO')).toBe('no');
    expect(languageOfAcceptLanguage('nn')).toBe('no');
    expect(languageOfAcceptLanguage('PT-br')).toBe('pt');
  });

  it('follows the weights and skips what the site lacks', () => {
    expect(languageOfAcceptLanguage('en;q=0.2, de;q=0.9')).toBe('de');
    expect(languageOfAcceptLanguage('xx, el;q=0.9, fr;q=0.8')).toBe('fr');
    expect(languageOfAcceptLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(languageOfAcceptLanguage('de;q=0')).toBeNull();
    expect(languageOfAcceptLanguage('*')).toBeNull();
    expect(languageOfAcceptLanguage('')).toBeNull();
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
  });

  it('never reads the site’s codes as BCP 47 tags: se is Northern Sami, kr Kanuri', () => {
    expect(languageOfAcceptLanguage('se')).toBeNull();
    expect(languageOfAcceptLanguage('kr')).toBeNull();
    expect(languageOfAcceptLanguage('cz, dk, cn')).toBeNull();
  });

  it('survives a header of garbage', () => {
    expect(languageOfAcceptLanguage(`${';q=x,'.repeat(5000)}de`)).toBeNull();
    expect(languageOfAcceptLanguage(';;;,,,q=1')).toBeNull();
  });

  it('takes the cookie only when it is a language of the site', () => {
    expect(requestLanguageOf('de', 'fr')).toEqual({ chosen: 'de', browser: 'fr' });
    expect(requestLanguageOf('zz', undefined)).toEqual({ chosen: null, browser: null });
    expect(requestLanguageOf('__proto__', 'sv')).toEqual({ chosen: null, browser: 'se' });
  });

  it('chooses: the cookie, else the account’s language, else the browser’s, else English', () => {
    expect(mailLanguage({ chosen: 'ja', browser: 'fr' }, 'de')).toBe('ja');
    expect(mailLanguage({ chosen: null, browser: 'fr' }, 'de')).toBe('de');
    expect(mailLanguage({ chosen: null, browser: 'fr' }, null)).toBe('fr');
    expect(mailLanguage({ chosen: null, browser: 'fr' }, 'xx')).toBe('fr');
    expect(mailLanguage({ chosen: null, browser: null })).toBe('en');
    expect(mailLanguage(undefined, 'kr')).toBe('kr');
    expect(mailLanguage(undefined)).toBe('en');
  });
});
