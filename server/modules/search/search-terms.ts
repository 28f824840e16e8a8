// Which search terms may be offered to everyone (issue 34 item 1), as pure rules: a term with markup or
// control characters is never stored; an address is counted by its network (an IPv6 client holds a whole
// /64, so each of its addresses would count as another visitor); the block list becomes one PostgreSQL
// pattern the queries test (search-terms-sql.ts), so the suggester, the top searches, the home chips
// and the console agree on one reading of it.
import { isIP } from 'node:net';
import { plainAddress } from '../geo/client-address.ts';

/** What the offer rules read from the settings in effect. */
export interface OfferPolicy {
  /** Distinct visitors (address and day) a term needs. */
  threshold: number;
  /** Words or phrases (lower case) a term may not contain as whole words. */
  blockedWords: readonly string[];
}

// Tags and entities (`<b>`, `&lt;`), quotes and braces of script or template text, links, and every
// control or format character (zero-width and direction marks included): none of it is a search word.
const NOT_PLAIN = /[<>"`{}\\\p{Cc}\p{Cf}]|&#?[a-z0-9]+;|:\/\/|(?:^|[^\p{L}\p{N}])www\./iu;

/** A term that may be stored and offered: plain words, no markup, no control characters, no link. */
export function isPlainSearchTerm(text: string): boolean {
  return !NOT_PLAIN.test(text);
}

/**
 * The same rule as a PostgreSQL pattern (case-insensitive, `~*`), for the terms stored before it: a
 * stored term that matches it is never offered. PostgreSQL's classes know no format characters; such
 * terms are refused before they are stored (isPlainSearchTerm).
 */
export const NOT_PLAIN_SQL = '[<>"`{}\\\\[:cntrl:]]|&#?[a-z0-9]+;|://|(^|[^[:alnum:]])www\\.';

/**
 * The block list as one PostgreSQL pattern (`~*`): any listed word or phrase as whole words of the
 * term; null when the list is empty. Every character but letters, digits and spaces is escaped, so a
 * listed word is always read literally.
 */
export function blockedPattern(words: readonly string[]): string | null {
  const alternatives = [
    ...new Set(words.map((w) => w.trim().toLowerCase().replace(/\s+/g, ' ')).filter(Boolean)),
  ].map((w) => w.replace(/[^\p{L}\p{N} ]/gu, (c) => `\\${c}`));
  if (alternatives.length === 0) return null;
  return `(^|[^[:alnum:]])(${alternatives.join('|')})([^[:alnum:]]|$)`;
}

/** The visitor an address stands for: an IPv4 address, or the /64 network of an IPv6 one. */
export function networkOf(address: string): string {
  const plain = plainAddress(address).toLowerCase();
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail] = plain.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
