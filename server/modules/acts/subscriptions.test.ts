// Subscriptions on a real database: models, channels and members; not to yourself; once (also in
// parallel); unsubscribe; subscriber counts moved in batches; the member's subscriptions page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActsFixture, addMember, codeOf, settle, setupActs } from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import type { Actor } from './actor.ts';

describe.each(databaseKinds())('subscriptions (%s)', (kind) => {
  let f: ActsFixture;
  let alice: Actor;
  let bob: Actor;
  let modelId: number;
  let channelId: number;

  beforeAll(async () => {
    f = await setupActs(kind);
    alice = await addMember(f.db);
    bob = await addMember(f.db);
    modelId = Number(
      (
        await f.db
          .insertInto('models')
          .values({ dir: 'anna-bell', title: 'Anna Bell', img: 'models/anna.jpg', added_date: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    channelId = Number(
      (
        await f.db
          .insertInto('channels')
          .values({
            dir: 'lake-studio',
            title: 'Lake Studio',
            scr1: 'channels/lake.jpg',
            added_date: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(() => f?.dispose());

  it('subscribes to a model, a channel and a member, once each', async () => {
    expect(await f.acts.subscriptions.subscribe(alice, 'model', modelId)).toEqual({ ok: true });
    expect(await f.acts.subscriptions.subscribe(alice, 'channel', channelId)).toEqual({ ok: true });
    expect(await f.acts.subscriptions.subscribe(alice, 'member', bob.user_id)).toEqual({ ok: true });
    for (const [section, id] of [
      ['model', modelId],
      ['channel', channelId],
      ['member', bob.user_id],
    ] as const) {
      expect(await codeOf(f.acts.subscriptions.subscribe(alice, section, id))).toEqual({
        code: 'already_subscribed',
        status: 409,
      });
      expect(await f.acts.subscriptions.state(alice, section, id)).toMatchObject({ subscribed: true });
    }
  });

  it('refuses yourself, unknown objects and guests', async () => {
    expect(await codeOf(f.acts.subscriptions.subscribe(alice, 'member', alice.user_id))).toEqual({
      code: 'cannot_subscribe_yourself',
      status: 400,
    });
    expect(await codeOf(f.acts.subscriptions.subscribe(alice, 'model', 999_999))).toEqual({
      code: 'model_not_found',
      status: 404,
    });
    expect(await codeOf(f.acts.subscriptions.subscribe(alice, 'channel', 999_999))).toEqual({
      code: 'channel_not_found',
      status: 404,
    });
    expect(await codeOf(f.acts.subscriptions.subscribe(alice, 'member', 999_999))).toEqual({
      code: 'member_not_found',
      status: 404,
    });
    expect(await codeOf(f.acts.subscriptions.subscribe(null, 'model', modelId))).toEqual({
      code: 'login_required',
      status: 401,
    });
    expect(await codeOf(f.acts.subscriptions.unsubscribe(null, 'model', modelId))).toMatchObject({
      code: 'login_required',
    });
    expect(await f.acts.subscriptions.state(null, 'model', modelId)).toMatchObject({ subscribed: false });
  });

  it('subscribes once under parallel repeats and counts subscribers in a batch', async () => {
    const fans = await Promise.all(Array.from({ length: 5 }, () => addMember(f.db)));
    const repeat = await settle(
      Array.from({ length: 10 }, () => f.acts.subscriptions.subscribe(bob, 'model', modelId)),
    );
    expect(repeat).toEqual({ ok: 1, codes: Array(9).fill('already_subscribed') });
    await Promise.all(fans.map((fan) => f.acts.subscriptions.subscribe(fan, 'model', modelId)));
    await Promise.all(fans.map((fan) => f.acts.subscriptions.subscribe(fan, 'member', bob.user_id)));
    expect(await f.acts.subscriptions.unsubscribe(fans[0] as Actor, 'member', bob.user_id)).toEqual({
      ok: true,
    });
    // Not subscribed any more: no error, nothing counted twice.
    expect(await f.acts.subscriptions.unsubscribe(fans[0] as Actor, 'member', bob.user_id)).toEqual({
      ok: true,
    });
    expect((await f.acts.subscriptions.state(null, 'model', modelId)).subscribers).toBe(0);
    await f.acts.flushCounters();
    // alice + bob + 5 fans on the model; alice + 4 fans on bob.
    expect((await f.acts.subscriptions.state(null, 'model', modelId)).subscribers).toBe(7);
    expect((await f.acts.subscriptions.state(null, 'member', bob.user_id)).subscribers).toBe(5);
    expect((await f.acts.subscriptions.state(null, 'channel', channelId)).subscribers).toBe(1);
    await f.acts.subscriptions.unsubscribe(alice, 'channel', channelId);
    await f.acts.flushCounters();
    expect(await f.acts.subscriptions.state(alice, 'channel', channelId)).toEqual({
      subscribed: false,
      subscribers: 0,
    });
    expect(await codeOf(f.acts.subscriptions.state(null, 'channel', 999_999))).toMatchObject({
      code: 'channel_not_found',
    });
  });

  it('lists a member’s subscriptions newest first', async () => {
    const carol = await addMember(f.db, 'member', 'carol');
    await f.acts.subscriptions.subscribe(carol, 'channel', channelId);
    await f.acts.subscriptions.subscribe(carol, 'model', modelId);
    await f.acts.subscriptions.subscribe(carol, 'member', bob.user_id);
    await f.db
      .updateTable('subscriptions')
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where('user_id', '=', carol.user_id)
      .where('section', '=', 'channel')
      .execute();
    const page = await f.acts.subscriptions.ofMember(carol.user_id, 1, 10);
    expect(page.total_count).toBe(3);
    expect(page.subscriptions.at(-1)).toMatchObject({
      section: 'channel',
      object_id: channelId,
      dir: 'lake-studio',
      title: 'Lake Studio',
      img: '/media/channels/lake.jpg',
    });
    expect(page.subscriptions.map((s) => s.section).sort()).toEqual(['channel', 'member', 'model']);
    expect(page.subscriptions.find((s) => s.section === 'member')).toMatchObject({
      dir: null,
      object_id: bob.user_id,
    });
    expect((await f.acts.subscriptions.ofMember(carol.user_id, 2, 2)).subscriptions).toHaveLength(1);
  });
});
