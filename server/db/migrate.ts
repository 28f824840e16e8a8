import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same for every process of this application.
const MIGRATION_LOCK_KEY = 727_001;

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-[a-z0-9-]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies the SQL files not applied yet, in name order, each in its own transaction, under a session
 * advisory lock: a second process starting at the same time waits, then finds nothing left to do.
 */
export async function migrate(handle: DatabaseHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  return handle.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set(
        (await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const name of migrationFiles(dir)) {
        if (done.has(name)) continue;
        const script = readFileSync(path.join(dir, name), 'utf8');
        const escaped = name.replaceAll("'", "''");
        await session.exec(
          `BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`,
        );
        applied.push(name);
      }
      return applied;
    } catch (error) {
      await session.exec('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
