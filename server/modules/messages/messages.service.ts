// Private messages between members (issue 14; contract/messages.ts): send, read a conversation, the
// inbox, mark read, block and unblock, delete for oneself. Every call needs a member (a guest is
// `login_required`); a conversation is its two members' alone, staff included. Sends are limited per
// member in sliding windows (10 a minute, 100 a day), reserved atomically before the write and given
// back when nothing was written; the limiter is shared across processes through Redis when configured.
import {
  type ConversationResponse,
  type InboxResponse,
  MESSAGE_CODES,
  MESSAGE_LIMITS,
  MESSAGES_MAX_COUNT,
  type Message,
  type MessageBlock,
  type MessageLimit,
  type MessageSent,
  type MessagesRead,
  type MessageUser,
} from '../../../contract/messages.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { loginRequired } from '../acts/act-errors.ts';
import { pageWindow } from '../acts/actor.ts';
import type { RateQuota, SlidingLimiter } from '../acts/comment-limiter.ts';
import { media } from '../catalog/catalog.mappers.ts';
import type { MessageRow, MessagesRepository, PartnerRow } from './messages.repository.ts';

export interface MessageActor {
  user_id: number;
  /**
   * The member's unread count as their session read it with their row (accounts toSessionUser, from
   * users.unread_messages, which triggers keep equal to the count): unreadCount answers it without a
   * statement. An actor built otherwise has none and is counted.
   */
  readonly unread_messages?: number;
}

const notify = (code: string) => [{ field: 'notify', code }];
const refusal = (code: string, status: number, message: string, field = 'notify') =>
  new DomainError(code, { status, message, codes: field === 'notify' ? notify(code) : [{ field, code }] });

const cannotMessageYourself = () =>
  refusal(MESSAGE_CODES.cannotMessageYourself, 400, english('notify.cannot_message_yourself'));
const cannotBlockYourself = () =>
  refusal(MESSAGE_CODES.cannotBlockYourself, 400, english('notify.cannot_block_yourself'));
const memberNotFound = () => refusal(MESSAGE_CODES.memberNotFound, 404, english('notfound.title'));
const messageNotFound = () => refusal(MESSAGE_CODES.messageNotFound, 404, english('notfound.title'));
const blocked = () => refusal(MESSAGE_CODES.blocked, 403, english('notify.blocked'));
const memberBlocked = () => refusal(MESSAGE_CODES.memberBlocked, 403, english('notify.member_blocked'));
const pageNotFound = () =>
  new DomainError(MESSAGE_CODES.pageNotFound, { status: 404, message: english('notfound.title') });
/** Under the message box, with {count, minutes} as the message's parameters. */
const tooManyMessages = (limit: MessageLimit) =>
  new DomainError(MESSAGE_CODES.tooManyMessages, {
    status: 429,
    message: english('api.too_many_messages'),
    codes: [{ field: 'message', code: MESSAGE_CODES.tooManyMessages }],
    info: { count: limit.max, minutes: Math.round(limit.windowSeconds / 60) },
  });

function memberOf(actor: MessageActor | null | undefined): number {
  if (!actor) throw loginRequired();
  return actor.user_id;
}

const toMessage = (row: MessageRow): Message => ({
  message_id: row.id,
  from_user_id: row.sender_id,
  to_user_id: row.recipient_id,
  message: row.message,
  added_date: row.created_at.toISOString(),
  read: row.read_at !== null,
});

const toUser = (row: Pick<PartnerRow, 'id' | 'username' | 'avatar'>): MessageUser => ({
  user_id: Number(row.id),
  username: row.username,
  avatar: media(row.avatar),
});

export function createMessagesService(
  repo: MessagesRepository,
  limiter: SlidingLimiter,
  limits: readonly MessageLimit[] = MESSAGE_LIMITS,
) {
  const quotas = (userId: number): (RateQuota & { limit: MessageLimit })[] =>
    limits.map((limit) => ({
      key: `u:${userId}:${limit.windowSeconds}`,
      max: limit.max,
      windowMs: limit.windowSeconds * 1000,
      limit,
    }));

  /** A conversation partner: a member who exists, and is active or shares messages with `me`. */
  async function partnerOf(me: number, them: number): Promise<PartnerRow> {
    const partner = await repo.partner(them);
    if (!partner) throw memberNotFound();
    if (partner.status !== 'active' && !(await repo.hasConversation(me, them))) throw memberNotFound();
    return partner;
  }

  return {
    /** act=send: `cannot_message_yourself`, `too_many_messages`, `member_not_found`, `blocked`, `member_blocked`. */
    async send(actor: MessageActor | null, toUserId: number, text: string): Promise<MessageSent> {
      const me = memberOf(actor);
      if (toUserId === me) throw cannotMessageYourself();
      const wanted = quotas(me);
      const reservation = await limiter.reserve(wanted);
      if (!reservation.ok) {
        const full = wanted.find((q) => q.key === reservation.blocked.key);
        throw tooManyMessages(
          full?.limit ?? { max: reservation.blocked.max, windowSeconds: reservation.blocked.windowMs / 1000 },
        );
      }
      let result: Awaited<ReturnType<MessagesRepository['send']>> | undefined;
      try {
        result = await repo.send(me, toUserId, text);
      } finally {
        // A message not written does not count against the sender.
        if (!result?.row)
          await limiter
            .release(
              wanted.map((q) => q.key),
              reservation.token,
            )
            .catch(() => {});
      }
      if (!result.found) throw memberNotFound();
      if (result.blocking) throw memberBlocked();
      if (result.blockedBy || !result.row) throw blocked();
      return { ok: true, message: toMessage(result.row) };
    },

    /** act=read: what `userId` sent the member is read now. */
    async markRead(actor: MessageActor | null, userId: number): Promise<MessagesRead> {
      const me = memberOf(actor);
      if (userId === me) throw cannotMessageYourself();
      await partnerOf(me, userId);
      await repo.markRead(me, userId);
      return { ok: true, unread_total: await repo.unreadCount(me) };
    },

    /** act=block: idempotent; their unread messages stop counting. */
    async block(actor: MessageActor | null, userId: number): Promise<MessageBlock> {
      const me = memberOf(actor);
      if (userId === me) throw cannotBlockYourself();
      if (!(await repo.block(me, userId))) throw memberNotFound();
      return { ok: true, blocked: true };
    },

    /** act=unblock: idempotent. */
    async unblock(actor: MessageActor | null, userId: number): Promise<MessageBlock> {
      const me = memberOf(actor);
      if (userId === me) throw cannotBlockYourself();
      if (!(await repo.unblock(me, userId))) throw memberNotFound();
      return { ok: true, blocked: false };
    },

    /** act=del: for the member only; someone else's message (or one already deleted) is `message_not_found`. */
    async remove(actor: MessageActor | null, messageId: number): Promise<{ ok: true }> {
      const me = memberOf(actor);
      if (!(await repo.deleteFor(me, messageId))) throw messageNotFound();
      return { ok: true };
    },

    /** The inbox: one row per partner, latest first. A page above the last is `not_found`. */
    async inbox(actor: MessageActor | null, page: number, count: number): Promise<InboxResponse> {
      const me = memberOf(actor);
      const { limit, offset } = pageWindow(page, count, MESSAGES_MAX_COUNT);
      const [{ rows, total }, unreadTotal] = await Promise.all([
        repo.inbox(me, limit, offset),
        repo.unreadCount(me),
      ]);
      if (rows.length === 0 && page > 1) throw pageNotFound();
      return {
        conversations: rows.map((row) => ({
          user: toUser({ id: row.partner, username: row.username, avatar: row.avatar }),
          last_message: toMessage(row),
          unread: row.unread,
          blocked: Boolean(row.blocked),
        })),
        total_count: total,
        unread_total: unreadTotal,
      };
    },

    /** A conversation, newest first; the member's own only (`cannot_message_yourself` with oneself). */
    async conversation(
      actor: MessageActor | null,
      userId: number,
      page: number,
      count: number,
    ): Promise<ConversationResponse> {
      const me = memberOf(actor);
      if (userId === me) throw cannotMessageYourself();
      const partner = await partnerOf(me, userId);
      const { limit, offset } = pageWindow(page, count, MESSAGES_MAX_COUNT);
      const [{ rows, total }, blocks] = await Promise.all([
        repo.conversation(me, userId, limit, offset),
        repo.blocks(me, userId),
      ]);
      if (rows.length === 0 && page > 1) throw pageNotFound();
      return {
        user: toUser(partner),
        messages: rows.map(toMessage),
        total_count: total,
        blocked: blocks.blocked,
        blocked_by: blocks.blockedBy,
        can_send: partner.status === 'active' && !blocks.blocked && !blocks.blockedBy,
      };
    },

    /**
     * The user menu's badge: what the session read with the member's row, else one indexed count. The
     * answers' unread_total stay the count itself, read after the call's own changes.
     */
    async unreadCount(actor: MessageActor | null): Promise<number> {
      if (!actor) return 0;
      if (typeof actor.unread_messages === 'number') return actor.unread_messages;
      return repo.unreadCount(actor.user_id);
    },

    close: () => limiter.close(),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
