// Named prepared statements for the hot reads of an uncached page (issue 18). PostgreSQL parses and
// plans every unnamed statement again: for a listing's three small statements that was about 1 ms of
// the database's CPU per request, more than running them (bench/notes.md, session 11). A statement
// marked with `prepared()` is sent under a name derived from its text, so each pooled connection parses
// it once and PostgreSQL may keep a generic plan for it.
//
// Only statements whose plan does not depend on their values are marked (a listing of the whole
// orientation, the card and link reads by id); a filter whose best plan depends on the object (a tag
// with ten videos or with a hundred thousand) stays unnamed and is planned for its values each time.
// Marked texts are few and fixed, so the statements kept per connection stay bounded. PGlite ignores
// the mark (one embedded connection, no network round trip to save).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

const MARK = '/* prepared */';

/** Appended to a statement (Kysely's modifyEnd) to have it sent as a named prepared statement. */
export const PREPARED = sql.raw(` ${MARK}`);

/** The statement names by text: the marked texts are a few dozen; this bounds a mistake. */
const MAX_NAMES = 1000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) return undefined;
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Sends the marked statements of `client` (a pool's new connection) as named prepared statements; every
 * other call is passed through unchanged.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && args.length === 2 && Array.isArray(values) && text.endsWith(MARK)) {
      const name = nameOf(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}
