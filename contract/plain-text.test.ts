import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText (SEO text, audit F13)', () => {
  it.each([
    ['<b>x</b><script>alert(1)</script>', 'x'],
    ['<p>Bold <b>words</b></p>\n<style>p{}</style>  &amp; <i>more</i>', 'Bold words & more'],
    ['&lt;b&gt;typed escaped&lt;/b&gt;', 'typed escaped'],
    ['<a href="x>y">link</a><img src=x onerror=alert(1)>', 'link'],
    ['<!-- note -->kept <br/>lines', 'kept lines'],
    ['x <b', 'x'],
    ['&#x41;&#66;&nbsp;C &bogus; &#0;', 'AB C &bogus;'],
  ])('%j → %j', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });

  it('leaves text that only looks like markup', () => {
    for (const text of ['Tom & <Jerry>', 'a < b', 'I <3 it', '5 > 3']) expect(plainText(text)).toBe(text);
  });

  it('stays linear on long runs of unclosed tags', () => {
    const started = performance.now();
    plainText(`${'<a '.repeat(30_000)}"`);
    plainText('<a "'.repeat(25_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
