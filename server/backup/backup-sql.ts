// What a backup records about its database, read on the dump's own snapshot (PostgreSQL: the exported
// snapshot pg_dump reads; PGlite: the dump loaded back into memory) and again after a restore. Plain SQL
// through a ScriptRunner: the same statements run on a pg session and on a PGlite copy.
import type { ScriptRunner } from '../db/database.ts';
import { assertValidKey } from '../storage/storage.ts';

/** Rows counted into the manifest and compared after a restore. */
export const COUNTED_TABLES = [
  'videos',
  'video_files',
  'users',
  'comments',
  'categories',
  'tags',
  'models',
  'channels',
  'playlists',
  'messages',
  'reports',
  'age_verifications',
] as const;

// Every column that holds a storage key. HLS segments have no row: their playlist's key stands for them.
const KEY_COLUMNS: [table: string, column: string][] = [
  ['video_files', 'storage_key'],
  ['users', 'avatar'],
  ['users', 'cover'],
  ['categories', 'thumb'],
  ['models', 'img'],
  ['channels', 'scr1'],
  ['reports', 'file_key'],
  ['age_verifications', 'photo_key'],
];

export interface DatabaseFacts {
  counts: Record<string, number>;
  /** Storage keys the database names, sorted, without duplicates. */
  keys: string[];
  migration: string | null;
  pendingPhotos: number;
}

export async function readDatabaseFacts(runner: ScriptRunner): Promise<DatabaseFacts> {
  const [counts] = await runner.query<Record<string, number | string>>(
    `SELECT ${COUNTED_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`,
  );
  const keyRows = await runner.query<{ key: string }>(
    KEY_COLUMNS.map(([t, c]) => `SELECT ${c} AS key FROM ${t} WHERE ${c} IS NOT NULL`).join(' UNION '),
  );
  const [migration] = await runner.query<{ name: string }>(
    'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
  );
  const [pending] = await runner.query<{ n: number | string }>(
    'SELECT count(*)::int AS n FROM age_verifications WHERE photo_key IS NOT NULL',
  );
  return {
    counts: Object.fromEntries(COUNTED_TABLES.map((t) => [t, Number(counts![t])])),
    // Image columns may also hold an outside URL (an imported catalogue): only storage keys count.
    keys: [...new Set(keyRows.map((r) => r.key).filter(isStorageKey))].sort(),
    migration: migration?.name ?? null,
    pendingPhotos: Number(pending?.n ?? 0),
  };
}

function isStorageKey(value: string): boolean {
  try {
    assertValidKey(value);
    return true;
  } catch {
    return false;
  }
}

/** Tables, views and sequences outside the system schemas: a database to restore into has none. */
export async function userRelationCount(runner: ScriptRunner): Promise<number> {
  const [row] = await runner.query<{ n: number | string }>(
    `SELECT count(*)::int AS n FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`,
  );
  return Number(row?.n ?? 0);
}
