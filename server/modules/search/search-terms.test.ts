// The offer rules' pure parts (issue 34): which texts are plain, how an address stands for a visitor,
// and the block list as a PostgreSQL pattern (read by the database in server/http/search-terms.test.ts).
import { describe, expect, it } from 'vitest';
import { blockedPattern, isPlainSearchTerm, networkOf, utcDay } from './search-terms.ts';

describe('isPlainSearchTerm', () => {
  it('takes words, digits, apostrophes, hyphens and accents', () => {
    for (const text of ["o'neil beach", 'b&w vintage', 'café crème', 'top-10 2024', 'пляж закат', '海滩'])
      expect(isPlainSearchTerm(text), text).toBe(true);
  });

  it('refuses markup, entities, links and control or format characters', () => {
    for (const text of [
      '<b>bold</b> sunset',
      'sunset <script',
      'a > b',
      'sunset &lt;i&gt;',
      'x &#60;b&#62;',
      '"quoted" term',
      'tpl {{x}}',
      'back\\slash',
      'https://spam.example',
      'visit www.spam.example',
      'zero\u200bwidth',
      'bidi\u202eoverride',
      'bell\u0007',
    ])
      expect(isPlainSearchTerm(text), text).toBe(false);
  });
});

describe('networkOf', () => {
  it('keeps an IPv4 address (a mapped one too) and reads an IPv6 one as its /64', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('blockedPattern', () => {
  it('is null for an empty list and escapes every character but letters, digits and spaces', () => {
    expect(blockedPattern([])).toBeNull();
    expect(blockedPattern(['  ', ''])).toBeNull();
    expect(blockedPattern(['Kid', 'a.b', 'two  words', 'kid'])).toBe(
      '(^|[^[:alnum:]])(kid|a\\.b|two words)([^[:alnum:]]|$)',
    );
  });
});

it('utcDay is the UTC calendar day', () => {
  expect(utcDay(new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-11-29');
  expect(utcDay(new Date('2026-11-30T00:00:00+01:00'))).toBe('2026-11-29');
});
