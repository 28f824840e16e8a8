// Private messages (issue 14; contract/messages.ts): POST /api/messages.php (form-encoded, by `act`) and
// the reads /api/json/messages/0/{count}/inbox.{page}.json and …/{user_id}.{page}.json. Members only: a
// guest is `login_required` before anything else is looked at. Every answer is the asker's own and
// never stored anywhere (Cache-Control: no-store, errors included); the Origin check of the POST is
// the accounts hook's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors.ts';
import {
  conversationResponseSchema,
  inboxResponseSchema,
  MESSAGE_LENGTH,
  MESSAGE_LIMITS,
  MESSAGES_POST_PATH,
  MESSAGES_READ_ROUTE,
  messageActResponseSchema,
  messageActSchema,
  messagesReadParams,
} from '../../contract/messages.ts';
import { loginRequired } from '../modules/acts/act-errors.ts';
import type { MessagesService } from '../modules/messages/messages.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';

const FORM = 'application/x-www-form-urlencoded';

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};
const membersOnly = async (request: FastifyRequest) => {
  if (!request.user) throw loginRequired();
};
const limitsText = MESSAGE_LIMITS.map((l) => `${l.max} per ${l.windowSeconds / 60} minutes`).join(', ');

export function registerMessagesRoutes(app: FastifyInstance, messages: MessagesService): void {
  const api = contractRoutes(app);

  api.post(
    MESSAGES_POST_PATH,
    {
      onRequest: noStore,
      preValidation: membersOnly,
      schema: {
        tags: ['messages'],
        summary:
          'Private messages: send, mark a conversation read, block or unblock a member, delete a message.',
        description: [
          `Form-encoded, by \`act\`: \`send\` (to_user_id, message: ${MESSAGE_LENGTH.min} to ${MESSAGE_LENGTH.max}`,
          `characters, markup dropped, lines kept; ${limitsText} per member), \`read\` (user_id: what they sent`,
          'is read now), `block` and `unblock` (user_id; a blocked member cannot send to the asker and is',
          'told so with `blocked`), `del` (message_id: deleted for the asker only). Notification errors carry',
          '`codes: [{field: "notify", code}]`.',
        ].join(' '),
        consumes: [FORM],
        body: messageActSchema,
        response: {
          200: messageActResponseSchema,
          ...writeErrors(400, 401, 403, 404, 429),
          400: errorBodySchema.describe(
            'Bad input: `unknown_act`, `required`, `max_length`, `invalid_{field}`; `cannot_message_yourself`, `cannot_block_yourself`.',
          ),
          401: errorBodySchema.describe('`login_required`: a guest.'),
          403: errorBodySchema.describe(
            '`blocked`: the recipient has blocked the sender; `member_blocked`: the sender has blocked the recipient; `bad_origin`.',
          ),
          404: errorBodySchema.describe(
            "`member_not_found` (no such member, or not an active account), `message_not_found` (not one of the asker's).",
          ),
          429: errorBodySchema.describe(
            '`too_many_messages` (info {count, minutes}; on the field `message`), or the write budget.',
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const user = request.user;
      switch (body.act) {
        case 'send':
          return messages.send(user, body.to_user_id, body.message);
        case 'read':
          return messages.markRead(user, body.user_id);
        case 'block':
          return messages.block(user, body.user_id);
        case 'unblock':
          return messages.unblock(user, body.user_id);
        case 'del':
          return messages.remove(user, body.message_id);
      }
    },
  );

  api.get(
    MESSAGES_READ_ROUTE,
    {
      onRequest: noStore,
      preValidation: membersOnly,
      schema: {
        tags: ['messages'],
        summary:
          "The asker's inbox (`inbox.{page}.json`) or their conversation with a member (`{user_id}.{page}.json`).",
        description:
          "Lifetime 0 only: never stored (no-store). The inbox has one row per conversation partner (their latest message, latest first, with the unread count); a conversation lists messages newest first. Nobody reads anyone else's messages, staff included. Page 1 of an empty list is empty; a page above the last is 404 `not_found`.",
        params: messagesReadParams,
        response: {
          200: z.union([inboxResponseSchema, conversationResponseSchema]),
          ...errors(400, 401, 404),
          400: errorBodySchema.describe(
            '`invalid_lifetime`, `invalid_count`, `invalid_user_id`, `invalid_page`, `invalid_path`; `cannot_message_yourself` (a conversation with oneself).',
          ),
          401: errorBodySchema.describe('`login_required`: a guest.'),
          404: errorBodySchema.describe('`member_not_found`, or `not_found` for a page above the last.'),
        },
      },
    },
    async (request, reply) => {
      const { count, file } = request.params;
      const answer =
        file.object === 'inbox'
          ? await messages.inbox(request.user, file.page, count)
          : await messages.conversation(request.user, file.object, file.page, count);
      return reply.type('application/json; charset=utf-8').send(answer);
    },
  );
}
