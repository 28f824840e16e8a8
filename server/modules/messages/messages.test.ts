import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, messageActSchema } from '../../../contract/messages.ts';
import type { DB } from '../../db/database.ts';
import { addMember, codeOf, settle } from '../../test/acts-fixtures.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { twoProcesses } from '../../test/two-processes.ts';
import type { Actor } from '../acts/actor.ts';
import { createMemorySlidingLimiter } from '../acts/comment-limiter.ts';
import type { MessagesService } from './messages.service.ts';
import { createMessages } from './messages.wiring.ts';

const MINUTE = 60_000;

describe.each(databaseKinds())('messages (%s)', (kind) => {
  let database: TestDatabase;
  let messages: MessagesService;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    messages = createMessages(database.handle.db);
    alice = await addMember(database.handle.db, 'member', 'msg_alice');
    bob = await addMember(database.handle.db, 'member', 'msg_bob');
    carol = await addMember(database.handle.db, 'moderator', 'msg_carol');
  });
  afterAll(() => database?.dispose());

  it('sends plain text with its lines, and both sides read the conversation newest first', async () => {
    // The text as the call's schema hands it over: markup dropped, lines kept.
    const input = messageActSchema.parse({
      act: 'send',
      to_user_id: String(bob.user_id),
      message: 'Hello <b>Bob</b>\r\nSecond line <script>x</script>',
    });
    if (input.act !== 'send') throw new Error('not a send');
    const first = await messages.send(alice, input.to_user_id, input.message);
    expect(first).toEqual({
      ok: true,
      message: {
        message_id: expect.any(Number),
        from_user_id: alice.user_id,
        to_user_id: bob.user_id,
        message: 'Hello Bob\nSecond line',
        added_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        read: false,
      },
    });
    const reply = await messages.send(bob, alice.user_id, 'Hi Alice');
    const seenByAlice = await messages.conversation(alice, bob.user_id, 1, 20);
    const seenByBob = await messages.conversation(bob, alice.user_id, 1, 20);
    expect(seenByAlice.messages.map((m) => m.message_id)).toEqual([
      reply.message.message_id,
      first.message.message_id,
    ]);
    expect(seenByBob.messages).toEqual(seenByAlice.messages);
    expect(seenByAlice).toMatchObject({
      user: { user_id: bob.user_id, username: 'msg_bob', avatar: null },
      total_count: 2,
      blocked: false,
      blocked_by: false,
      can_send: true,
    });
  });

  it('lists the inbox by partner, latest first, with unread counts, and marks a conversation read', async () => {
    const dave = await addMember(database.handle.db);
    const erin = await addMember(database.handle.db);
    await messages.send(erin, dave.user_id, 'From Erin one');
    await messages.send(alice, dave.user_id, 'From Alice');
    await messages.send(erin, dave.user_id, 'From Erin two');
    await messages.send(dave, alice.user_id, 'Dave answers Alice');
    const inbox = await messages.inbox(dave, 1, 20);
    expect(inbox.total_count).toBe(2);
    expect(inbox.unread_total).toBe(3);
    expect(
      inbox.conversations.map((c) => [c.user.user_id, c.last_message.message, c.unread, c.blocked]),
    ).toEqual([
      [alice.user_id, 'Dave answers Alice', 1, false],
      [erin.user_id, 'From Erin two', 2, false],
    ]);
    expect(await messages.unreadCount(dave)).toBe(3);
    expect(await messages.markRead(dave, erin.user_id)).toEqual({ ok: true, unread_total: 1 });
    const after = await messages.conversation(erin, dave.user_id, 1, 20);
    expect(after.messages.every((m) => m.read)).toBe(true);
    // A page above the last is not found; page 1 of an empty inbox is empty.
    expect(await codeOf(messages.inbox(dave, 2, 20))).toEqual({ code: 'not_found', status: 404 });
    const lonely = await addMember(database.handle.db);
    expect(await messages.inbox(lonely, 1, 20)).toEqual({
      conversations: [],
      total_count: 0,
      unread_total: 0,
    });
  });

  it('refuses guests, oneself, unknown and inactive members', async () => {
    expect(await codeOf(messages.send(null, bob.user_id, 'x'))).toEqual({
      code: 'login_required',
      status: 401,
    });
    expect(await codeOf(messages.inbox(null, 1, 20))).toEqual({ code: 'login_required', status: 401 });
    expect(await codeOf(messages.send(alice, alice.user_id, 'me'))).toEqual({
      code: 'cannot_message_yourself',
      status: 400,
    });
    expect(await codeOf(messages.send(alice, 999_999, 'who'))).toEqual({
      code: 'member_not_found',
      status: 404,
    });
    const banned = await addMember(database.handle.db);
    await database.handle.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', banned.user_id)
      .execute();
    expect(await codeOf(messages.send(alice, banned.user_id, 'hi'))).toEqual({
      code: 'member_not_found',
      status: 404,
    });
    expect(await codeOf(messages.conversation(alice, banned.user_id, 1, 20))).toMatchObject({
      code: 'member_not_found',
    });
  });

  it('a conversation is its two members alone: staff see only their own', async () => {
    const mine = await messages.conversation(carol, alice.user_id, 1, 20);
    expect(mine.messages).toEqual([]);
    const sent = await messages.send(alice, bob.user_id, 'Only for Bob');
    // Carol's delete of someone else's message is not found, and nothing changes for them.
    expect(await codeOf(messages.remove(carol, sent.message.message_id))).toEqual({
      code: 'message_not_found',
      status: 404,
    });
    expect((await messages.conversation(bob, alice.user_id, 1, 20)).messages[0]?.message).toBe(
      'Only for Bob',
    );
  });

  it('deletes a message for one side only; the row goes when both have', async () => {
    const frank = await addMember(database.handle.db);
    const gina = await addMember(database.handle.db);
    const sent = await messages.send(frank, gina.user_id, 'Delete me');
    expect(await messages.remove(frank, sent.message.message_id)).toEqual({ ok: true });
    expect((await messages.conversation(frank, gina.user_id, 1, 20)).total_count).toBe(0);
    expect((await messages.conversation(gina, frank.user_id, 1, 20)).total_count).toBe(1);
    expect(await codeOf(messages.remove(frank, sent.message.message_id))).toMatchObject({
      code: 'message_not_found',
    });
    // Gina deletes it unread: it no longer counts.
    expect(await messages.unreadCount(gina)).toBe(1);
    await messages.remove(gina, sent.message.message_id);
    expect(await messages.unreadCount(gina)).toBe(0);
    const row = await database.handle.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', sent.message.message_id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('blocks both ways: the blocked sender is told, the blocker must unblock first', async () => {
    const hugo = await addMember(database.handle.db);
    const ivy = await addMember(database.handle.db);
    await messages.send(hugo, ivy.user_id, 'Before the block');
    expect(await messages.block(ivy, hugo.user_id)).toEqual({ ok: true, blocked: true });
    // Idempotent, and what Hugo sent stops counting as unread.
    expect(await messages.block(ivy, hugo.user_id)).toEqual({ ok: true, blocked: true });
    expect(await messages.unreadCount(ivy)).toBe(0);
    expect(await codeOf(messages.send(hugo, ivy.user_id, 'Let me in'))).toEqual({
      code: 'blocked',
      status: 403,
    });
    expect(await codeOf(messages.send(ivy, hugo.user_id, 'Hm'))).toEqual({
      code: 'member_blocked',
      status: 403,
    });
    expect(await messages.conversation(hugo, ivy.user_id, 1, 20)).toMatchObject({
      blocked: false,
      blocked_by: true,
      can_send: false,
    });
    expect((await messages.inbox(ivy, 1, 20)).conversations[0]).toMatchObject({ blocked: true, unread: 0 });
    expect(await codeOf(messages.block(ivy, ivy.user_id))).toMatchObject({ code: 'cannot_block_yourself' });
    expect(await codeOf(messages.block(ivy, 999_999))).toMatchObject({ code: 'member_not_found' });
    expect(await messages.unblock(ivy, hugo.user_id)).toEqual({ ok: true, blocked: false });
    expect((await messages.send(hugo, ivy.user_id, 'Thanks')).ok).toBe(true);
    // Refused sends were given back: they did not count against Hugo's limit.
    const parallel = await settle(
      Array.from({ length: 12 }, (_, i) => messages.send(hugo, ivy.user_id, `Parallel ${i}`)),
    );
    expect(parallel).toEqual({ ok: 8, codes: Array(4).fill('too_many_messages') });
  });

  it('allows the 10th message in a minute and refuses the 11th, in parallel, with its info', async () => {
    const sender = await addMember(database.handle.db);
    const result = await settle(
      Array.from({ length: 16 }, (_, i) => messages.send(sender, bob.user_id, `Burst ${i}`)),
    );
    expect(result).toEqual({ ok: 10, codes: Array(6).fill('too_many_messages') });
    const refusal = await messages.send(sender, bob.user_id, 'One more').catch((e) => e);
    expect(refusal).toMatchObject({
      status: 429,
      code: 'too_many_messages',
      codes: [{ field: 'message', code: 'too_many_messages' }],
      info: { count: 10, minutes: 1 },
    });
    const stored = await database.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sender_id', '=', sender.user_id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
  });

  it('slides: 10 a minute, and 100 a day whatever the minutes', async () => {
    let now = 1_700_000_000_000;
    const timed = createMessages(database.handle.db, {
      limiter: createMemorySlidingLimiter(() => now),
    });
    const sender = await addMember(database.handle.db);
    let sent = 0;
    // Ten minutes of ten each: exactly 100, then the day's quota is full.
    for (let minute = 0; minute < 10; minute++) {
      const burst = await settle(
        Array.from({ length: 12 }, (_, i) => timed.send(sender, bob.user_id, `Minute ${minute} #${i}`)),
      );
      expect(burst).toEqual({ ok: 10, codes: ['too_many_messages', 'too_many_messages'] });
      sent += burst.ok;
      now += MINUTE + 1;
    }
    expect(sent).toBe(MESSAGE_LIMITS[1].max);
    const refusal = await timed.send(sender, bob.user_id, 'Day is full').catch((e) => e);
    expect(refusal).toMatchObject({ code: 'too_many_messages', info: { count: 100, minutes: 1440 } });
    // A day after the first minute, that minute's ten are free again.
    now += 24 * 60 * MINUTE - 10 * (MINUTE + 1) + 1;
    const next = await settle(
      Array.from({ length: 11 }, (_, i) => timed.send(sender, bob.user_id, `Next ${i}`)),
    );
    expect(next.ok).toBe(10);
  });
});

// Two web processes: two services with their own pools and Redis connections on one PostgreSQL database
// and one Redis. The per-minute limit holds across them.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'message limits across two processes (PostgreSQL and Redis)',
  () => {
    const processes = twoProcesses('tm');
    const service = (db: DB) => createMessages(db, { limiter: processes.limiter() });

    it('10 a minute per member, exactly, with sends split between the two', async () => {
      const [db, second] = processes.databases();
      const one = service(db);
      const two = service(second);
      const sender = await addMember(db);
      const recipient = await addMember(db);
      const result = await settle(
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 ? one : two).send(sender, recipient.user_id, `Split ${i}`),
        ),
      );
      expect(result).toEqual({ ok: 10, codes: Array(14).fill('too_many_messages') });
      const stored = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sender_id', '=', sender.user_id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(10);
    });
  },
);
