// Private messages over HTTP (issue 14): every act of POST /api/messages.php and both reads as guest,
// sender, receiver, another member and a moderator, with the exact codes; nobody reads anyone else's
// conversation (staff included); no-store on every answer; the Origin check; the per-minute limit at its
// edge with parallel requests. CHECK_RESPONSES is on in tests: every answer matches its declared schema.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationPath, inboxPath, MESSAGES_POST_PATH } from '../../contract/messages.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
type Form = Record<string, string>;

describe.each(databaseKinds())('messages over HTTP on %s', (kind) => {
  let t: TestApp;
  let sender: SignedInUser;
  let receiver: SignedInUser;
  let other: SignedInUser;
  let moderator: SignedInUser;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    sender = await createSignedInUser(t, 'mh_sender');
    receiver = await createSignedInUser(t, 'mh_receiver');
    other = await createSignedInUser(t, 'mh_other');
    moderator = await createSignedInUser(t, 'mh_moderator', 'moderator');
  }, 120_000);
  afterAll(() => t?.close());

  const headersOf = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});

  function post(who: SignedInUser | null, form: Form, origin = ORIGIN) {
    return t.app.inject({
      method: 'POST',
      url: MESSAGES_POST_PATH,
      headers: { ...headersOf(who), origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }
  const get = (who: SignedInUser | null, url: string) => t.app.inject({ url, headers: headersOf(who) });
  const send = (from: SignedInUser | null, to: SignedInUser | number, message: string) =>
    post(from, { act: 'send', to_user_id: String(typeof to === 'number' ? to : to.userId), message });

  const refusal = (r: LightMyRequestResponse) => {
    expect(r.headers['cache-control']).toBe('no-store');
    const body = r.json() as { code: string; codes: { field: string; code: string }[] };
    return { status: r.statusCode, code: body.code, field: body.codes[0]?.field };
  };
  const fresh = async () => createSignedInUser(t, `mh_member_${++serial}`);

  it('sends, and the receiver reads it in the inbox and the conversation; the sender too', async () => {
    const r = await send(sender, receiver, 'Hello there,\nhow are you?');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const sent = r.json();
    expect(sent).toMatchObject({
      ok: true,
      message: {
        from_user_id: sender.userId,
        to_user_id: receiver.userId,
        message: 'Hello there,\nhow are you?',
      },
    });

    const inbox = await get(receiver, inboxPath());
    expect(inbox.statusCode).toBe(200);
    expect(inbox.headers['cache-control']).toBe('no-store');
    expect(inbox.json()).toMatchObject({
      total_count: 1,
      unread_total: 1,
      conversations: [
        {
          user: { user_id: sender.userId, username: 'mh_sender' },
          last_message: { message_id: sent.message.message_id, read: false },
          unread: 1,
          blocked: false,
        },
      ],
    });
    for (const [who, them] of [
      [receiver, sender],
      [sender, receiver],
    ] as const) {
      const conversation = await get(who, conversationPath(them.userId));
      expect(conversation.statusCode).toBe(200);
      expect(conversation.headers['cache-control']).toBe('no-store');
      expect(conversation.json()).toMatchObject({
        user: { user_id: them.userId },
        total_count: 1,
        messages: [{ message_id: sent.message.message_id }],
        can_send: true,
      });
    }

    // act=read by the receiver: the badge's count falls to 0, the sender sees the message read.
    const read = await post(receiver, { act: 'read', user_id: String(sender.userId) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, unread_total: 0 });
    expect((await get(sender, conversationPath(receiver.userId))).json().messages[0].read).toBe(true);
  });

  it('a conversation is its two members alone: others read their own (empty) one, never theirs', async () => {
    // There is no URL naming someone else's conversation: the other member and the moderator asking
    // about the sender get their own conversation with the sender, which is empty.
    for (const who of [other, moderator]) {
      const r = await get(who, conversationPath(sender.userId));
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ total_count: 0, messages: [] });
      const inbox = await get(who, inboxPath());
      expect(inbox.json()).toMatchObject({ total_count: 0, conversations: [] });
    }
    // Nor can they mark it read or delete its messages.
    const sent = (await send(sender, receiver, 'Private words')).json();
    for (const who of [other, moderator]) {
      const del = await post(who, { act: 'del', message_id: String(sent.message.message_id) });
      expect(refusal(del)).toEqual({ status: 404, code: 'message_not_found', field: 'notify' });
    }
    const seen = await get(receiver, conversationPath(sender.userId));
    expect(seen.json().messages[0]).toMatchObject({ message: 'Private words', read: false });
  });

  it('answers a guest login_required on every call, whatever the input', async () => {
    const forms: Form[] = [
      { act: 'send', to_user_id: String(receiver.userId), message: 'Hi' },
      { act: 'read', user_id: String(sender.userId) },
      { act: 'block', user_id: String(sender.userId) },
      { act: 'unblock', user_id: String(sender.userId) },
      { act: 'del', message_id: '1' },
      { act: 'teleport' },
    ];
    for (const form of forms) {
      expect(refusal(await post(null, form))).toEqual({
        status: 401,
        code: 'login_required',
        field: 'notify',
      });
    }
    for (const url of [inboxPath(), conversationPath(sender.userId), '/api/json/messages/0/20/abc.1.json']) {
      const r = await get(null, url);
      expect(refusal(r)).toMatchObject({ status: 401, code: 'login_required' });
    }
  });

  it('refuses bad input with its code and field', async () => {
    const cases: [Form, number, string, string | undefined][] = [
      [{ act: 'teleport' }, 400, 'unknown_act', 'act'],
      [{ act: 'send', to_user_id: String(receiver.userId) }, 400, 'required', 'message'],
      [
        { act: 'send', to_user_id: String(receiver.userId), message: '  <b></b> ' },
        400,
        'required',
        'message',
      ],
      [
        { act: 'send', to_user_id: String(receiver.userId), message: 'x'.repeat(1501) },
        400,
        'max_length',
        'message',
      ],
      [{ act: 'send', message: 'Hi' }, 400, 'required', 'to_user_id'],
      [{ act: 'send', to_user_id: 'abc', message: 'Hi' }, 400, 'invalid_to_user_id', 'to_user_id'],
      [
        { act: 'send', to_user_id: String(sender.userId), message: 'Me' },
        400,
        'cannot_message_yourself',
        'notify',
      ],
      [{ act: 'send', to_user_id: '999999', message: 'Hi' }, 404, 'member_not_found', 'notify'],
      [{ act: 'read', user_id: '0' }, 400, 'invalid_user_id', 'user_id'],
      [{ act: 'read', user_id: '999999' }, 404, 'member_not_found', 'notify'],
      [{ act: 'block', user_id: String(sender.userId) }, 400, 'cannot_block_yourself', 'notify'],
      [{ act: 'block', user_id: '999999' }, 404, 'member_not_found', 'notify'],
      [{ act: 'del', message_id: 'x' }, 400, 'invalid_message_id', 'message_id'],
      [{ act: 'del', message_id: '999999' }, 404, 'message_not_found', 'notify'],
    ];
    for (const [form, status, code, field] of cases) {
      expect({ form, ...refusal(await post(sender, form)) }).toEqual({ form, status, code, field });
    }
    // 1500 characters is allowed.
    expect((await send(sender, receiver, 'y'.repeat(1500))).statusCode).toBe(200);
    const urls: [string, number, string][] = [
      ['/api/json/messages/7200/20/inbox.1.json', 400, 'invalid_lifetime'],
      ['/api/json/messages/0/0/inbox.1.json', 400, 'invalid_count'],
      ['/api/json/messages/0/101/inbox.1.json', 400, 'invalid_count'],
      ['/api/json/messages/0/20/outbox.1.json', 400, 'invalid_user_id'],
      ['/api/json/messages/0/20/inbox.0.json', 400, 'invalid_page'],
      ['/api/json/messages/0/20/inbox.json', 400, 'invalid_path'],
      ['/api/json/messages/0/20/inbox.1', 404, 'not_found'],
      ['/api/json/messages/0/20/inbox.9.json', 404, 'not_found'],
      ['/api/json/messages/0/20/999999.1.json', 404, 'member_not_found'],
      [conversationPath(sender.userId), 400, 'cannot_message_yourself'],
    ];
    for (const [url, status, code] of urls) {
      expect({ url, ...refusal(await get(sender, url)) }).toMatchObject({ url, status, code });
    }
  });

  it('refuses a write from another site', async () => {
    const r = await send(sender, receiver, 'From elsewhere');
    expect(r.statusCode).toBe(200);
    const foreign = await post(
      sender,
      { act: 'send', to_user_id: String(receiver.userId), message: 'x' },
      'https://evil.example',
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('bad_origin');
  });

  it('blocks: the blocked sender gets blocked, the blocker member_blocked, until unblocked', async () => {
    const a = await fresh();
    const b = await fresh();
    expect((await send(a, b, 'First')).statusCode).toBe(200);
    const block = await post(b, { act: 'block', user_id: String(a.userId) });
    expect(block.json()).toEqual({ ok: true, blocked: true });
    expect(refusal(await send(a, b, 'Again'))).toEqual({ status: 403, code: 'blocked', field: 'notify' });
    expect(refusal(await send(b, a, 'Hm'))).toEqual({ status: 403, code: 'member_blocked', field: 'notify' });
    expect((await get(a, conversationPath(b.userId))).json()).toMatchObject({
      blocked_by: true,
      can_send: false,
    });
    expect((await get(b, conversationPath(a.userId))).json()).toMatchObject({
      blocked: true,
      can_send: false,
    });
    expect((await post(b, { act: 'unblock', user_id: String(a.userId) })).json()).toEqual({
      ok: true,
      blocked: false,
    });
    expect((await send(a, b, 'Thanks')).statusCode).toBe(200);
  });

  it('deletes for the asker only: the receiver deletes, the sender still sees it', async () => {
    const a = await fresh();
    const b = await fresh();
    const sent = (await send(a, b, 'Keep or not')).json();
    const del = await post(b, { act: 'del', message_id: String(sent.message.message_id) });
    expect(del.json()).toEqual({ ok: true });
    expect((await get(b, conversationPath(a.userId))).json().total_count).toBe(0);
    expect((await get(a, conversationPath(b.userId))).json().total_count).toBe(1);
  });

  it('takes exactly 10 sends a minute from a member, in parallel; the 11th is 429 with its info', async () => {
    const a = await fresh();
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => send(a, receiver, `Quick ${i}`)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(4).fill(429)]);
    const refused = results.find((r) => r.statusCode === 429) as LightMyRequestResponse;
    expect(refused.json()).toMatchObject({
      code: 'too_many_messages',
      codes: [{ field: 'message', code: 'too_many_messages' }],
      info: { count: 10, minutes: 1 },
    });
    expect((await get(a, conversationPath(receiver.userId, 1, 100))).json().total_count).toBe(10);
  });
});
