// Fixtures of the acts' tests: a migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the
// acts' services on it, members of each role and videos in each state.
import type { DB } from '../db/database.ts';
import type { Actor } from '../modules/acts/actor.ts';
import type { ActsService } from '../modules/acts/acts.service.ts';
import { type ActsOptions, createActs } from '../modules/acts/acts.wiring.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './db.ts';
import { insertUser, insertVideo, type VideoFixture } from './fixtures.ts';

export interface ActsFixture {
  database: TestDatabase;
  db: DB;
  acts: ActsService;
  dispose(): Promise<void>;
}

export async function setupActs(kind: DatabaseKind, options: ActsOptions = {}): Promise<ActsFixture> {
  const database = await createTestDatabase(kind);
  const db = database.handle.db;
  const acts = createActs(db, options);
  return {
    database,
    db,
    acts,
    dispose: async () => {
      await acts.close();
      await database.dispose();
    },
  };
}

let serial = 0;

/** A member (or moderator, administrator) as the session layer hands it to the services. */
export async function addMember(db: DB, role: Actor['role'] = 'member', name?: string): Promise<Actor> {
  const row = await insertUser(db, name ?? `${role}${++serial}`);
  if (role !== 'member') {
    await db
      .updateTable('users')
      .set({ role: role as 'moderator' | 'administrator' })
      .where('id', '=', row.id)
      .execute();
  }
  return { user_id: Number(row.id), role };
}

/** A video (active and public unless told otherwise), uploaded by `owner` when given. */
export async function addVideo(db: DB, title: string, v: Partial<VideoFixture> = {}, owner?: Actor) {
  const row = await insertVideo(db, { title: `${title} ${++serial}`, ...v });
  if (owner)
    await db.updateTable('videos').set({ user_id: owner.user_id }).where('id', '=', row.id).execute();
  return Number(row.id);
}

/** The code of the DomainError a call fails with (the test fails if it does not). */
export async function codeOf(call: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; status?: number };
    if (typeof e.code === 'string') return { code: e.code, status: e.status ?? 0 };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Settled results of parallel calls: how many succeeded, and the codes of the failures. */
export async function settle(calls: Promise<unknown>[]) {
  const results = await Promise.allSettled(calls);
  const codes = results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => (r.reason as { code?: string }).code ?? String(r.reason));
  return { ok: results.length - codes.length, codes };
}
