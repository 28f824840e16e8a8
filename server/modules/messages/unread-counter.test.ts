// users.unread_messages (migration 0059) against the count it stands for, after every kind of write the
// messages see: sends (one, several, many at once), reads, blocks, deletions by either side, a whole
// conversation deleted, accounts deleted (the member's own deletion, staff's, several in one statement),
// and the backfill of messages that were there before the migration. Then a member's page: the session,
// the member's row and the user menu's unread count come from one statement.
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, type DB, openPglite, pgliteHandle } from '../../db/database.ts';
import { migrate, migrationFiles } from '../../db/migrate.ts';
import { addMember } from '../../test/acts-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createPostgresDatabase,
  createTestDatabase,
  type DatabaseKind,
  databaseKinds,
  type TestDatabase,
} from '../../test/db.ts';
import { createSignedInUser, type SignedInUser } from '../../test/roles.ts';
import type { Actor } from '../acts/actor.ts';
import { createUsersAdminRepository } from '../console/users-admin.repository.ts';
import { createProfileRepository } from '../members/profile.repository.ts';
import type { MessagesService } from './messages.service.ts';
import { createMessages } from './messages.wiring.ts';

/** Every member's counter and the count it stands for, by id. */
async function counters(db: DB) {
  const { rows } = await sql<{ id: number; counter: number; count: number }>`
    SELECT u.id, u.unread_messages AS counter,
      (SELECT count(*) FROM messages m
        WHERE m.recipient_id = u.id AND m.read_at IS NULL AND NOT m.recipient_deleted)::int AS count
    FROM users u ORDER BY u.id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), counter: Number(r.counter), count: Number(r.count) }));
}

/** Each member's counter equals their count; resolves the counts by id. */
async function expectExact(db: DB): Promise<Map<number, number>> {
  const rows = await counters(db);
  expect(rows.filter((r) => r.counter !== r.count)).toEqual([]);
  return new Map(rows.map((r) => [r.id, r.count]));
}

describe.each(databaseKinds())('users.unread_messages on %s', (kind) => {
  let database: TestDatabase;
  let db: DB;
  let messages: MessagesService;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
    messages = createMessages(db);
    alice = await addMember(db, 'member', 'uc_alice');
    bob = await addMember(db, 'member', 'uc_bob');
    carol = await addMember(db, 'member', 'uc_carol');
  });
  afterAll(() => database?.dispose());

  const conversationIds = async (me: Actor, them: Actor) =>
    (await messages.conversation(me, them.user_id, 1, 100)).messages.map((m) => m.message_id);

  it('follows sends, reads, deletions by either side and blocks', async () => {
    await messages.send(alice, bob.user_id, 'one');
    expect((await expectExact(db)).get(bob.user_id)).toBe(1);

    const sent: number[] = [];
    for (const text of ['two', 'three', 'four'])
      sent.push((await messages.send(carol, bob.user_id, text)).message.message_id);
    const [, three, four] = sent as [number, number, number];
    await messages.send(alice, carol.user_id, 'to carol');
    await messages.send(bob, carol.user_id, 'bob to carol');
    const counts = await expectExact(db);
    expect([counts.get(alice.user_id), counts.get(bob.user_id), counts.get(carol.user_id)]).toEqual([
      0, 4, 2,
    ]);

    // Bob reads Alice: one less. Reading again changes nothing.
    expect((await messages.markRead(bob, alice.user_id)).unread_total).toBe(3);
    await messages.markRead(bob, alice.user_id);
    expect((await expectExact(db)).get(bob.user_id)).toBe(3);

    // Bob deletes an unread message from Carol (for himself): it stops counting.
    await messages.remove(bob, four);
    expect((await expectExact(db)).get(bob.user_id)).toBe(2);

    // Carol deletes one she sent, still unread: it still counts for Bob until he deletes it too (the
    // row then goes).
    await messages.remove(carol, three);
    expect((await expectExact(db)).get(bob.user_id)).toBe(2);
    await messages.remove(bob, three);
    expect(await db.selectFrom('messages').select('id').where('id', '=', three).execute()).toEqual([]);
    expect((await expectExact(db)).get(bob.user_id)).toBe(1);

    // A block reads what the blocked member sent.
    await messages.block(bob, carol.user_id);
    expect((await expectExact(db)).get(bob.user_id)).toBe(0);
    await messages.unblock(bob, carol.user_id);
    await messages.send(carol, bob.user_id, 'after the block');
    expect((await expectExact(db)).get(bob.user_id)).toBe(1);
  });

  it('follows a whole conversation deleted, by its members one message at a time and at once', async () => {
    const dan = await addMember(db, 'member', 'uc_dan');
    const eve = await addMember(db, 'member', 'uc_eve');
    for (const text of ['a', 'b', 'c']) await messages.send(dan, eve.user_id, text);
    await messages.send(eve, dan.user_id, 'd');
    await messages.send(alice, eve.user_id, 'e');
    expect((await expectExact(db)).get(eve.user_id)).toBe(4);
    for (const id of await conversationIds(eve, dan)) await messages.remove(eve, id);
    let counts = await expectExact(db);
    expect([counts.get(eve.user_id), counts.get(dan.user_id)]).toEqual([1, 1]);

    for (const text of ['f', 'g']) await messages.send(dan, eve.user_id, text);
    expect((await expectExact(db)).get(eve.user_id)).toBe(3);
    // The rows of both sides in one statement (as a purge would).
    await sql`DELETE FROM messages WHERE (sender_id = ${dan.user_id} AND recipient_id = ${eve.user_id})
      OR (sender_id = ${eve.user_id} AND recipient_id = ${dan.user_id})`.execute(db);
    counts = await expectExact(db);
    expect([counts.get(eve.user_id), counts.get(dan.user_id)]).toEqual([1, 0]);
  });

  it('follows accounts deleted: by the member, by staff, and several in one statement', async () => {
    const frank = await addMember(db, 'member', 'uc_frank');
    const gina = await addMember(db, 'member', 'uc_gina');
    const hank = await addMember(db, 'member', 'uc_hank');
    const ivy = await addMember(db, 'member', 'uc_ivy');
    const jon = await addMember(db, 'member', 'uc_jon');
    for (const [from, to, n] of [
      [frank, gina, 2],
      [gina, frank, 1],
      [hank, gina, 3],
      [hank, ivy, 1],
      [ivy, jon, 2],
      [jon, ivy, 1],
      [ivy, gina, 1],
      [jon, gina, 1],
    ] as const) {
      for (let i = 0; i < n; i++) await messages.send(from, to.user_id, `m${i}`);
    }
    expect((await expectExact(db)).get(gina.user_id)).toBe(7);

    // The member's own deletion (the profile's Delete account).
    expect(await createProfileRepository(db).deleteAccount(frank.user_id)).not.toBeNull();
    expect((await expectExact(db)).get(gina.user_id)).toBe(5);

    // Staff's deletion with everything the member made.
    await db.transaction().execute((tx) => createUsersAdminRepository(tx).deleteWithContent(hank.user_id));
    let counts = await expectExact(db);
    expect([counts.get(gina.user_id), counts.get(ivy.user_id)]).toEqual([2, 1]);

    // Two members who wrote to each other, in one statement.
    await db.deleteFrom('users').where('id', 'in', [ivy.user_id, jon.user_id]).execute();
    counts = await expectExact(db);
    expect(counts.get(gina.user_id)).toBe(0);
    expect(counts.has(ivy.user_id)).toBe(false);
  });

  it('counts every one of many sends and reads made at once', async () => {
    const target = await addMember(db, 'member', 'uc_target');
    const senders = await Promise.all(['k', 'l', 'm', 'n'].map((c) => addMember(db, 'member', `uc_${c}`)));
    await Promise.all(
      senders.flatMap((sender) =>
        [1, 2, 3, 4, 5].map((i) => messages.send(sender, target.user_id, `parallel ${i}`)),
      ),
    );
    expect((await expectExact(db)).get(target.user_id)).toBe(20);
    // Reads of two partners and more sends, all at once.
    await Promise.all([
      messages.markRead(target, senders[0]!.user_id),
      messages.markRead(target, senders[1]!.user_id),
      ...[1, 2, 3].map((i) => messages.send(senders[2]!, target.user_id, `more ${i}`)),
      ...[1, 2].map((i) => messages.send(target, senders[3]!.user_id, `back ${i}`)),
    ]);
    const counts = await expectExact(db);
    expect([counts.get(target.user_id), counts.get(senders[3]!.user_id)]).toEqual([13, 2]);
  });
});

describe.each(databaseKinds())('migration 0059 on %s', (kind) => {
  it('counts the messages that were there before it', async () => {
    // The migrations up to 0058 in a folder of their own, then 0059 added to it.
    const source = path.resolve(import.meta.dirname, '../../db/migrations');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-unread-'));
    const files = migrationFiles(source);
    const counter = files.indexOf('0059-unread-messages-counter.sql');
    expect(counter).toBeGreaterThan(0);
    for (const name of files.slice(0, counter)) copyFileSync(path.join(source, name), path.join(dir, name));
    const postgres = kind === 'postgres' ? await createPostgresDatabase({ migrate: false }) : null;
    const handle: DatabaseHandle = postgres?.handle ?? pgliteHandle(await openPglite());
    try {
      await migrate(handle, dir);
      const ids: number[] = [];
      for (const name of ['bf_a', 'bf_b', 'bf_c']) {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO users (username, email, status) VALUES (${name}, ${`${name}@example.com`}, 'active')
          RETURNING id`.execute(handle.db);
        ids.push(Number(rows[0]!.id));
      }
      const [a, b, c] = ids as [number, number, number];
      await sql`
        INSERT INTO messages (sender_id, recipient_id, message, read_at, recipient_deleted) VALUES
          (${a}, ${b}, 'unread', NULL, false), (${a}, ${b}, 'unread too', NULL, false),
          (${a}, ${b}, 'read', now(), false), (${a}, ${b}, 'deleted', NULL, true),
          (${b}, ${c}, 'unread', NULL, false), (${c}, ${a}, 'read', now(), false)`.execute(handle.db);
      copyFileSync(path.join(source, files[counter]!), path.join(dir, files[counter]!));
      expect(await migrate(handle, dir)).toEqual([files[counter]]);
      const counts = await expectExact(handle.db);
      expect([counts.get(a), counts.get(b), counts.get(c)]).toEqual([0, 2, 1]);
    } finally {
      if (postgres) await postgres.dispose();
      else await handle.close();
    }
  });
});

/**
 * The statements sent to the database while `recording` is set: PGlite's through its instance, the
 * PostgreSQL pool's through every client (patched before the pool opens its first connection).
 */
function statementRecorder() {
  const seen: string[] = [];
  let recording = false;
  const textOf = (arg: unknown) =>
    typeof arg === 'string' ? arg : String((arg as { text?: string } | null)?.text ?? '');
  const wrap = <F extends (...args: never[]) => unknown>(query: F) =>
    function (this: unknown, ...args: Parameters<F>) {
      if (recording) seen.push(textOf(args[0]));
      return query.apply(this, args);
    } as unknown as F;
  const original = pg.Client.prototype.query;
  return {
    pglite(instance: PGlite) {
      instance.query = wrap(instance.query.bind(instance));
    },
    postgres() {
      pg.Client.prototype.query = wrap(original);
    },
    restore() {
      pg.Client.prototype.query = original;
    },
    async during(fn: () => Promise<unknown>): Promise<string[]> {
      seen.length = 0;
      recording = true;
      try {
        await fn();
      } finally {
        recording = false;
      }
      return [...seen];
    },
  };
}

async function recordedDatabase(kind: DatabaseKind, recorder: ReturnType<typeof statementRecorder>) {
  if (kind === 'postgres') {
    recorder.postgres();
    return createPostgresDatabase();
  }
  const pglite = await openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
  recorder.pglite(pglite);
  const handle = pgliteHandle(pglite);
  return { handle, dispose: () => handle.close() };
}

// Sessions in the database (the default), and in Redis when the run has one: there the member's row is
// the one statement, read by id, with the count.
type SessionStoreCase = [kind: DatabaseKind, store: string, env: Record<string, string>];
const redisUrl = process.env.TEST_REDIS_URL;
const sessionStores = databaseKinds().flatMap((kind): SessionStoreCase[] => [
  [kind, 'the database', {}],
  ...(redisUrl ? [[kind, 'Redis', { REDIS_URL: redisUrl }] satisfies SessionStoreCase] : []),
]);

describe.each(sessionStores)("a member's page on %s, sessions in %s", (kind, store, env) => {
  const recorder = statementRecorder();
  let t: TestApp;
  let reader: SignedInUser;
  let writer: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { env, database: await recordedDatabase(kind, recorder) });
    reader = await createSignedInUser(t, 'uc_page_reader');
    writer = await createSignedInUser(t, 'uc_page_writer');
    for (const text of ['one', 'two'])
      await t.services.messages.send({ user_id: writer.userId }, reader.userId, text);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    recorder.restore();
  });

  // The statements that read a session, a member or messages (a page's own reads of other tables and
  // the job queue's polling are not this test's business).
  const memberReads = (statements: string[]) =>
    statements.filter((s) => !/pgboss/i.test(s) && /\b(sessions|users|messages)\b/.test(s));

  it('reads the session, the member and the unread count in one statement', async () => {
    const page = (cookie?: string) =>
      t.app.inject({ url: '/information/', headers: cookie ? { cookie } : {} });
    // Once each first: what a page caches for every visitor is loaded then.
    expect((await page()).statusCode).toBe(200);
    expect((await page(reader.cookie)).statusCode).toBe(200);

    let html = '';
    const member = await recorder.during(async () => {
      html = (await page(reader.cookie)).body;
    });
    expect(html).toMatch(/data-unread-messages="2"/);
    const reads = memberReads(member);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/"unread_messages"/);
    if (store === 'the database') expect(reads[0]).toMatch(/"sessions"/);
    // A guest's same page reads none of these: the one statement is the member's.
    expect(memberReads(await recorder.during(() => page()))).toEqual([]);

    // The next page after a read shows the new count, read in the same one statement.
    await t.services.messages.markRead({ user_id: reader.userId }, writer.userId);
    const after = await recorder.during(async () => {
      html = (await page(reader.cookie)).body;
    });
    expect(memberReads(after)).toHaveLength(1);
    expect(html).not.toMatch(/data-unread-messages=/);
  });
});
