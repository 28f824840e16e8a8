// Private messages (issue 14; contract/messages.ts): members only, and every answer the asker's own —
// there is no URL naming someone else's conversation, so each asker gets theirs (staff included). The
// roles of each act and the blocks in server/http/messages.routes.test.ts.
import { conversationPath, inboxPath, MESSAGES_POST_PATH } from '../../../contract/messages.ts';
import { badUrl, type Ctx, membersOnly, type Row, refused } from '../../test/check-params-kit.ts';

const M = '/api/json/messages';
const sendTo = (c: Ctx, message = 'Hello from the check-params suite') => ({
  act: 'send',
  to_user_id: String(c.roles.users.other.userId),
  message,
});

export const messagesRows: Row[] = [
  {
    // Each asker sends to the `other` member.
    route: `POST ${MESSAGES_POST_PATH}`,
    call: (c) => ({ url: MESSAGES_POST_PATH, form: sendTo(c) }),
    expect: membersOnly(200),
    bad: [
      { name: 'act', form: { act: 'teleport' }, answer: refused(400, 'unknown_act', 'act') },
      {
        name: 'no message',
        call: (c) => ({
          url: MESSAGES_POST_PATH,
          form: { act: 'send', to_user_id: String(c.roles.users.other.userId) },
        }),
        answer: refused(400, 'required', 'message'),
      },
      {
        name: 'message over 1500 characters',
        call: (c) => ({ url: MESSAGES_POST_PATH, form: sendTo(c, 'x'.repeat(1501)) }),
        answer: refused(400, 'max_length', 'message'),
      },
      {
        name: 'recipient id',
        form: { act: 'send', to_user_id: 'abc', message: 'Hi' },
        answer: refused(400, 'invalid_to_user_id', 'to_user_id'),
      },
      {
        name: 'to oneself',
        call: (c) => ({
          url: MESSAGES_POST_PATH,
          form: { act: 'send', to_user_id: String(c.roles.users.member.userId), message: 'Me' },
        }),
        answer: refused(400, 'cannot_message_yourself', 'notify'),
      },
      {
        name: 'unknown recipient',
        form: { act: 'send', to_user_id: '999999', message: 'Hi' },
        answer: refused(404, 'member_not_found', 'notify'),
      },
      {
        name: 'read: user id',
        form: { act: 'read', user_id: '0' },
        answer: refused(400, 'invalid_user_id', 'user_id'),
      },
      {
        name: 'block oneself',
        call: (c) => ({
          url: MESSAGES_POST_PATH,
          form: { act: 'block', user_id: String(c.roles.users.member.userId) },
        }),
        answer: refused(400, 'cannot_block_yourself', 'notify'),
      },
      {
        name: "deleting someone else's message",
        call: async (c) => {
          const { message } = await c.t.services.messages.send(
            { user_id: c.roles.users.other.userId },
            c.roles.users.administrator.userId,
            'Not yours to delete',
          );
          return { url: MESSAGES_POST_PATH, form: { act: 'del', message_id: String(message.message_id) } };
        },
        answer: refused(404, 'message_not_found', 'notify'),
      },
      {
        name: 'a guest, whatever the form holds',
        form: { act: 'teleport' },
        answer: refused(401, 'login_required', 'notify'),
        as: 'guest',
      },
      {
        name: 'to a member who blocked the sender',
        call: async (c) => {
          const blocker = await c.t.services.accounts.createUser({
            username: `msg_blocker_${c.unique()}`,
            email: `msg_blocker_${c.unique()}@example.com`,
            password: 'secret-pass1',
            role: 'member',
          });
          await c.t.services.messages.block({ user_id: blocker.user_id }, c.roles.users.member.userId);
          return {
            url: MESSAGES_POST_PATH,
            form: { act: 'send', to_user_id: String(blocker.user_id), message: 'Hello?' },
          };
        },
        answer: refused(403, 'blocked', 'notify'),
      },
    ],
  },
  {
    // The conversation with the `other` member, and the inbox: the asker's own, never stored.
    route: `GET ${M}/:lifetime/:count/:file`,
    call: (c) => ({ url: conversationPath(c.roles.users.other.userId) }),
    expect: membersOnly(200),
    bad: [
      badUrl('lifetime', `${M}/7200/20/inbox.1.json`, 'invalid_lifetime'),
      badUrl('count 0', `${M}/0/0/inbox.1.json`, 'invalid_count'),
      badUrl('count 101', `${M}/0/101/inbox.1.json`, 'invalid_count'),
      badUrl('object', `${M}/0/20/outbox.1.json`, 'invalid_user_id'),
      badUrl('page', `${M}/0/20/inbox.0.json`, 'invalid_page'),
      badUrl('parts', `${M}/0/20/inbox.json`, 'invalid_path'),
      badUrl('no .json', `${M}/0/20/inbox.1`, 'not_found'),
      badUrl('inbox page above the last', inboxPath(999), 'not_found'),
      badUrl('unknown member', conversationPath(999999), 'member_not_found', 404),
      {
        name: 'a conversation with oneself',
        call: (c) => ({ url: conversationPath(c.roles.users.member.userId) }),
        answer: refused(400, 'cannot_message_yourself'),
      },
      { name: 'a guest', url: inboxPath(), answer: refused(401, 'login_required'), as: 'guest' },
    ],
  },
];
