// Private messages and blocks (migration 0021): SQL only. A message is visible to each side until that
// side deletes it (sender_deleted, recipient_deleted); the unread count is one count on a partial index.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

export interface PartnerRow {
  id: number;
  username: string;
  avatar: string | null;
  status: string;
}

export interface InboxRow extends MessageRow {
  partner: number;
  username: string;
  avatar: string | null;
  unread: number;
  blocked: boolean;
}

export interface SendResult {
  /** The recipient is an active account. */
  found: boolean;
  /** The recipient has blocked the sender. */
  blockedBy: boolean;
  /** The sender has blocked the recipient. */
  blocking: boolean;
  row: MessageRow | undefined;
}

const MESSAGE_COLUMNS = sql`id, sender_id, recipient_id, message, read_at, created_at`;

/** The messages between `me` and `them` that `me` still sees, from both sides (both use an index). */
const conversationOf = (me: number, them: number) => sql`
  SELECT ${MESSAGE_COLUMNS} FROM messages
  WHERE sender_id = ${me} AND recipient_id = ${them} AND NOT sender_deleted
  UNION ALL
  SELECT ${MESSAGE_COLUMNS} FROM messages
  WHERE recipient_id = ${me} AND sender_id = ${them} AND NOT recipient_deleted`;

/** Every message `me` still sees, with the other side as `partner`. */
const mineOf = (me: number) => sql`
  SELECT recipient_id AS partner, ${MESSAGE_COLUMNS} FROM messages WHERE sender_id = ${me} AND NOT sender_deleted
  UNION ALL
  SELECT sender_id AS partner, ${MESSAGE_COLUMNS} FROM messages WHERE recipient_id = ${me} AND NOT recipient_deleted`;

const toMessageRow = <T extends MessageRow>(row: T): T => ({
  ...row,
  id: Number(row.id),
  sender_id: Number(row.sender_id),
  recipient_id: Number(row.recipient_id),
  created_at: new Date(row.created_at),
  read_at: row.read_at === null ? null : new Date(row.read_at),
});

export function createMessagesRepository(db: DB) {
  return {
    /** The member (any status), or undefined. */
    async partner(userId: number): Promise<PartnerRow | undefined> {
      const { rows } = await sql<PartnerRow>`
        SELECT id, username, avatar, status FROM users WHERE id = ${userId}`.execute(db);
      const row = rows[0];
      return row ? { ...row, id: Number(row.id) } : undefined;
    },

    /** Whether `me` and `them` have any message `me` still sees. */
    async hasConversation(me: number, them: number): Promise<boolean> {
      const { rows } = await sql`SELECT 1 FROM (${conversationOf(me, them)}) c LIMIT 1`.execute(db);
      return rows.length > 0;
    },

    /**
     * One statement: the message is written only when the recipient is an active account and neither
     * side has blocked the other; the flags say which of these failed.
     */
    async send(senderId: number, recipientId: number, text: string): Promise<SendResult> {
      const { rows } = await sql<{
        found: boolean;
        blocked_by: boolean;
        blocking: boolean;
        id: number | null;
        sender_id: number;
        recipient_id: number;
        message: string;
        read_at: Date | null;
        created_at: Date;
      }>`
        WITH target AS (
          SELECT id FROM users WHERE id = ${recipientId} AND status = 'active'
        ), blocked_by AS (
          SELECT 1 FROM message_blocks WHERE user_id = ${recipientId} AND blocked_id = ${senderId}
        ), blocking AS (
          SELECT 1 FROM message_blocks WHERE user_id = ${senderId} AND blocked_id = ${recipientId}
        ), ins AS (
          INSERT INTO messages (sender_id, recipient_id, message)
          SELECT ${senderId}::bigint, id, ${text}::text FROM target
          WHERE NOT EXISTS (SELECT 1 FROM blocked_by) AND NOT EXISTS (SELECT 1 FROM blocking)
          RETURNING ${MESSAGE_COLUMNS}
        )
        SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM blocked_by) AS blocked_by,
          EXISTS (SELECT 1 FROM blocking) AS blocking, ins.*
        FROM (SELECT 1) AS one LEFT JOIN ins ON true`.execute(db);
      const row = rows[0];
      return {
        found: Boolean(row?.found),
        blockedBy: Boolean(row?.blocked_by),
        blocking: Boolean(row?.blocking),
        row: row && row.id !== null ? toMessageRow(row as MessageRow) : undefined,
      };
    },

    /** A page of a conversation, newest first, and how many messages it has. */
    async conversation(me: number, them: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        sql<MessageRow>`
          SELECT * FROM (${conversationOf(me, them)}) c
          ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM (${conversationOf(me, them)}) c`.execute(db),
      ]);
      return { rows: items.rows.map(toMessageRow), total: Number(total.rows[0]?.n ?? 0) };
    },

    /** A page of the inbox: each partner's latest message, latest first, and how many partners. */
    async inbox(me: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        sql<InboxRow>`
          WITH latest AS (
            SELECT DISTINCT ON (partner) * FROM (${mineOf(me)}) m ORDER BY partner, created_at DESC, id DESC
          )
          SELECT l.*, u.username, u.avatar,
            (SELECT count(*) FROM messages x
              WHERE x.recipient_id = ${me} AND x.sender_id = l.partner AND x.read_at IS NULL
                AND NOT x.recipient_deleted)::int AS unread,
            EXISTS (SELECT 1 FROM message_blocks b WHERE b.user_id = ${me} AND b.blocked_id = l.partner) AS blocked
          FROM latest l JOIN users u ON u.id = l.partner
          ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`SELECT count(DISTINCT partner)::int AS n FROM (${mineOf(me)}) m`.execute(db),
      ]);
      return {
        rows: items.rows.map((row) => ({
          ...toMessageRow(row),
          partner: Number(row.partner),
          unread: Number(row.unread),
        })),
        total: Number(total.rows[0]?.n ?? 0),
      };
    },

    /** Unread messages to `me` (messages_unread_idx). */
    async unreadCount(me: number): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM messages
        WHERE recipient_id = ${me} AND read_at IS NULL AND NOT recipient_deleted`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Marks what `them` sent to `me` read; how many were unread. */
    async markRead(me: number, them: number): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        WITH upd AS (
          UPDATE messages SET read_at = now()
          WHERE recipient_id = ${me} AND sender_id = ${them} AND read_at IS NULL AND NOT recipient_deleted
          RETURNING 1
        ) SELECT count(*)::int AS n FROM upd`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Whether `me` blocks `them` and `them` blocks `me`. */
    async blocks(me: number, them: number) {
      const { rows } = await sql<{ blocked: boolean; blocked_by: boolean }>`
        SELECT EXISTS (SELECT 1 FROM message_blocks WHERE user_id = ${me} AND blocked_id = ${them}) AS blocked,
          EXISTS (SELECT 1 FROM message_blocks WHERE user_id = ${them} AND blocked_id = ${me}) AS blocked_by`.execute(
        db,
      );
      return { blocked: Boolean(rows[0]?.blocked), blockedBy: Boolean(rows[0]?.blocked_by) };
    },

    /**
     * `me` blocks `them` (a repeat changes nothing); what they sent stops counting as unread. False
     * when there is no such member.
     */
    async block(me: number, them: number): Promise<boolean> {
      const { rows } = await sql<{ found: boolean }>`
        WITH target AS (
          SELECT id FROM users WHERE id = ${them}
        ), ins AS (
          INSERT INTO message_blocks (user_id, blocked_id) SELECT ${me}::bigint, id FROM target
          ON CONFLICT DO NOTHING RETURNING 1
        ), seen AS (
          UPDATE messages SET read_at = now()
          WHERE recipient_id = ${me} AND sender_id IN (SELECT id FROM target) AND read_at IS NULL
          RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM target) AS found`.execute(db);
      return Boolean(rows[0]?.found);
    },

    /** `me` takes messages from `them` again. False when there is no such member. */
    async unblock(me: number, them: number): Promise<boolean> {
      const { rows } = await sql<{ found: boolean }>`
        WITH del AS (
          DELETE FROM message_blocks WHERE user_id = ${me} AND blocked_id = ${them} RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM users WHERE id = ${them}) AS found`.execute(db);
      return Boolean(rows[0]?.found);
    },

    /**
     * Deletes a message for `me` only: true when it was one of theirs they still saw. The row goes once
     * both sides have deleted it (a second statement: one statement may not change a row twice).
     */
    async deleteFor(me: number, messageId: number): Promise<boolean> {
      const { rows } = await sql<{ id: number }>`
        UPDATE messages
        SET sender_deleted = sender_deleted OR sender_id = ${me},
            recipient_deleted = recipient_deleted OR recipient_id = ${me}
        WHERE id = ${messageId}
          AND ((sender_id = ${me} AND NOT sender_deleted) OR (recipient_id = ${me} AND NOT recipient_deleted))
        RETURNING id`.execute(db);
      if (rows.length === 0) return false;
      await sql`DELETE FROM messages WHERE id = ${messageId} AND sender_deleted AND recipient_deleted`.execute(
        db,
      );
      return true;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
