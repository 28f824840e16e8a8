// The messages pages, server-rendered (needs the web build): the inbox and a conversation as their
// owner (text escaped, line breaks kept, noindex, never cached), a guest's login prompt (HTTP 401, no
// message shown), someone else's view (their own, empty), 404s, the user menu's unread badge and the
// member page's Send message button (signed-in members, not on one's own page, not for guests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/app.ts';
import { databaseKinds } from '../../../server/test/db.ts';
import { createSignedInUser, type SignedInUser } from '../../../server/test/roles.ts';

describe.each(databaseKinds())('messages pages on %s', (kind) => {
  let t: TestApp;
  let sender: SignedInUser;
  let receiver: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    sender = await createSignedInUser(t, 'mpg_sender');
    receiver = await createSignedInUser(t, 'mpg_receiver');
    other = await createSignedInUser(t, 'mpg_other');
    const { messages } = t.services;
    await messages.send({ user_id: sender.userId }, receiver.userId, 'First line a < b & "c"\nSecond line');
    await messages.send({ user_id: sender.userId }, receiver.userId, 'Another <img src=x onerror=alert(1)>');
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (url: string, who?: SignedInUser) => {
    const r = await t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
    return { status: r.statusCode, html: r.body, cacheControl: r.headers['cache-control'] };
  };
  const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];

  it('shows the receiver their inbox with the unread count, never cached nor indexed', async () => {
    const page = await get('/messages/', receiver);
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe('private, no-store');
    expect(robots(page.html)).toBe('noindex, nofollow');
    expect(page.html).toContain(`data-conversation="${sender.userId}"`);
    expect(page.html).toContain('mpg_sender');
    expect(page.html).toMatch(/data-unread="2"/);
    // The user menu's badge and its Messages link.
    expect(page.html).toMatch(/data-unread-messages="2"/);
    expect(page.html).toContain('href="/messages/"');
    // Escaped: the markup is text, never an element.
    expect(page.html).toContain('Another &lt;img src=x onerror=alert(1)&gt;');
    expect(page.html).not.toContain('<img src=x');
  });

  it('shows the conversation to both sides with its lines and escaped text', async () => {
    for (const [who, them] of [
      [receiver, sender],
      [sender, receiver],
    ] as const) {
      const page = await get(`/messages/${them.userId}/`, who);
      expect(page.status).toBe(200);
      expect(page.cacheControl).toBe('private, no-store');
      expect(robots(page.html)).toBe('noindex, nofollow');
      expect(page.html).toContain(`data-conversation-with="${them.userId}"`);
      expect(page.html).toContain('First line a &lt; b &amp; &quot;c&quot;\nSecond line');
      expect(page.html).toContain('data-action="send"');
      expect(page.html).toContain('data-action="block"');
    }
  });

  it('gives a guest the login prompt with HTTP 401 and no message', async () => {
    for (const url of ['/messages/', `/messages/${sender.userId}/`]) {
      const page = await get(url);
      expect(page.status).toBe(401);
      expect(page.cacheControl).toBe('private, no-store');
      expect(page.html).toContain('Please log in to complete this action');
      expect(page.html).not.toContain('First line');
      expect(robots(page.html)).toBe('noindex, nofollow');
    }
  });

  it("shows another member only their own (empty) conversation, never someone else's", async () => {
    const inbox = await get('/messages/', other);
    expect(inbox.status).toBe(200);
    expect(inbox.html).not.toContain('First line');
    expect(inbox.html).not.toMatch(/data-unread-messages=/);
    const page = await get(`/messages/${sender.userId}/`, other);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('First line');
    expect(page.html).toContain('No messages yet');
  });

  it('answers 404 for an unknown member, oneself, a bad id and a page above the last', async () => {
    for (const url of [
      '/messages/999999/',
      `/messages/${receiver.userId}/`,
      '/messages/abc/',
      `/messages/${sender.userId}/?page=5`,
      '/messages/?page=3',
      '/messages/?page=0',
    ]) {
      expect({ url, status: (await get(url, receiver)).status }).toEqual({ url, status: 404 });
    }
  });

  it('puts Send message on member pages for signed-in members, not on their own nor for guests', async () => {
    const button = `href="/messages/${receiver.userId}/"`;
    expect((await get(`/members/${receiver.userId}/`, other)).html).toContain(button);
    expect((await get(`/members/${receiver.userId}/`, receiver)).html).not.toContain(
      'data-action="send-message"',
    );
    expect((await get(`/members/${receiver.userId}/`)).html).not.toContain('data-action="send-message"');
  });
});
