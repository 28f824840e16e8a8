import { describe, expect, it } from 'vitest';
import { cookieString, readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; kt_lang=de; b=2', 'kt_lang')).toBe('de');
    expect(readCookie('kt_lang=fr', 'kt_lang')).toBe('fr');
  });
  it('answers undefined when absent', () => {
    expect(readCookie(null, 'kt_lang')).toBeUndefined();
    expect(readCookie('xkt_lang=de', 'kt_lang')).toBeUndefined();
  });
});

describe('cookieString', () => {
  it('writes a site-wide Lax cookie', () => {
    expect(cookieString('kt_lang', 'de', 86400)).toBe('kt_lang=de; path=/; max-age=86400; SameSite=Lax');
    expect(cookieString('kt_lang', 'de', 86400, true)).toBe(
      'kt_lang=de; path=/; max-age=86400; SameSite=Lax; Secure',
    );
  });
});
