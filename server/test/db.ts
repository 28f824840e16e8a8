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

/** The integration project's template database, if its global set-up made one (not in e2e). */
function templateName(): string {
  try {
    return inject('postgresTemplate') ?? '';
  } catch {
    return '';
  }
}

/**
 * CREATE DATABASE … TEMPLATE fails (55006) while another session is still in the template: the set-up's
 * own connection can take a moment to end after its pool closed. Tried again for up to 10 s.
 */
async function copyTemplate(admin: DatabaseHandle, name: string, template: string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await admin.withSession((s) => s.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A new database on the TEST_DATABASE_URL server, migrated; dropped again by dispose(). */
export async function createPostgresDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase & { url: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tube_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgresHandle(base, 1);
  // A copy of the run's migrated template (global-setup.ts) where there is one: no migrations to run.
  const template = options.migrate === false ? '' : templateName();
  if (template) await copyTemplate(admin, name, template);
  else await admin.withSession((s) => s.exec(`CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString(), 4);
  if (options.migrate !== false && !template) await migrate(handle);
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
