import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, pgliteHandle, postgresHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the handle and drops what this test created. */
  dispose(): Promise<void>;
}

/** The backends this run tests against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    const handle = pgliteHandle(await openPglite({ loadDataDir: new Blob([snapshot]) }));
    return { handle, dispose: () => handle.close() };
  }
  return createPostgresDatabase();
}

/** A new database on the TEST_DATABASE_URL server, migrated; dropped again by dispose(). */
export async function createPostgresDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase & { url: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tube_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgresHandle(base, 1);
  await admin.withSession((s) => s.exec(`CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString(), 4);
  if (options.migrate !== false) await migrate(handle);
  return {
    handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await admin.withSession((s) => s.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    },
  };
}
