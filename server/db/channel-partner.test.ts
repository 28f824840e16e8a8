// 0044: the partner channel setting (content.md §2 "Channel id 2681 is special"). Applied to a catalogue
// that holds channel 2681 (one imported with the spec's ids), that channel becomes a partner; every other
// channel is not one.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';

const MIGRATION = readFileSync(new URL('./migrations/0044-channel-partner.sql', import.meta.url), 'utf8');

describe.each(databaseKinds())('0044 partner channels on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  it('makes channel 2681 a partner, and no other', async () => {
    const db = database.handle.db;
    // The catalogue as it was before 0044, with the spec's channel among others.
    await sql`ALTER TABLE channels DROP COLUMN partner`.execute(db);
    await sql`
      INSERT INTO channels (id, dir, title) OVERRIDING SYSTEM VALUE
      VALUES (2680, 'north-light', 'North Light'), (2681, 'partner-studio', 'Partner Studio'),
             (2682, 'south-light', 'South Light')`.execute(db);
    // As migrate.ts runs a file: one script of several statements.
    await database.handle.withSession((session) => session.exec(MIGRATION));
    const rows = await db.selectFrom('channels').select(['id', 'partner']).orderBy('id').execute();
    expect(rows.map((r) => [Number(r.id), r.partner])).toEqual([
      [2680, false],
      [2681, true],
      [2682, false],
    ]);
    // A new channel is not one unless the staff say so.
    const made = await db
      .insertInto('channels')
      .values({ dir: 'new-light', title: 'New Light' })
      .returning('partner')
      .executeTakeFirstOrThrow();
    expect(made.partner).toBe(false);
  });
});
