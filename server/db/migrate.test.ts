import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/db.ts';
import { openPglite, pgliteHandle } from './database.ts';
import { migrate, migrationFiles } from './migrate.ts';

describe('migrate on PGlite', () => {
  it('applies every file once, in order, and records it', async () => {
    const handle = pgliteHandle(await openPglite());
    try {
      expect(await migrate(handle)).toEqual(migrationFiles());
      expect(await migrate(handle)).toEqual([]);
      const tables = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(
        handle.db,
      );
      expect(tables.rows[0]!.n).toBeGreaterThanOrEqual(27);
    } finally {
      await handle.close();
    }
  });

  it('leaves nothing behind from a migration that fails half-way', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-mig-'));
    writeFileSync(path.join(dir, '0001-ok.sql'), 'CREATE TABLE a (id int);');
    writeFileSync(path.join(dir, '0002-bad.sql'), 'CREATE TABLE b (id int);\nSELECT * FROM missing_table;');
    const handle = pgliteHandle(await openPglite());
    try {
      await expect(migrate(handle, dir)).rejects.toThrow(/missing_table/);
      const names = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(handle.db);
      expect(names.rows.map((r) => r.name)).toEqual(['0001-ok.sql']);
      const b = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'b'`.execute(handle.db);
      expect(b.rows[0]!.n).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrate on PostgreSQL', () => {
  it('two processes starting together: one applies, the other waits and finds nothing to do', async () => {
    const database = await createPostgresDatabase({ migrate: false });
    const { postgresHandle } = await import('./database.ts');
    const second = postgresHandle(database.url, 2);
    try {
      const results = await Promise.all([migrate(database.handle), migrate(second)]);
      const applied = results.map((r) => r.length).sort();
      expect(applied).toEqual([0, migrationFiles().length]);
    } finally {
      await second.close();
      await database.dispose();
    }
  });
});
