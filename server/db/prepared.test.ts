// Marked statements go to PostgreSQL as named prepared statements, parsed once per connection; the
// rest stay unnamed; both answer the same rows. PGlite takes the mark as the comment it is.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';
import { PREPARED } from './prepared.ts';

describe.each(databaseKinds())('prepared statements on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  const marked = (n: number) =>
    database.handle.db
      .selectFrom('site_settings')
      .select(sql<number>`${n}::int`.as('n'))
      .limit(1)
      .modifyEnd(PREPARED);

  it('answers a marked statement like an unmarked one', async () => {
    await database.handle.db
      .insertInto('site_settings')
      .values({ key: 'prepared.test', value: JSON.stringify(1), updated_at: new Date() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    expect(await marked(7).execute()).toEqual([{ n: 7 }]);
    expect(await marked(8).execute()).toEqual([{ n: 8 }]);
  });

  it.runIf(kind === 'postgres')(
    'prepares a marked statement once per connection, not an unmarked one',
    async () => {
      await database.handle.db.connection().execute(async (conn) => {
        const prepared = async () =>
          (
            await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn)
          ).rows.map((r) => r.statement);
        const before = await prepared();
        await conn.selectFrom('site_settings').select('key').limit(1).execute();
        expect(await prepared()).toEqual(before);
        for (const n of [1, 2, 3]) {
          await conn
            .selectFrom('site_settings')
            .select(sql<number>`${n}::int`.as('once_per_connection'))
            .limit(1)
            .modifyEnd(PREPARED)
            .execute();
        }
        const added = (await prepared()).filter((text) => !before.includes(text));
        expect(added).toHaveLength(1);
        expect(added[0]).toContain('once_per_connection');
        expect(added[0]).toContain('/* prepared */');
      });
    },
  );
});
