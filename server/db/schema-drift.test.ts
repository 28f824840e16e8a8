// schema.ts is written by hand next to the SQL migrations. SCHEMA_COLUMNS is held to its interfaces by
// the compiler (schema-columns.ts); this test holds it to what the migrations actually build.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { SCHEMA_COLUMNS } from './schema-columns.ts';

/**
 * Public tables the app reaches without Kysely's types, on purpose:
 * - schema_migrations: the migrator's own record (migrate.ts creates it before any migration runs and
 *   reads it through a raw session); no module queries it.
 * pg-boss's tables live in their own schema (`pgboss`) and are not looked at.
 */
const NOT_IN_SCHEMA_TS = ['schema_migrations'];

/** Per table, the column names, sorted, with the drift described readably (an empty list: no drift). */
function schemaDrift(
  declared: Record<string, readonly string[]>,
  actual: Record<string, readonly string[]>,
  ignoredTables: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(declared)) {
    const real = actual[table];
    if (!real) {
      problems.push(`${table}: in schema.ts, not in the database`);
      continue;
    }
    for (const column of new Set(columns)) {
      if (!real.includes(column)) problems.push(`${table}.${column}: in schema.ts, not in the database`);
    }
    for (const column of real) {
      if (!columns.includes(column)) problems.push(`${table}.${column}: in the database, not in schema.ts`);
    }
    const duplicates = columns.filter((column, i) => columns.indexOf(column) !== i);
    for (const column of duplicates) problems.push(`${table}.${column}: listed twice in SCHEMA_COLUMNS`);
  }
  for (const table of Object.keys(actual)) {
    if (!(table in declared) && !ignoredTables.includes(table)) {
      problems.push(`${table}: in the database, not in schema.ts`);
    }
  }
  return problems.sort();
}

describe('schemaDrift', () => {
  it('names every kind of difference', () => {
    expect(
      schemaDrift({ a: ['id', 'x', 'x'], gone: ['id'] }, { a: ['id', 'y'], extra: ['id'], ignored: ['id'] }, [
        'ignored',
      ]),
    ).toEqual([
      'a.x: in schema.ts, not in the database',
      'a.x: listed twice in SCHEMA_COLUMNS',
      'a.y: in the database, not in schema.ts',
      'extra: in the database, not in schema.ts',
      'gone: in schema.ts, not in the database',
    ]);
  });
});

describe.each(databaseKinds())('schema.ts against the migrated database (%s)', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test?.dispose());

  it('declares exactly the public tables and columns the migrations create', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name
        FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       ORDER BY c.table_name, c.ordinal_position`.execute(test.handle.db);
    const actual: Record<string, string[]> = {};
    for (const row of rows) {
      actual[row.table_name] = [...(actual[row.table_name] ?? []), row.column_name];
    }
    // A query that found nothing would pass the comparison below vacuously.
    expect(Object.keys(actual).length).toBeGreaterThan(20);
    expect(schemaDrift(SCHEMA_COLUMNS, actual, NOT_IN_SCHEMA_TS)).toEqual([]);
  });
});
