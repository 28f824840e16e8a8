// The database round trip of the readiness probe (server/http/observability.ts): SQL stays in server/db.
import { sql } from 'kysely';
import type { DB } from './database.ts';

/** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
