// Subscriptions (content.md §7 act=subscribe): one row per member and object (primary key), with the
// object's subscriber count change staged in the same statement (counters.repository.ts applies it).
import { type RawBuilder, sql } from 'kysely';
import type { SubscribeSection } from '../../../contract/acts.ts';
import type { DB } from '../../db/database.ts';
import type { CounterTarget } from '../../db/schema.ts';

/** The table an object of a section lives in, its subscriber count, and the counter target of its subscribers. */
const OBJECTS: Record<
  SubscribeSection,
  {
    exists: (id: number) => RawBuilder<unknown>;
    /** Its subscriber count, as `n` (a member's is `subscribers_count`). */
    count: (id: number) => RawBuilder<unknown>;
    target: CounterTarget;
  }
> = {
  model: {
    exists: (id) => sql`SELECT id FROM models WHERE id = ${id}`,
    count: (id) => sql`SELECT subscribers AS n FROM models WHERE id = ${id}`,
    target: 'model',
  },
  channel: {
    exists: (id) => sql`SELECT id FROM channels WHERE id = ${id}`,
    count: (id) => sql`SELECT subscribers AS n FROM channels WHERE id = ${id}`,
    target: 'channel',
  },
  member: {
    exists: (id) => sql`SELECT id FROM users WHERE id = ${id} AND status <> 'banned'`,
    count: (id) => sql`SELECT subscribers_count AS n FROM users WHERE id = ${id}`,
    target: 'user',
  },
};

export function createSubscriptionsRepository(db: DB) {
  return {
    /** found: the object exists; added: this call subscribed. */
    async subscribe(userId: number, section: SubscribeSection, objectId: number) {
      const object = OBJECTS[section];
      const { rows } = await sql<{ found: number; added: number }>`
        WITH target AS (${object.exists(objectId)}), ins AS (
          INSERT INTO subscriptions (user_id, section, object_id)
          SELECT ${userId}::bigint, ${section}::text, id FROM target
          ON CONFLICT DO NOTHING RETURNING object_id
        ), staged AS (
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT ${object.target}::text, object_id, 'subscribers', 1 FROM ins
        )
        SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM ins)::int AS added`.execute(
        db,
      );
      return { found: Number(rows[0]?.found) > 0, added: Number(rows[0]?.added) > 0 };
    },

    /** true when this call removed the subscription. */
    async unsubscribe(userId: number, section: SubscribeSection, objectId: number): Promise<boolean> {
      const { rows } = await sql<{ removed: number }>`
        WITH del AS (
          DELETE FROM subscriptions WHERE user_id = ${userId} AND section = ${section} AND object_id = ${objectId}
          RETURNING object_id
        ), staged AS (
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT ${OBJECTS[section].target}::text, object_id, 'subscribers', -1 FROM del
        )
        SELECT count(*)::int AS removed FROM del`.execute(db);
      return Number(rows[0]?.removed) > 0;
    },

    /**
     * For the subscribe buttons, in one statement: the object's subscriber count as its pages show it (the
     * batched counter) and whether `userId` follows it (false for a guest); null when the object is gone.
     */
    async state(
      userId: number | null,
      section: SubscribeSection,
      objectId: number,
    ): Promise<{ subscribed: boolean; subscribers: number } | null> {
      const follows =
        userId === null
          ? sql`false`
          : sql`EXISTS (SELECT 1 FROM subscriptions s
              WHERE s.user_id = ${userId} AND s.section = ${section} AND s.object_id = ${objectId})`;
      const { rows } = await sql<{ n: number | string; subscribed: boolean }>`
        SELECT o.n, ${follows} AS subscribed FROM (${OBJECTS[section].count(objectId)}) o`.execute(db);
      const row = rows[0];
      return row ? { subscribed: row.subscribed === true, subscribers: Number(row.n) } : null;
    },

    /** A member's subscriptions (models, channels, members that still exist), newest first. */
    async ofMember(userId: number, limit: number, offset: number) {
      const joined = sql`
        FROM subscriptions s
        LEFT JOIN models m ON s.section = 'model' AND m.id = s.object_id
        LEFT JOIN channels c ON s.section = 'channel' AND c.id = s.object_id
        LEFT JOIN users u ON s.section = 'member' AND u.id = s.object_id
        WHERE s.user_id = ${userId} AND s.section IN ('model', 'channel', 'member')
          AND coalesce(m.id, c.id, u.id) IS NOT NULL`;
      const [items, total] = await Promise.all([
        sql<{
          section: SubscribeSection;
          object_id: number;
          created_at: Date;
          dir: string | null;
          title: string;
          img: string | null;
          subscribers: number;
        }>`
          SELECT s.section, s.object_id, s.created_at, coalesce(m.dir, c.dir) AS dir,
            coalesce(m.title, c.title, u.username) AS title, coalesce(m.img, c.scr1, u.avatar) AS img,
            coalesce(m.subscribers, c.subscribers, u.subscribers_count) AS subscribers
          ${joined}
          ORDER BY s.created_at DESC, s.section, s.object_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(
          db,
        ),
        sql<{ n: number }>`SELECT count(*)::int AS n ${joined}`.execute(db),
      ]);
      return { rows: items.rows, total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
