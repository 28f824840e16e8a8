// Private messages between members (issue 14; content.md §1, §6: registered users have "messages"). The
// spec names no route or call for them, so these are this project's own (docs/decisions.md
// 2026-11-26): POST /api/messages.php (form-encoded, by `act`) and the no-store reads
// /api/json/messages/0/{count}/inbox.{page}.json and /api/json/messages/0/{count}/{user_id}.{page}.json.
// One source for the server (validation, rules), the pages and the tests.
import { z } from 'zod';
import { plainTextLines } from './acts.ts';
import { jsonTail } from './catalog-api.ts';
import {
  MESSAGE_LENGTH,
  MESSAGES_LIFETIME,
  MESSAGES_MAX_COUNT,
  MESSAGES_MAX_PAGE,
} from './messages-values.ts';

// Limits, codes and paths are zod-free in messages-values.ts (the messages pages import that);
// re-exported here for the server and the tests.
export * from './messages-values.ts';

// --- The write call: POST /api/messages.php ---------------------------------------------------------

const ID = /^[1-9]\d{0,14}$/;
const formString = (code: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? 'required' : code) });
const formId = (code: string) => formString(code).trim().min(1, 'required').regex(ID, code).transform(Number);
const userId = formId('invalid_user_id');

/** The text as stored and shown: markup dropped line by line, lines kept (contract/acts.ts). */
const messageText = formString('invalid_message')
  .transform(plainTextLines)
  .pipe(
    z.string().min(1, 'required').min(MESSAGE_LENGTH.min, 'min_length').max(MESSAGE_LENGTH.max, 'max_length'),
  );

/**
 * act=send (to_user_id, message), act=read (user_id: the conversation with them is read), act=block and
 * act=unblock (user_id), act=del (message_id: deleted for the asker only; the other side keeps it).
 */
export const messageActSchema = z.discriminatedUnion(
  'act',
  [
    z.object({ act: z.literal('send'), to_user_id: formId('invalid_to_user_id'), message: messageText }),
    z.object({ act: z.literal('read'), user_id: userId }),
    z.object({ act: z.literal('block'), user_id: userId }),
    z.object({ act: z.literal('unblock'), user_id: userId }),
    z.object({ act: z.literal('del'), message_id: formId('invalid_message_id') }),
  ],
  { error: 'unknown_act' },
);
export type MessageActInput = z.output<typeof messageActSchema>;
export const MESSAGE_ACTS = ['send', 'read', 'block', 'unblock', 'del'] as const;

// --- Answers ----------------------------------------------------------------------------------------

export const messageUserSchema = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable().describe('/media/ URL, or null'),
  })
  .meta({ id: 'MessageUser' });
export type MessageUser = z.infer<typeof messageUserSchema>;

/** One message. `message` is plain text with its line breaks: render it as text, never as markup. */
export const messageSchema = z
  .object({
    message_id: z.number().int(),
    from_user_id: z.number().int(),
    to_user_id: z.number().int(),
    message: z.string(),
    added_date: z.string().describe('ISO 8601'),
    read: z.boolean().describe('The recipient has read it'),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const messageSentSchema = z
  .object({ ok: z.literal(true), message: messageSchema })
  .meta({ id: 'MessageSent' });
export const messagesReadSchema = z
  .object({ ok: z.literal(true), unread_total: z.number().int().min(0) })
  .meta({ id: 'MessagesRead' });
export const messageBlockSchema = z
  .object({ ok: z.literal(true), blocked: z.boolean() })
  .meta({ id: 'MessageBlock' });
export const messageDeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'MessageDeleted' });
export const messageActResponseSchema = z.union([
  messageSentSchema,
  messagesReadSchema,
  messageBlockSchema,
  messageDeletedSchema,
]);
export type MessageSent = z.infer<typeof messageSentSchema>;
export type MessagesRead = z.infer<typeof messagesReadSchema>;
export type MessageBlock = z.infer<typeof messageBlockSchema>;
export type MessageActResponse = z.infer<typeof messageActResponseSchema>;

/** A row of the inbox: one per conversation partner, the latest message first. */
export const conversationSummarySchema = z
  .object({
    user: messageUserSchema,
    last_message: messageSchema,
    unread: z.number().int().min(0).describe('Messages from this member the asker has not read'),
    blocked: z.boolean().describe('The asker has blocked this member'),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxResponseSchema = z
  .object({
    conversations: z.array(conversationSummarySchema),
    total_count: z.number().int().min(0).describe('Conversations'),
    unread_total: z.number().int().min(0).describe('Unread messages in all of them'),
  })
  .meta({ id: 'Inbox' });
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

export const conversationResponseSchema = z
  .object({
    user: messageUserSchema.describe('The other member'),
    messages: z.array(messageSchema).describe('Newest first'),
    total_count: z.number().int().min(0),
    blocked: z.boolean().describe('The asker has blocked this member'),
    blocked_by: z.boolean().describe('This member has blocked the asker (sending is refused: `blocked`)'),
    can_send: z.boolean().describe('An active account neither side has blocked'),
  })
  .meta({ id: 'Conversation' });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

// --- The read calls ---------------------------------------------------------------------------------

export const MESSAGES_READ_ROUTE = '/api/json/messages/:lifetime/:count/:file';

const INT = /^(0|[1-9]\d{0,14})$/;
const boundedInt = (code: string, min: number, max: number) =>
  z
    .string()
    .regex(INT, code)
    .transform(Number)
    .refine((n) => n >= min && n <= max, code);

/**
 * GET /api/json/messages/0/{count}/inbox.{page}.json → Inbox, and
 * GET /api/json/messages/0/{count}/{user_id}.{page}.json → Conversation (newest first).
 */
export const messagesReadParams = z.object({
  lifetime: z
    .literal(String(MESSAGES_LIFETIME), { error: 'invalid_lifetime' })
    .transform(() => MESSAGES_LIFETIME)
    .describe('0 only: private answers are never stored'),
  count: boundedInt('invalid_count', 1, MESSAGES_MAX_COUNT).describe(`1 to ${MESSAGES_MAX_COUNT}`),
  file: jsonTail(
    ['object', 'page'],
    z.object({
      object: z
        .string()
        .regex(/^(inbox|[1-9]\d{0,14})$/, 'invalid_user_id')
        .transform((v): 'inbox' | number => (v === 'inbox' ? 'inbox' : Number(v))),
      page: boundedInt('invalid_page', 1, MESSAGES_MAX_PAGE),
    }),
  ),
});
