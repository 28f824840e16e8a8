// PGlite has one session. Kysely's own PGliteDialect says so (supportsMultipleConnections = false), and
// Kysely then queues every caller behind a mutex from acquire to release: a query from one request must
// never run inside another request's open transaction. These tests hold that, and withSession (the
// path pg-boss takes) to the same rule.
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import type { DB } from './database.ts';
import type { Database } from './schema.ts';

let test: TestDatabase;
let db: DB;

beforeAll(async () => {
  test = await createTestDatabase('pglite');
  db = test.handle.db;
});
afterAll(() => test.dispose());

const countTags = async (dir: string) =>
  (await db.selectFrom('tags').where('dir', '=', dir).select('id').execute()).length;

/** Opens a transaction that inserts tag `dir`, then waits until `finish` is called. */
function openTransaction(dir: string) {
  let trx!: Transaction<Database>;
  let finish!: (outcome: 'commit' | 'rollback') => void;
  const decided = new Promise<'commit' | 'rollback'>((resolve) => {
    finish = resolve;
  });
  let inserted!: () => void;
  const ready = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const done = db
    .transaction()
    .execute(async (open) => {
      trx = open;
      await trx.insertInto('tags').values({ dir, title: dir }).execute();
      inserted();
      if ((await decided) === 'rollback') throw new Error('rolled back on purpose');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back on purpose') throw error;
    });
  /**
   * Proof that the callers issued before have had their turn: once every pending callback has run (so
   * that each has reached the database, or a queue), a statement through this open transaction. The
   * session runs statements in the order they arrive: a query that skipped the queue would have run,
   * inside this transaction, before it, and its callbacks too by the next turn of the event loop.
   */
  const passed = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await sql`SELECT 1`.execute(trx);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { ready, finish, done, passed };
}

describe('PGlite with Kysely: one caller at a time', () => {
  it('a query waits for an open transaction and sees its row only once committed', async () => {
    const events: string[] = [];
    const tx = openTransaction('conc-commit');
    await tx.ready;
    const other = countTags('conc-commit').then((n) => events.push(`query saw ${n}`));
    await tx.passed();
    events.push('commit');
    tx.finish('commit');
    await Promise.all([tx.done, other]);
    expect(events).toEqual(['commit', 'query saw 1']);
  });

  it('a query issued during a transaction that rolls back sees nothing of it', async () => {
    const events: string[] = [];
    const tx = openTransaction('conc-rollback');
    await tx.ready;
    const other = countTags('conc-rollback').then((n) => events.push(`query saw ${n}`));
    const session = test.handle
      .withSession((s) =>
        s.query<{ n: number }>(`SELECT count(*)::int AS n FROM tags WHERE dir = 'conc-rollback'`),
      )
      .then((rows) => events.push(`session saw ${rows[0]!.n}`));
    await tx.passed();
    events.push('rollback');
    tx.finish('rollback');
    await Promise.all([tx.done, other, session]);
    expect(events).toEqual(['rollback', 'query saw 0', 'session saw 0']);
    expect(await countTags('conc-rollback')).toBe(0);
  });

  it('50 parallel read-modify-write transactions lose no update', async () => {
    const { id } = await db
      .insertInto('tags')
      .values({ dir: 'conc-counter', title: 'counter', total_videos: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('tags')
            .where('id', '=', id)
            .select('total_videos')
            .executeTakeFirstOrThrow();
          // Another caller gets every chance to read the same value meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await trx
            .updateTable('tags')
            .set({ total_videos: row.total_videos + 1 })
            .where('id', '=', id)
            .execute();
        }),
      ),
    );
    const row = await db
      .selectFrom('tags')
      .where('id', '=', id)
      .select('total_videos')
      .executeTakeFirstOrThrow();
    expect(row.total_videos).toBe(50);
  });

  it('a failed transaction leaves nothing, and the connection works afterwards', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tags')
          .values([
            { dir: 'conc-fail-1', title: 'a' },
            { dir: 'conc-fail-2', title: 'b' },
          ])
          .execute();
        // A duplicate dir: the statement fails inside the transaction.
        await trx.insertInto('tags').values({ dir: 'conc-fail-1', title: 'c' }).execute();
      }),
    ).rejects.toThrow();
    expect(await countTags('conc-fail-1')).toBe(0);
    expect(await countTags('conc-fail-2')).toBe(0);
  });
});
